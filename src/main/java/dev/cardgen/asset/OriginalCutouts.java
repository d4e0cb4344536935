package dev.cardgen.asset;

import dev.cardgen.asset.image.ImageFormat;
import dev.cardgen.asset.image.ImageInspector;
import dev.cardgen.asset.image.InspectedImage;
import dev.cardgen.asset.image.OriginalRegion;
import dev.cardgen.asset.image.WorkingCopy;
import dev.cardgen.render.AlphaRows;
import dev.cardgen.render.MaskUpsample;
import dev.cardgen.render.ProductPixels;
import dev.cardgen.render.subject.Subject;
import dev.cardgen.storage.BlobNotFoundException;
import dev.cardgen.storage.BlobStore;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.jboss.logging.Logger;

import java.awt.Rectangle;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.awt.image.ColorModel;
import java.awt.image.DataBufferByte;
import java.awt.image.DataBufferInt;
import java.awt.image.Raster;
import java.awt.image.WritableRaster;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Optional;
import java.util.concurrent.Semaphore;

/**
 * The product cut out of the stored original photo, for sizes the working copy has too few pixels
 * for: only the product's region of the original is decoded, at the size asked for; the mask of the
 * cut-out version is brought to it (bilinear, then the guided filter along the edge, except for a
 * mask the seller made or the upload's own alpha, which are taken as they are), and the product is
 * cut with it exactly as {@link AssetCutouts#cut} cuts it from the working copy (the same edge
 * decontamination, or none for an upload's own alpha).
 */
@ApplicationScoped
public class OriginalCutouts {

    private static final Logger LOG = Logger.getLogger(OriginalCutouts.class);
    /**
     * The decontamination grows colours up to 12 pixels inwards, a pixel's neighbours at a time: bands
     * cut with 13 rows of context on each side are the whole image's cut, row for row.
     */
    private static final int CUT_CONTEXT = 13;
    private static final int CUT_ROWS = 256;
    /** A full-resolution cut-out is held whole while it is encoded: at most this many pixels (8 bytes each at most). */
    static final long MAX_FULL_PIXELS = 16_000_000L;

    /** One original decoded at a time per instance: what a decode holds is then bounded by one card's size, whatever the number of workers. */
    private final Semaphore decoding = new Semaphore(1, true);
    /**
     * The last cut made, for the next export of the same product at the same size (a re-export, the
     * same variant for a second marketplace of the same ratio): a pure function of its key, so the
     * same pixels. Dropped as soon as another cut begins, so it never adds to what a decode holds;
     * held softly.
     */
    private volatile java.lang.ref.SoftReference<Kept> last;
    @Inject
    BlobStore blobs;

    /** The product at an exact size and how many of the original's pixels per pixel it holds (below 1: enlarged). */
    public record Cut(BufferedImage image, double scale) {
    }

