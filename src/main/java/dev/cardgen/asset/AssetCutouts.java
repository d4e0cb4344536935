package dev.cardgen.asset;

import dev.cardgen.api.ApiException;
import dev.cardgen.api.ETags;
import dev.cardgen.render.ImageEncoder;
import dev.cardgen.render.subject.Subject;
import dev.cardgen.render.subject.SubjectExtractor;
import dev.cardgen.render.subject.SubjectHint;
import dev.cardgen.render.subject.SubjectMasks;
import dev.cardgen.render.subject.SubjectOptions;
import dev.cardgen.storage.BlobNotFoundException;
import dev.cardgen.storage.BlobStore;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.LockModeType;

import java.awt.Dimension;
import java.awt.Rectangle;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Locale;
import javax.imageio.ImageIO;

/**
 * The isolated product of an asset, and the seller's ways to change it. Reading: the current
 * version's cut-out, the same the cards are built from, with a transparent margin around it, or its
 * mask; derived on request, revalidated by the client with the ETag that names the version.
 * Changing: a box hint or a mask the seller sends becomes a new version; the older versions' masks
 * stay, for generations created before the change.
 */
@ApplicationScoped
public class AssetCutouts {

    /** Part of the entity tag, so a change of how cut-outs are made cannot be hidden by a client's cache. */
    static final String VERSION = "v1";
    /** Margin on each side, as a share of the box's longer side. */
    static final double MARGIN = 0.02;
    static final int MIN_MARGIN = 4;

    public enum Format {
        CUTOUT, MASK;

        public String id() {
            return name().toLowerCase(Locale.ROOT);
        }

        public static Format parse(String value) {
            if (value == null) {
                return CUTOUT;
            }
            for (Format f : values()) {
                if (f.id().equals(value)) {
                    return f;
                }
            }
            throw ApiException.invalidParam("format", "format must be cutout (the default) or mask.");
        }
    }

    /** How large: the working copy's resolution (the default) or the original's. */
    public enum Size {
        WORKING, FULL;

        public String id() {
            return name().toLowerCase(Locale.ROOT);
        }

        /** {@code size} of a request for {@code format}: a full-size mask is not offered. */
        public static Size parse(String value, Format format) {
            if (value == null || value.equals("working")) {
                return WORKING;
            }
            if (!value.equals("full")) {
                throw ApiException.invalidParam("size", "size must be working (the default) or full.");
            }
            if (format != Format.CUTOUT) {
                throw ApiException.invalidParam("size", "size=full is offered for the cut-out only, not for format=mask.");
            }
            return FULL;
        }
    }

    @Inject
    BlobStore blobs;
    @Inject
    OriginalCutouts originals;
    @Inject
    SubjectConfig subjectConfig;

    public static String etag(Asset asset, Format format) {
        return ETags.of(asset.id, format.id(), VERSION, asset.cutoutVersion);
    }

    public static String etag(Asset asset, Format format, Size size) {
        return size == Size.WORKING ? etag(asset, format) : ETags.of(asset.id, format.id(), size.id(), VERSION, asset.cutoutVersion);
    }

    /**
     * The current cut-out at the original's resolution as a stored PNG, made at the first request and
     * kept under the version's key; the working-size cut-out when the original has no more pixels.
     * 409 without a subject, 404 when the asset's blobs went with a concurrent delete.
     */
    public InputStream fullPng(Asset asset) {
        requireSubject(asset);
        String key = AssetBlobs.fullCutout(asset.id, asset.cutoutVersion);
        if (blobs.stat(key).isEmpty()) {
            byte[] mask = read(asset, AssetBlobs.mask(asset.id, asset.cutoutVersion));
            Dimension working = MaskPng.size(mask);
            byte[] png = originals.full(asset, mask, working.width, working.height).map(ImageEncoder::png)
                    .orElseGet(() -> png(asset, Format.CUTOUT));
            blobs.put(key, png, "image/png");
        }
        try {
            return blobs.get(key);
        } catch (BlobNotFoundException e) {
            throw ApiException.notFound("asset", asset.id);
        }
    }

    /** The PNG of {@code format}; 409 when the asset has no subject, 404 when its blobs went with a concurrent delete. */
    public byte[] png(Asset asset, Format format) {
        requireSubject(asset);
        byte[] mask = read(asset, AssetBlobs.mask(asset.id, asset.cutoutVersion));
        if (format == Format.MASK) {
            return mask; // stored as an 8-bit greyscale PNG the size of the working copy
        }
        BufferedImage working = decode(read(asset, AssetBlobs.workingCopy(asset)));
        BufferedImage cut = cut(asset, asset.cutoutVersion, working, mask);
        return ImageEncoder.png(padded(cut, asset.subjectBox(), working.getWidth(), working.getHeight()));
    }

    /**
     * The product of cut-out {@code version} of {@code asset}, cropped to its box: the one place that
     * decides how a stored mask becomes the cards' product. An upload's own alpha (version 1 of an
     * asset with a lossless working copy) keeps its edge colours as they are; every other mask has the
     * old backdrop taken out of its soft edge.
     */
    public static BufferedImage cut(Asset asset, int version, BufferedImage working, byte[] maskPng) {
        Subject subject = Subject.fromStored(maskPng, asset.subjectBox(), asset.subjectConfidence, asset.subjectDetected);
        if (version != asset.cutoutVersion) {
            subject = new Subject(subject.mask(), box(asset, version, subject.mask()), 1.0, true);
        }
        boolean ownAlpha = version == 1 && asset.workingPng;
        return ownAlpha ? subject.cutoutAsIs(working) : subject.cutout(working);
    }

