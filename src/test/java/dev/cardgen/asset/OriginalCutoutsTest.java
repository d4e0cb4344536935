package dev.cardgen.asset;

import dev.cardgen.asset.image.ImageInspector;
import dev.cardgen.asset.image.InspectedImage;
import dev.cardgen.render.subject.Subject;
import dev.cardgen.render.subject.SubjectMasks;
import dev.cardgen.testing.FinePrint;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

import java.awt.Graphics2D;
import java.awt.Rectangle;
import java.awt.RenderingHints;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.awt.image.DataBufferByte;
import java.io.ByteArrayInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import javax.imageio.ImageIO;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

@Execution(ExecutionMode.CONCURRENT) // no application: runs beside the @QuarkusTest classes (pom.xml)
class OriginalCutoutsTest {

    /**
     * A 1200 px photo with fine print, its working copy at 300 px (a quarter, as 1600 px is of a 6400 px
     * photo), the product drawn 3.4× its working cut-out: from the original it matches a direct Lanczos
     * resize of the original's product region far better than the working cut-out enlarged does.
     */
    @ParameterizedTest
    @ValueSource(doubles = {3.4, 1.5})
    void theProductFromTheOriginalMatchesADirectResizeOfIt(double enlarge, @TempDir Path dir) throws Exception {
        int size = 1200, working = 300;
        byte[] jpeg = FinePrint.jpeg(FinePrint.photo(size), 0.95f);
        Path file = dir.resolve("photo.jpg");
        Files.write(file, jpeg);
        InspectedImage original = ImageInspector.inspect(file);
        BufferedImage workingCopy = ImageInspector.decodeWorkingCopy(original, working);
        BufferedImage mask = FinePrint.mask(size, working, working);
        Rectangle box = SubjectMasks.bounds(mask);
        BufferedImage workingCut = new Subject(mask, box, 1.0, true).cutout(workingCopy);
        int w = (int) Math.round(box.width * enlarge), h = (int) Math.round(box.height * enlarge);

        OriginalCutouts.Cut cut = OriginalCutouts.cut(original, mask, box, box, w, h, false, false);

        assertEquals(w, cut.image().getWidth());
        assertEquals(h, cut.image().getHeight());
        assertEquals(4 / enlarge, cut.scale(), 0.01);
        BufferedImage decoded = ImageIO.read(new ByteArrayInputStream(jpeg));
        double k = (double) size / working;
        int[] reference = FinePrint.lanczos(decoded, new Rectangle2D.Double(box.x * k, box.y * k, box.width * k, box.height * k), w, h);
        BufferedImage enlarged = enlarge(workingCut, w, h);
        int[] sharp = cut.image().getRGB(0, 0, w, h, null, 0, w);
        int[] soft = enlarged.getRGB(0, 0, w, h, null, 0, w);
        boolean[] inside = new boolean[w * h];
        int count = 0;
        for (int i = 0; i < inside.length; i++) {
            inside[i] = (sharp[i] >>> 24) == 255 && (soft[i] >>> 24) == 255;
            count += inside[i] ? 1 : 0;
        }
        assertTrue(count > w * h / 2, "the product's inside: " + count + " of " + w * h);
        double fromOriginal = FinePrint.psnr(reference, sharp, inside);
        double fromWorking = FinePrint.psnr(reference, soft, inside);
        System.out.printf("%.1f× the working cut-out: PSNR inside the mask against a direct Lanczos resize: from the original %.1f dB, the working cut-out enlarged %.1f dB%n",
                enlarge, fromOriginal, fromWorking);
        assertTrue(fromOriginal >= 38, "from the original: " + fromOriginal + " dB");
        assertTrue(fromOriginal >= fromWorking + 6, fromOriginal + " dB against " + fromWorking + " dB");
    }