    /**
     * A sharper source for a generation's stored cut-out ({@code workingCut}, cut-out {@code version}
     * of asset {@code assetId}): the original, asked only for boxes larger than the cut-out, and only
     * while the asset lives and its mask of that version still crops to exactly that cut-out (same box,
     * same alpha); otherwise nothing, and the card is drawn from the cut-out as before.
     */
    public ProductPixels.Sharper sharper(String assetId, int version, BufferedImage workingCut) {
        return (w, h) -> {
            if (w <= workingCut.getWidth() && h <= workingCut.getHeight()) {
                return Optional.empty(); // the cut-out has the pixels: the same card as from the working copy
            }
            Asset asset = QuarkusTransaction.joiningExisting().call(() -> Asset.<Asset>findById(assetId));
            if (asset == null || asset.deletedAt != null || version > asset.cutoutVersion) {
                return Optional.empty();
            }
            byte[] maskPng;
            try (InputStream in = blobs.get(AssetBlobs.mask(asset.id, version))) {
                maskPng = in.readAllBytes();
            } catch (BlobNotFoundException e) {
                return Optional.empty();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            int[] working = pngSize(maskPng);
            if (working != null && !hasMorePixels(asset, working[0], working[1])) {
                return Optional.empty(); // the mask is the working copy's size: the original has nothing more to give
            }
            BufferedImage mask = Subject.fromStored(maskPng, asset.subjectBox(), 1.0, true).mask();
            Rectangle box = AssetCutouts.box(asset, version, mask);
            if (!sameAlpha(workingCut, mask, box)) {
                return Optional.empty();
            }
            return product(asset, version, mask, box, w, h).map(c -> new ProductPixels.Sharp(c.image(), c.scale()));
        };
    }

    /**
     * Whether the original can give more than a working copy of {@code workingWidth × workingHeight}: it is
     * larger, and not a WebP, which its reader decodes whole (up to 160 MB).
     */
    static boolean hasMorePixels(Asset asset, int workingWidth, int workingHeight) {
        return !(asset.width <= workingWidth && asset.height <= workingHeight) && !ImageFormat.WEBP.mimeType().equals(asset.mimeType);
    }

    /** The width and height a PNG's header gives, without decoding it; null for bytes that do not start as a PNG's. */
    static int[] pngSize(byte[] png) {
        if (png.length < 24 || png[12] != 'I' || png[13] != 'H' || png[14] != 'D' || png[15] != 'R') {
            return null;
        }
        ByteBuffer header = ByteBuffer.wrap(png, 16, 8);
        return new int[] {header.getInt(), header.getInt()};
    }

    /** Whether {@code cut}'s alpha is {@code mask} inside {@code box}, as every cut-out's is. */
    static boolean sameAlpha(BufferedImage cut, BufferedImage mask, Rectangle box) {
        if (cut.getWidth() != box.width || cut.getHeight() != box.height || box.x < 0 || box.y < 0
                || box.x + box.width > mask.getWidth() || box.y + box.height > mask.getHeight()) {
            return false;
        }
        byte[] m = ((DataBufferByte) mask.getRaster().getDataBuffer()).getData();
        int[] row = new int[box.width];
        AlphaRows alpha = new AlphaRows(cut);
        for (int y = 0; y < box.height; y++) {
            alpha.read(y, row);
            for (int x = 0; x < box.width; x++) {
                if (row[x] != (m[(box.y + y) * mask.getWidth() + box.x + x] & 0xff)) {
                    return false;
                }
            }
        }
        return true;
    }

    /**
     * The product of cut-out {@code version} (its {@code mask}) inside {@code box} (working-copy pixels, the box its
     * working cut-out was cropped to) at exactly {@code width × height}, from the original; empty when
     * the original is gone, has no more pixels than the working copy, or cannot be read (then the
     * working copy serves, as before).
     */
    public Optional<Cut> product(Asset asset, int version, BufferedImage mask, Rectangle box, int width, int height) {
        try {
            return Optional.ofNullable(cut(asset, version, mask, box, box, width, height, true));
        } catch (BlobNotFoundException e) {
            return Optional.empty(); // deleted meanwhile: the generation's own cut-out still serves
        } catch (RuntimeException e) {
            LOG.warnf(e, "The original of asset %s could not be used; the working copy is drawn instead", asset.id);
            return Optional.empty();
        }
    }

    /**
     * The current cut-out at the original's resolution (at most {@link #MAX_FULL_PIXELS}), trimmed to
     * its box plus the margin {@link AssetCutouts#withMargin} gives at that resolution; empty when the
     * original has no more pixels than the working copy.
     */
    Optional<BufferedImage> full(Asset asset, byte[] maskPng, int workingWidth, int workingHeight) {
        Rectangle box = asset.subjectBox();
        double sx = (double) asset.width / workingWidth, sy = (double) asset.height / workingHeight;
        if (sx <= 1 && sy <= 1) {
            return Optional.empty();
        }
        Rectangle photoBox = new Rectangle((int) Math.round(box.x * sx), (int) Math.round(box.y * sy),
                (int) Math.round(box.width * sx), (int) Math.round(box.height * sy));
        Rectangle outer = AssetCutouts.withMargin(photoBox, asset.width, asset.height);
        double shrink = Math.min(1, Math.sqrt((double) MAX_FULL_PIXELS / ((double) outer.width * outer.height)));
        int w = Math.max(1, (int) Math.round(outer.width * shrink)), h = Math.max(1, (int) Math.round(outer.height * shrink));
        Rectangle2D region = new Rectangle2D.Double(outer.x / sx, outer.y / sy, outer.width / sx, outer.height / sy);
        Cut cut = cut(asset, asset.cutoutVersion, Subject.fromStored(maskPng, box, 1.0, true).mask(), region, box, w, h, false);
        return Optional.ofNullable(cut).map(Cut::image);
    }

    /**
     * The cut of {@code region} (working-copy pixels) at {@code width × height}, transparent outside
     * {@code box}; null when the original has no more pixels than the working copy. {@code keep}: kept
     * for the next call with the same key (a card's product; a full-size cut-out, up to 64 MB, is not).
     */
    private Cut cut(Asset asset, int version, BufferedImage mask, Rectangle2D region, Rectangle box, int width, int height,
                    boolean keep) {
        if (!hasMorePixels(asset, mask.getWidth(), mask.getHeight())) {
            return null;
        }
        boolean ownAlpha = version == 1 && asset.workingPng;
        boolean current = version == asset.cutoutVersion;
        boolean asSent = ownAlpha || current && (asset.subjectSource == SubjectSource.MASK || asset.subjectSource == SubjectSource.ALPHA);
        Key key = new Key(asset.id, version, region, box, width, height, ownAlpha, asSent);
        Cut kept = kept(key);
        if (kept != null) {
            return kept;
        }
        decoding.acquireUninterruptibly();
        try {
            kept = kept(key); // made while this one waited
            if (kept != null) {
                return kept;
            }
            last = null; // another product or size: the kept one goes before this decode holds anything
            Cut made;
            try (Original original = open(asset.id)) {
                made = cut(original.image(), mask, region, box, width, height, ownAlpha, asSent);
            }
            if (keep) {
                last = new java.lang.ref.SoftReference<>(new Kept(key, made));
            }
            return made;
        } finally {
            decoding.release();
        }
    }

    /**
     * What a cut depends on besides the original's bytes (never changed for an asset id) and the
     * version's mask (never changed for a version): the region, the box, the size and the two ways
     * of cutting.
     */
    private record Key(String assetId, int version, Rectangle2D region, Rectangle box, int width, int height, boolean ownAlpha,
                       boolean asSent) {
    }

    private record Kept(Key key, Cut cut) {
    }

    private Cut kept(Key key) {
        java.lang.ref.SoftReference<Kept> ref = last;
        Kept k = ref == null ? null : ref.get();
        return k != null && k.key().equals(key) ? k.cut() : null;
    }

    /**
     * The cut of {@code region} of the photo {@code original} (in the pixels of {@code mask}, the
     * working copy's) at {@code width × height}, transparent outside {@code box}. {@code ownAlpha}:
     * the original's alpha is the mask, colours as they are; {@code asSent}: the mask is brought to
     * size without following the photo's edges. A pure function of its inputs.
     */
    static Cut cut(InspectedImage original, BufferedImage mask, Rectangle2D region, Rectangle box, int width, int height,
                   boolean ownAlpha, boolean asSent) {
        int mw = mask.getWidth(), mh = mask.getHeight();
        double sx = (double) original.info().width() / mw, sy = (double) original.info().height() / mh;
        Rectangle2D photoRegion = new Rectangle2D.Double(region.getX() * sx, region.getY() * sy, region.getWidth() * sx,
                region.getHeight() * sy);
        WorkingCopy pixels = OriginalRegion.decode(original, photoRegion, width, height, ownAlpha);
        int[] rgb = ((DataBufferInt) pixels.rgb().getRaster().getDataBuffer()).getData();
        byte[] alpha;
        if (ownAlpha && pixels.alpha() != null) {
            alpha = ((DataBufferByte) pixels.alpha().getRaster().getDataBuffer()).getData();
            clearOutside(alpha, width, height, region, box);
        } else {
            byte[] m = ((DataBufferByte) mask.getRaster().getDataBuffer()).getData();
            alpha = MaskUpsample.upsample(m, mw, mh, region.getMinX(), region.getMinY(), region.getMaxX(), region.getMaxY(),
                    box, width, height, asSent ? null : rgb);
        }
        BufferedImage out = cutInBands(rgb, alpha, width, height, ownAlpha);
        return new Cut(out, Math.min(photoRegion.getWidth() / width, photoRegion.getHeight() / height));
    }

    /**
     * The product cut band by band, each band's result written over its own colours once the next band
     * has taken the rows it needs: the one buffer becomes the cut-out (TYPE_INT_ARGB). The bands are
     * split in one run per core; the colours a run reads across its ends are copied before any run
     * starts, so each band sees the photo's own colours, as one run alone would.
     */
    static BufferedImage cutInBands(int[] rgb, byte[] mask, int w, int h, boolean asIs) {
        int bands = (h + CUT_ROWS - 1) / CUT_ROWS;
        int runs = Math.min(bands, dev.cardgen.render.Cores.count());
        int[][] above = new int[runs][], below = new int[runs][];
        for (int r = 0; r < runs; r++) {
            int top = bands * r / runs * CUT_ROWS, bottom = Math.min(h, bands * (r + 1) / runs * CUT_ROWS);
            above[r] = java.util.Arrays.copyOfRange(rgb, Math.max(0, top - CUT_CONTEXT) * w, top * w);
            below[r] = java.util.Arrays.copyOfRange(rgb, bottom * w, Math.min(h, bottom + CUT_CONTEXT) * w);
        }
        dev.cardgen.render.Cores.split(runs, (first, last) -> {
            for (int r = first; r < last; r++) {
                int top = bands * r / runs * CUT_ROWS, bottom = Math.min(h, bands * (r + 1) / runs * CUT_ROWS);
                cutRun(rgb, mask, w, h, top, bottom, above[r], below[r], asIs);
            }
        });
        DataBufferInt buffer = new DataBufferInt(rgb, rgb.length);
        WritableRaster raster = Raster.createPackedRaster(buffer, w, h, w, new int[] {0xff0000, 0xff00, 0xff, 0xff000000}, null);
        return new BufferedImage(ColorModel.getRGBdefault(), raster, false, null);
    }

    /**
     * Rows {@code [start, end)} cut band by band in place; {@code above} and {@code below} are the
     * photo's colours of the {@link #CUT_CONTEXT} rows on either side (which other runs overwrite).
     */
    private static void cutRun(int[] rgb, byte[] mask, int w, int h, int start, int end, int[] above, int[] below, boolean asIs) {
        int[] carry = above;
        int carryFrom = Math.max(0, start - CUT_CONTEXT);
        BufferedImage src = null, m = null; // a band's colours and mask, reused while bands have the same height
        int[] out = null;
        for (int top = start; top < end; top += CUT_ROWS) {
            int bottom = Math.min(end, top + CUT_ROWS);
            int from = Math.max(0, top - CUT_CONTEXT), to = Math.min(h, bottom + CUT_CONTEXT), rows = to - from;
            if (src == null || src.getHeight() != rows) {
                src = new BufferedImage(w, rows, BufferedImage.TYPE_INT_RGB);
                m = new BufferedImage(w, rows, BufferedImage.TYPE_BYTE_GRAY);
                out = new int[w * rows];
            }
            int[] s = ((DataBufferInt) src.getRaster().getDataBuffer()).getData();
            // rows above top were overwritten by the previous band's cut: their colours were kept in carry
            int carried = (top - from) * w;
            System.arraycopy(carry, (from - carryFrom) * w, s, 0, carried);
            int own = Math.min(to, end) - top;
            System.arraycopy(rgb, top * w, s, carried, own * w);
            System.arraycopy(below, 0, s, carried + own * w, (to - top - own) * w);
            System.arraycopy(mask, from * w, ((DataBufferByte) m.getRaster().getDataBuffer()).getData(), 0, rows * w);
            int[] cut = bandCut(src, m, asIs, out);
            int keepFrom = Math.max(top, bottom - CUT_CONTEXT);
            carry = java.util.Arrays.copyOfRange(rgb, keepFrom * w, bottom * w);
            carryFrom = keepFrom;
            System.arraycopy(cut, (top - from) * w, rgb, top * w, (bottom - top) * w);
        }
    }

    /**
     * One band's cut, into {@code out} (as many pixels as the band). Only soft pixels (0 < alpha < 255) can change colour, and only from neighbours
     * within {@link #CUT_CONTEXT}: the runs of columns holding them go through the stage's cut with
     * that many columns of context; every other pixel is its own colour with the mask as alpha (or
     * transparent), as the cut leaves it.
     */
    private static int[] bandCut(BufferedImage src, BufferedImage mask, boolean asIs, int[] out) {
        int w = src.getWidth(), h = src.getHeight();
        byte[] m = ((DataBufferByte) mask.getRaster().getDataBuffer()).getData();
        int[] s = ((DataBufferInt) src.getRaster().getDataBuffer()).getData();
        boolean[] soft = new boolean[w];
        for (int y = 0, i = 0; y < h; y++) {
            for (int x = 0; x < w; x++, i++) {
                int a = m[i] & 0xff;
                out[i] = a == 0 ? 0 : (a << 24) | (s[i] & 0xffffff);
                soft[x] |= a > 0 && a < 255;
            }
        }
        if (asIs) {
            return out; // the upload's own colours: nothing is grown
        }
        for (int[] run : MaskUpsample.runs(soft, 2 * CUT_CONTEXT)) {
            int x0 = Math.max(0, run[0] - CUT_CONTEXT), x1 = Math.min(w, run[1] + CUT_CONTEXT), pw = x1 - x0;
            BufferedImage pieceGray = new BufferedImage(pw, h, BufferedImage.TYPE_BYTE_GRAY);
            BufferedImage pieceRgb = new BufferedImage(pw, h, BufferedImage.TYPE_INT_RGB);
            byte[] pm = ((DataBufferByte) pieceGray.getRaster().getDataBuffer()).getData();
            int[] ps = ((DataBufferInt) pieceRgb.getRaster().getDataBuffer()).getData();
            for (int y = 0; y < h; y++) { // the columns [x0, x1) of each row, straight from the band's arrays
                System.arraycopy(m, y * w + x0, pm, y * pw, pw);
                System.arraycopy(s, y * w + x0, ps, y * pw, pw);
            }
            int[] cut = ((DataBufferInt) new Subject(pieceGray, new Rectangle(0, 0, pw, h), 1.0, true).cutout(pieceRgb)
                    .getRaster().getDataBuffer()).getData();
            for (int y = 0; y < h; y++) {
                System.arraycopy(cut, y * pw + run[0] - x0, out, y * w + run[0], run[1] - run[0]);
            }
        }
        return out;
    }

    /** An upload's own alpha is the mask only inside the box, as on the working copy's cut-out. */
    private static void clearOutside(byte[] mask, int w, int h, Rectangle2D region, Rectangle box) {
        MaskUpsample.clearOutside(mask, w, h, MaskUpsample.kept(region.getMinX(), region.getMinY(), region.getMaxX(), region.getMaxY(), box, w, h));
    }

    /** The original, copied to a temporary file for the decoder (the store may be remote), inspected as at upload. */
    private Original open(String assetId) {
        Path file;
        try {
            file = Files.createTempFile("cardgen-original-", ".bin");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        try (InputStream in = blobs.get(AssetBlobs.original(assetId))) {
            Files.copy(in, file, StandardCopyOption.REPLACE_EXISTING);
            return new Original(file, ImageInspector.inspect(file));
        } catch (IOException e) {
            delete(file);
            throw new UncheckedIOException(e);
        } catch (RuntimeException e) {
            delete(file);
            throw e;
        }
    }

    private static void delete(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            LOG.debugf(e, "temporary file %s left behind", file);
        }
    }

    private record Original(Path file, InspectedImage image) implements AutoCloseable {
        @Override
        public void close() {
            delete(file);
        }
    }
}