    /** The box cut-out {@code version} of {@code asset} is cropped to: the asset's for its current version, else its mask's. */
    static Rectangle box(Asset asset, int version, BufferedImage mask) {
        if (version == asset.cutoutVersion) {
            return asset.subjectBox();
        }
        Rectangle box = SubjectMasks.bounds(mask); // an older version: its box is its mask's, not the asset's current one
        return box == null ? asset.subjectBox() : box;
    }

    /**
     * Cuts the product out again inside the seller's box (and points): a new version with source
     * {@code hint}; 422 {@code subject_not_found} when nothing in the box can be told from its surroundings.
     */
    public Asset hint(String accountId, Asset asset, SubjectHint hint, String param) {
        BufferedImage working = decode(read(asset, AssetBlobs.workingCopy(asset)));
        Subject subject = cutInBox(working, hint, asset.width, asset.height, param, subjectConfig.options());
        return saveVersion(accountId, asset.id, subject, SubjectSource.HINT);
    }

    /** The product inside {@code hint} (photo pixels) of a working copy of a photo of {@code width} × {@code height}. */
    static Subject cutInBox(BufferedImage working, SubjectHint hint, int width, int height, String param, SubjectOptions options) {
        SubjectHint scaled = CutoutHint.scaled(hint, width, height, working.getWidth(), working.getHeight());
        Subject subject = SubjectExtractor.fromHint(working, scaled, options);
        if (!subject.detected()) {
            throw ApiException.unprocessable("subject_not_found", "Nothing inside the box could be told from its surroundings; "
                    + "draw the box closer round the product, or mark points on it with include.", param);
        }
        return subject;
    }

    /** The seller's own mask as a new version with source {@code mask}; 400/422 naming {@code mask} when it is not one. */
    public Asset replaceMask(String accountId, Asset asset, byte[] png) {
        // The stored mask is the working copy's size: its header says it, no pixel is decoded.
        Dimension working = MaskPng.size(read(asset, AssetBlobs.mask(asset.id, asset.cutoutVersion)));
        BufferedImage mask = MaskPng.read(png, asset.width, asset.height, working.width, working.height);
        switch (SubjectMasks.judge(mask)) {
            case EMPTY -> throw ApiException.unprocessable("mask_empty",
                    "The mask is (almost) all transparent: at least 0.5 % of it must be the product (value 128 or more).", MaskPng.PARAM);
            case FULL -> throw ApiException.unprocessable("mask_full",
                    "The mask is (almost) all product: at least 0.5 % of it must be backdrop (value under 128).", MaskPng.PARAM);
            default -> {
                // a product, or the seller's choice of several pieces: taken as it is
            }
        }
        return saveVersion(accountId, asset.id, Subject.ofMask(mask), SubjectSource.MASK);
    }

    /**
     * Stores {@code subject}'s mask as the asset's next version and points the asset at it, under the
     * row's lock: concurrent edits get consecutive versions, and a concurrent delete waits and then
     * removes this mask with the rest. A failure leaves the row as it was (a mask stored under the
     * unused version number is overwritten by the next edit).
     */
    private Asset saveVersion(String accountId, String assetId, Subject subject, SubjectSource source) {
        byte[] png = subject.maskPng();
        return QuarkusTransaction.requiringNew().call(() -> {
            Asset a = Asset.<Asset>find("id = ?1 and accountId = ?2 and deletedAt is null", assetId, accountId)
                    .withLock(LockModeType.PESSIMISTIC_WRITE).firstResultOptional()
                    .orElseThrow(() -> ApiException.notFound("asset", assetId));
            int next = a.cutoutVersion + 1;
            blobs.put(AssetBlobs.mask(a.id, next), png, "image/png");
            Rectangle box = subject.box();
            a.cutoutVersion = next;
            a.subjectSource = source;
            a.subjectDetected = true;
            a.subjectConfidence = subject.confidence();
            a.subjectX = box.x;
            a.subjectY = box.y;
            a.subjectW = box.width;
            a.subjectH = box.height;
            return a;
        });
    }

    public static void requireSubject(Asset asset) {
        if (!asset.subjectDetected) {
            throw ApiException.conflict("subject_not_detected",
                    "No product was isolated in asset " + asset.id + " (subject_detected is false), so it has no cut-out.");
        }
    }

    /** The box grown by the margin on each side, clipped to the working copy. */
    static Rectangle withMargin(Rectangle box, int width, int height) {
        int m = Math.max(MIN_MARGIN, (int) Math.round(MARGIN * Math.max(box.width, box.height)));
        Rectangle grown = new Rectangle(box.x - m, box.y - m, box.width + 2 * m, box.height + 2 * m);
        return grown.intersection(new Rectangle(0, 0, width, height));
    }

    /** The cut-out (cropped to the box) placed on a transparent canvas of the box plus margin. */
    private static BufferedImage padded(BufferedImage cut, Rectangle box, int width, int height) {
        Rectangle outer = withMargin(box, width, height);
        BufferedImage out = new BufferedImage(outer.width, outer.height, BufferedImage.TYPE_INT_ARGB);
        // A raster copy, not a drawImage: compositing would round the colours of soft edge pixels.
        out.getRaster().setRect(box.x - outer.x, box.y - outer.y, cut.getRaster());
        return out;
    }

    private byte[] read(Asset asset, String key) {
        try (InputStream in = blobs.get(key)) {
            return in.readAllBytes();
        } catch (BlobNotFoundException e) {
            throw ApiException.notFound("asset", asset.id);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static BufferedImage decode(byte[] jpeg) {
        try {
            BufferedImage img = ImageIO.read(new ByteArrayInputStream(jpeg));
            if (img == null) {
                throw new IllegalStateException("the stored working copy is not a readable image");
            }
            return img;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