    /** Cut in bands of rows, the product is the whole image's cut, pixel for pixel (edge colours grown across band joins). */
    @Test
    void bandsJoinExactly() {
        int w = 300, h = 700;
        Random rnd = new Random(5);
        BufferedImage photo = new BufferedImage(w, h, BufferedImage.TYPE_INT_RGB);
        BufferedImage mask = new BufferedImage(w, h, BufferedImage.TYPE_BYTE_GRAY);
        byte[] m = ((DataBufferByte) mask.getRaster().getDataBuffer()).getData();
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                photo.setRGB(x, y, rnd.nextInt(1 << 24));
                // a diagonal product edge with a wide soft ramp, so colours grow across many rows
                double d = (x - 40 - y * 0.3) / 14.0;
                m[y * w + x] = (byte) Math.max(0, Math.min(255, Math.round(127 + 127 * d)));
            }
        }
        BufferedImage whole = new Subject(mask, new Rectangle(0, 0, w, h), 1.0, true).cutout(photo);
        int[] rgb = photo.getRGB(0, 0, w, h, null, 0, w);
        BufferedImage banded = OriginalCutouts.cutInBands(rgb, m.clone(), w, h, false);
        assertArrayEquals(whole.getRGB(0, 0, w, h, null, 0, w), banded.getRGB(0, 0, w, h, null, 0, w));
        assertEquals(BufferedImage.TYPE_INT_ARGB, banded.getType());
    }

    /**
     * A cut-out's alpha is its version's mask inside the box whatever the image's layout (a stored PNG
     * decodes to 4-byte ABGR; grey with alpha, packed ARGB, an opaque image's alpha is 255); one pixel
     * off, or the box moved, and it is not.
     */
    @ParameterizedTest
    @ValueSource(ints = {BufferedImage.TYPE_4BYTE_ABGR, BufferedImage.TYPE_INT_ARGB, BufferedImage.TYPE_INT_ARGB_PRE,
            BufferedImage.TYPE_INT_RGB})
    void sameAlphaReadsEveryLayout(int type) {
        int mw = 40, mh = 30;
        Rectangle box = new Rectangle(5, 4, 20, 18);
        boolean opaque = type == BufferedImage.TYPE_INT_RGB;
        BufferedImage mask = new BufferedImage(mw, mh, BufferedImage.TYPE_BYTE_GRAY);
        byte[] m = ((DataBufferByte) mask.getRaster().getDataBuffer()).getData();
        BufferedImage cut = new BufferedImage(box.width, box.height, type);
        Random rnd = new Random(3);
        for (int y = 0; y < box.height; y++) {
            for (int x = 0; x < box.width; x++) {
                int a = opaque ? 255 : rnd.nextInt(256);
                m[(box.y + y) * mw + box.x + x] = (byte) a;
                cut.setRGB(x, y, a << 24 | rnd.nextInt(1 << 24));
            }
        }
        assertTrue(OriginalCutouts.sameAlpha(cut, mask, box));
        assertFalse(OriginalCutouts.sameAlpha(cut, mask, new Rectangle(box.x + 1, box.y, box.width, box.height)));
        int i = (box.y + 7) * mw + box.x + 11;
        m[i] = (byte) ((m[i] & 0xff) ^ 1);
        assertFalse(OriginalCutouts.sameAlpha(cut, mask, box));
    }

    /**
     * The original is asked only when it is larger than the working copy, whose size the stored mask's PNG
     * header gives without a decode; a WebP never (its reader decodes it whole).
     */
    @Test
    void theOriginalIsAskedOnlyWhenItHasMorePixels() throws Exception {
        java.io.ByteArrayOutputStream png = new java.io.ByteArrayOutputStream();
        ImageIO.write(new BufferedImage(1600, 1200, BufferedImage.TYPE_BYTE_GRAY), "png", png);
        assertArrayEquals(new int[] {1600, 1200}, OriginalCutouts.pngSize(png.toByteArray()));
        assertEquals(null, OriginalCutouts.pngSize(new byte[] {(byte) 0xff, (byte) 0xd8, (byte) 0xff}));
        assertEquals(null, OriginalCutouts.pngSize("GIF89a, long enough to hold a header".getBytes()));
        Asset asset = new Asset();
        asset.mimeType = "image/jpeg";
        asset.width = 1600;
        asset.height = 1200;
        assertFalse(OriginalCutouts.hasMorePixels(asset, 1600, 1200));
        asset.width = 4000;
        asset.height = 3000;
        assertTrue(OriginalCutouts.hasMorePixels(asset, 1600, 1200));
        asset.mimeType = "image/webp";
        assertFalse(OriginalCutouts.hasMorePixels(asset, 1600, 1200));
    }

    /** As the card enlarges a cut-out: premultiplied, one bilinear step. */
    private static BufferedImage enlarge(BufferedImage cut, int w, int h) {
        BufferedImage pre = new BufferedImage(cut.getWidth(), cut.getHeight(), BufferedImage.TYPE_INT_ARGB_PRE);
        Graphics2D g0 = pre.createGraphics();
        g0.drawImage(cut, 0, 0, null);
        g0.dispose();
        BufferedImage out = new BufferedImage(w, h, BufferedImage.TYPE_INT_ARGB_PRE);
        Graphics2D g = out.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_INTERPOLATION, RenderingHints.VALUE_INTERPOLATION_BILINEAR);
        g.setRenderingHint(RenderingHints.KEY_RENDERING, RenderingHints.VALUE_RENDER_QUALITY);
        g.drawImage(pre, 0, 0, w, h, null);
        g.dispose();
        return out;
    }
}
