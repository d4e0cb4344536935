package dev.cardgen.render;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.awt.image.DataBufferInt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

@Execution(ExecutionMode.CONCURRENT) // no application: runs beside the @QuarkusTest classes (pom.xml)
class BackdropSoftTest {

    /** The enlargement drawn in bands, one per core, is the one-piece enlargement pixel for pixel, at every preset size. */
    @Test
    void bandsJoinIntoTheOnePieceEnlargement() {
        BufferedImage cut = Cutouts.bottle(new Color(200, 60, 50));
        int[][] sizes = {{1200, 1600}, {2400, 3200}, {1200, 1200}, {2000, 2000}, {1080, 1920}, {600, 800}, {9, 13}};
        for (int[] s : sizes) {
            Design d = Scene.designs(cut, Fixtures.TEXTS.get("full"), Templates.GRADIENT, Ratio.R3_4, 1, 1).get(0);
            Layout l = LayoutEngine.layout(d, (double) cut.getWidth() / cut.getHeight(), s[0], s[1]);
            Color bg = new Color(0x2a6f97), alt = new Color(0xf4d35e);
            BufferedImage banded = canvas(s), whole = canvas(s);
            Graphics2D g = graphics(banded);
            Backdrop.soft(g, l, sg -> Backdrop.gradient(sg, l, bg, alt, 42));
            g.dispose();
            // the reference: the same small painting enlarged in one piece
            int w = (s[0] + 3) / 4, h = (s[1] + 3) / 4;
            BufferedImage small = new BufferedImage(w, h, BufferedImage.TYPE_INT_RGB);
            Graphics2D sg = small.createGraphics();
            sg.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
            sg.scale(0.25, 0.25);
            Backdrop.gradient(sg, l, bg, alt, 42);
            sg.dispose();
            Graphics2D r = graphics(whole);
            r.setRenderingHint(RenderingHints.KEY_INTERPOLATION, RenderingHints.VALUE_INTERPOLATION_BILINEAR);
            r.drawImage(small, 0, 0, w * 4, h * 4, null);
            r.dispose();
            assertArrayEquals(pixels(whole), pixels(banded), s[0] + "×" + s[1]);
        }
    }

    /** On the card's own graphics the enlargement is written straight into its pixels: still Java2D's, pixel for pixel. */
    @Test
    void enlargementIntoTheCardIsJava2dsEnlargement() {
        BufferedImage cut = Cutouts.bottle(new Color(200, 60, 50));
        int[][] sizes = {{1200, 1600}, {2400, 3200}, {1200, 1200}, {2000, 2000}, {1080, 1920}, {1001, 1337}, {9, 13}, {1, 1}};
        for (int[] s : sizes) {
            for (String template : new String[]{Templates.GRADIENT, Templates.STUDIO}) {
                Design d = Scene.designs(cut, Fixtures.TEXTS.get("full"), template, Ratio.R3_4, 1, 1).get(0);
                Layout l = LayoutEngine.layout(d, (double) cut.getWidth() / cut.getHeight(), s[0], s[1]);
                Color bg = new Color(0x2a6f97), alt = new Color(0xf4d35e);
                java.util.function.Consumer<Graphics2D> painter = template.equals(Templates.STUDIO)
                        ? sg -> Backdrop.studio(sg, l, bg, alt) : sg -> Backdrop.gradient(sg, l, bg, alt, 42);
                BufferedImage direct = canvas(s), java2d = canvas(s);
                Graphics2D g = graphics(direct);
                g.setRenderingHint(Backdrop.CANVAS, direct);
                assertTrue(Backdrop.drawsStraight(g, direct), "the card's own graphics take the direct path");
                Backdrop.soft(g, l, painter);
                g.dispose();
                Graphics2D r = graphics(java2d);
                Backdrop.soft(r, l, painter);
                r.dispose();
                assertArrayEquals(pixels(java2d), pixels(direct), template + " " + s[0] + "×" + s[1]);
            }
        }
    }

    /** Noise, the hardest case for rounding and edges: every pixel as Java2D's bilinear drawImage writes it. */
    @Test
    void enlargementOfNoiseIsJava2dsToTheBit() {
        java.util.SplittableRandom rnd = new java.util.SplittableRandom(7);
        int[][] sizes = {{1, 1}, {1, 5}, {2, 2}, {3, 7}, {17, 11}, {300, 400}, {251, 334}};
        for (int[] s : sizes) {
            BufferedImage small = new BufferedImage(s[0], s[1], BufferedImage.TYPE_INT_RGB);
            for (int y = 0; y < s[1]; y++) {
                for (int x = 0; x < s[0]; x++) {
                    small.setRGB(x, y, rnd.nextInt());
                }
            }
            for (int[] crop : new int[][]{{0, 0}, {3, 2}, {1, 3}}) {
                int dw = Math.max(1, 4 * s[0] - crop[0]), dh = Math.max(1, 4 * s[1] - crop[1]);
                BufferedImage java2d = new BufferedImage(dw, dh, BufferedImage.TYPE_INT_RGB);
                Graphics2D r = graphics(java2d);
                r.setRenderingHint(RenderingHints.KEY_INTERPOLATION, RenderingHints.VALUE_INTERPOLATION_BILINEAR);
                r.drawImage(small, 0, 0, 4 * s[0], 4 * s[1], null);
                r.dispose();
                int[] ours = new int[dw * dh];
                Enlarge4.rows(pixels(small), s[0], s[1], ours, dw, dw, dh, 0, dh);
                assertArrayEquals(pixels(java2d), ours, s[0] + "×" + s[1] + " onto " + dw + "×" + dh);
            }
        }
    }

    private static BufferedImage canvas(int[] s) {
        return new BufferedImage(s[0], s[1], BufferedImage.TYPE_INT_RGB);
    }

    /** As the renderer sets up its canvas. */
    private static Graphics2D graphics(BufferedImage img) {
        Graphics2D g = img.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_RENDERING, RenderingHints.VALUE_RENDER_QUALITY);
        g.setRenderingHint(RenderingHints.KEY_COLOR_RENDERING, RenderingHints.VALUE_COLOR_RENDER_QUALITY);
        g.setRenderingHint(RenderingHints.KEY_INTERPOLATION, RenderingHints.VALUE_INTERPOLATION_BICUBIC);
        return g;
    }

    private static int[] pixels(BufferedImage img) {
        return ((DataBufferInt) img.getRaster().getDataBuffer()).getData();
    }
}
