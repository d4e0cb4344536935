package dev.cardgen.asset;

import dev.cardgen.api.ApiException;
import dev.cardgen.api.ETags;
import dev.cardgen.render.ImageEncoder;
import dev.cardgen.render.subject.Subject;
import dev.cardgen.storage.BlobNotFoundException;
import dev.cardgen.storage.BlobStore;
import jakarta.enterprise.context.ApplicationScoped;

import java.awt.Rectangle;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Locale;
import javax.imageio.ImageIO;

/**
 * The isolated product of an asset, made from what the upload stored (working copy, mask, box):
 * the same cut-out the cards are built from, with a transparent margin around it, or the mask
 * itself. Nothing new is stored: both are derived on request and cached by the client (immutable).
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

    private final BlobStore blobs;

    public AssetCutouts(BlobStore blobs) {
        this.blobs = blobs;
    }

    public static String etag(Asset asset, Format format) {
        return ETags.of(asset.id, format.id(), VERSION);
    }

    /** The PNG of {@code format}; 409 when the asset has no subject, 404 when its blobs went with a concurrent delete. */
    public byte[] png(Asset asset, Format format) {
        requireSubject(asset);
        byte[] mask = read(asset, AssetBlobs.mask(asset.id));
        if (format == Format.MASK) {
            return mask; // stored as an 8-bit greyscale PNG the size of the working copy
        }
        BufferedImage working = decode(read(asset, AssetBlobs.workingCopy(asset.id)));
        Subject subject = Subject.fromStored(mask, asset.subjectBox(), asset.subjectConfidence, true);
        return ImageEncoder.png(padded(subject.cutout(working), asset.subjectBox(), working.getWidth(), working.getHeight()));
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
