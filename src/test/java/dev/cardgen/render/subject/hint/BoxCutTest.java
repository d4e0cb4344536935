package dev.cardgen.render.subject.hint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardgen.render.fixtures.BackdropFamilies;
import dev.cardgen.render.fixtures.HintScorecard;
import dev.cardgen.render.fixtures.RealComposites;
import dev.cardgen.render.fixtures.SyntheticPhotos;
import dev.cardgen.render.subject.Subject;
import dev.cardgen.render.subject.SubjectExtractor;
import dev.cardgen.render.subject.SubjectHint;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.Point;
import java.awt.Rectangle;
import java.awt.RenderingHints;
import java.awt.Shape;
import java.awt.geom.Ellipse2D;
import java.awt.geom.RoundRectangle2D;
import java.awt.image.BufferedImage;
import java.awt.image.DataBufferByte;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * The box hint ({@link SubjectExtractor#fromHint}) at 800x600 on tuning products: a product the
 * automatic stage declined on a cluttered backdrop is cut out from a box, nothing outside the box
 * is kept, an exclude point takes a second object out that a plain box keeps, an include point
 * adds a small one a plain box drops, an empty box finds nothing, and the cut works without the model.
 */
@Execution(ExecutionMode.CONCURRENT) // no application: runs beside the @QuarkusTest classes (pom.xml)
class BoxCutTest {

    private static final int W = 800, H = 600;

    /**
     * The box on a sharp room (a hall's doors, floor and furniture in focus: a clutter of edges and
     * colours; the automatic stage declined it before the model's box cut on textures). Measured: IoU 0.975; the floor leaves
     * room for noise, not for a partial cut-out (a horse without its legs scores about 0.85).
     */
    @Test
    void aProductOnAClutteredBackdropIsCutOutFromItsBox() {
        RealComposites.Scene product = RealComposites.scene(false, "SWEEP/HORSE/sweep-e9ddc9", W, H);
        BufferedImage photo = SyntheticPhotos.jpeg(onto(product, room("room-hall.jpg")), 0.85f);
        Rectangle box = HintScorecard.boxAround(product.truth(), W, H, HintScorecard.MARGIN);

        Subject s = SubjectExtractor.fromHint(photo, SubjectHint.of(box));

        assertTrue(s.detected());
        double iou = SyntheticPhotos.iou(product.truth(), bytes(s));
        assertTrue(iou >= 0.93, "IoU " + iou);
        assertNothingOutside(s, box);
        assertTrue(box.contains(s.box()), "the subject's box " + s.box() + " lies in the hint's " + box);
    }

    @Test
    void anExcludePointTakesOutASecondObjectThatAPlainBoxKeeps() {
        RealComposites.Scene product = RealComposites.scene(false, "SWEEP/BOX/sweep-e9ddc9", W, H);
        Shape other = new RoundRectangle2D.Double(40, 300, 150, 210, 30, 30);
        BufferedImage photo = SyntheticPhotos.jpeg(with(product.image(), other, new Color(190, 40, 35)), 0.85f);
        Rectangle box = HintScorecard.boxAround(product.truth(), W, H, HintScorecard.MARGIN).union(grown(other.getBounds(), 10));

        Subject plain = SubjectExtractor.fromHint(photo, SubjectHint.of(box));
        assertTrue(plain.detected());
        assertTrue(shareKept(plain, other) > 0.9, "a plain box keeps the second object: " + shareKept(plain, other));

        Subject s = SubjectExtractor.fromHint(photo, new SubjectHint(box, List.of(), List.of(new Point(115, 405))));
        assertTrue(s.detected());
        assertTrue(shareKept(s, other) < 0.02, "the excluded object is gone: " + shareKept(s, other));
        double iou = SyntheticPhotos.iou(product.truth(), bytes(s));
        assertTrue(iou >= 0.95, "the product stays whole: IoU " + iou);
        assertNothingOutside(s, box);
    }

    @Test
    void anIncludePointAddsASmallObjectThatAPlainBoxDrops() {
        RealComposites.Scene product = RealComposites.scene(false, "SWEEP/BOX/sweep-e9ddc9", W, H);
        Shape lid = new Ellipse2D.Double(120, 440, 50, 50);
        BufferedImage photo = SyntheticPhotos.jpeg(with(product.image(), lid, new Color(40, 70, 170)), 0.85f);
        Rectangle box = HintScorecard.boxAround(product.truth(), W, H, HintScorecard.MARGIN).union(grown(lid.getBounds(), 10));

        Subject plain = SubjectExtractor.fromHint(photo, SubjectHint.of(box));
        assertTrue(plain.detected());
        assertTrue(shareKept(plain, lid) < 0.1, "a plain box drops the small object: " + shareKept(plain, lid));

        Subject s = SubjectExtractor.fromHint(photo, new SubjectHint(box, List.of(new Point(145, 465)), List.of()));
        assertTrue(shareKept(s, lid) > 0.9, "the included object is kept: " + shareKept(s, lid));
        double iou = SyntheticPhotos.iou(product.truth(), bytes(s));
        assertTrue(iou >= 0.95, "the product is still cut out: IoU " + iou);
    }

    @Test
    void aBoxWithNothingInItFindsNothing() {
        for (String name : List.of("scene-empty-sweep", "scene-grass.jpg")) {
            RealComposites.Scene bare = RealComposites.scene(false, name, W, H);
            Subject s = SubjectExtractor.fromHint(bare.image(), SubjectHint.of(new Rectangle(250, 180, 300, 240)));
            assertFalse(s.detected(), name);
            assertEquals(new Rectangle(0, 0, W, H), s.box(), name + ": the whole frame is kept");
            assertEquals(0.0, s.confidence(), name);
        }
    }

    /**
     * Where the model cannot run (or {@code cardgen.subject.model=off}) the cut works without its
     * prior. Measured without it: the bag on grass 0.982, the horse on the sweep 0.969.
     */
    @Test
    void withoutTheModelTheBoxStillCutsTheProductOut() {
        for (String name : List.of("TEXTURED/BAG/texture-grass.jpg@1.0", "SWEEP/HORSE/sweep-e9ddc9")) {
            RealComposites.Scene s = RealComposites.scene(false, name, W, H);
            Rectangle box = HintScorecard.boxAround(s.truth(), W, H, HintScorecard.MARGIN);
            Subject subject = BoxCut.cut(s.image(), SubjectHint.of(box), null);
            assertTrue(subject.detected(), name);
            double iou = SyntheticPhotos.iou(s.truth(), bytes(subject));
            assertTrue(iou >= 0.93, name + " IoU " + iou);
            assertNothingOutside(subject, box);
        }
    }

    /**
     * The seller's box is evidence where the model's map is wrong (tuning photos of the backdrop
     * families). On pebbles the map marks one bottle of a pair and not the other: its cut spans half
     * the box, and the colours' cut, which spans it, replaces it. On a patterned paper the map marks
     * the paper round a banana, the ring included: it is read with no weight. Measured here: 0.92 and
     * 0.99; without these rules the pair of bottles is 0.50 (at 1600x1200: 0.49 and 0.44).
     */
    @Test
    void theBoxIsEvidenceWhereTheModelsMapIsWrong() {
        for (String name : List.of("pebbles/BOTTLE_PAIR/4", "patterned-paper/BANANA/0")) {
            BackdropFamilies.Spec spec = BackdropFamilies.specs("tuning").stream().filter(f -> f.name().equals(name))
                    .findFirst().orElseThrow();
            RealComposites.Scene photo = BackdropFamilies.make(spec, W, H).scene();
            Rectangle box = HintScorecard.boxAround(photo.truth(), W, H, HintScorecard.MARGIN);

            Subject s = SubjectExtractor.fromHint(photo.image(), SubjectHint.of(box));

            assertTrue(s.detected(), name);
            double iou = SyntheticPhotos.iou(photo.truth(), bytes(s));
            assertTrue(iou >= 0.9, name + ": IoU " + iou);
        }
    }

    /**
     * A tuning photo of the blurred families: the map marks a defocused object behind the product (the
     * orange suit under the spanner) and the cut kept it; its pieces meet the rest of the backdrop across
     * soft steps and go ({@link SoftPieces}). At 1600x1200, as measured (0039): 0.35 before the rule, 0.91
     * with it.
     */
    @Test
    void aDefocusedObjectTheMapMarksIsBackdrop() {
        int w = 1600, h = 1200;
        RealComposites.Scene photo = family("blur-strong/WRENCH/6", w, h);
        Rectangle box = HintScorecard.boxAround(photo.truth(), w, h, HintScorecard.MARGIN);

        Subject s = SubjectExtractor.fromHint(photo.image(), SubjectHint.of(box));

        assertTrue(s.detected());
        double iou = SyntheticPhotos.iou(photo.truth(), bytes(s));
        assertTrue(iou >= 0.9, "IoU " + iou);
    }

    /**
     * A grey spanner's cast shadow on a coloured brick and on watercolour paper is the backdrop in shade
     * ({@link BoxCut#SHADE}): the grey spanner is not the surface darkened, so the shadow leaves the cut and the
     * spanner stays. At 1600x1200, as measured (0055): photo-brick 0.635 with 49 % of the shadow kept before, 0.894
     * and 5 % with it; watercolour paper 0.771 and 86 % before, 0.893 and 29 %.
     */
    @Test
    void aCastShadowInTheBoxIsTheBackdropInShade() {
        int w = 1600, h = 1200;
        for (String name : List.of("photo-brick/WRENCH/6", "watercolour-paper/WRENCH/6")) {
            BackdropFamilies.FamilyScene photo = BackdropFamilies.tuning(name, w, h);
            Rectangle box = HintScorecard.boxAround(photo.scene().truth(), w, h, HintScorecard.MARGIN);

            Subject s = SubjectExtractor.fromHint(photo.scene().image(), SubjectHint.of(box));

            assertTrue(s.detected(), name);
            byte[] m = bytes(s);
            double iou = SyntheticPhotos.iou(photo.scene().truth(), m);
            assertTrue(iou >= 0.85, name + ": IoU " + iou);
            int shadow = 0, kept = 0;
            for (int i = 0; i < m.length; i++) {
                if (photo.shadow()[i]) {
                    shadow++;
                    if ((m[i] & 0xff) >= 128) kept++;
                }
            }
            assertTrue(shadow > 0, name + " casts a shadow");
            assertTrue(kept < 0.4 * shadow, name + ": shadow kept " + kept / (double) shadow);
        }
    }

    private static RealComposites.Scene family(String name, int w, int h) {
        BackdropFamilies.Spec spec = BackdropFamilies.specs("tuning").stream().filter(f -> f.name().equals(name))
                .findFirst().orElseThrow();
        return BackdropFamilies.make(spec, w, h).scene();
    }

    @Test
    void theHintRefusesNullsAndKeepsItsOwnCopies() {
        Rectangle box = new Rectangle(10, 20, 30, 40);
        List<Point> include = new ArrayList<>(List.of(new Point(15, 25)));
        SubjectHint hint = new SubjectHint(box, include, List.of());
        box.width = 1;
        include.get(0).x = 99;
        include.add(new Point(1, 1));
        assertEquals(new Rectangle(10, 20, 30, 40), hint.box());
        assertEquals(List.of(new Point(15, 25)), hint.include());
        hint.include().get(0).x = 7;
        assertEquals(List.of(new Point(15, 25)), hint.include(), "the accessor hands out copies");
        assertThrows(NullPointerException.class, () -> new SubjectHint(null, List.of(), List.of()));
        assertThrows(NullPointerException.class, () -> new SubjectHint(box, null, List.of()));
        assertThrows(NullPointerException.class, () -> new SubjectHint(box, List.of(), null));
        assertThrows(NullPointerException.class, () -> new SubjectHint(box, java.util.Arrays.asList((Point) null), List.of()));
        assertThrows(IllegalArgumentException.class, () -> SubjectHint.of(new Rectangle(5, 5, 0, 10)));
    }

    private static void assertNothingOutside(Subject s, Rectangle box) {
        byte[] m = bytes(s);
        for (int y = 0; y < H; y++) {
            for (int x = 0; x < W; x++) {
                if (!box.contains(x, y) && m[y * W + x] != 0) {
                    throw new AssertionError("alpha " + (m[y * W + x] & 0xff) + " outside the box at " + x + "," + y);
                }
            }
        }
    }

    /** The share of the shape's pixels the mask keeps (alpha at least one half). */
    private static double shareKept(Subject s, Shape shape) {
        byte[] m = bytes(s);
        int in = 0, kept = 0;
        for (int y = 0; y < H; y++) {
            for (int x = 0; x < W; x++) {
                if (!shape.contains(x + 0.5, y + 0.5)) continue;
                in++;
                if ((m[y * W + x] & 0xff) >= 128) kept++;
            }
        }
        return kept / (double) in;
    }

    /** The product's own pixels (by its truth) over another photo. */
    private static BufferedImage onto(RealComposites.Scene product, BufferedImage backdrop) {
        boolean[] truth = product.truth();
        for (int i = 0; i < truth.length; i++) {
            if (truth[i]) backdrop.setRGB(i % W, i / W, product.image().getRGB(i % W, i / W));
        }
        return backdrop;
    }

    /** A copy of the photo with a shaded object of this colour drawn in. */
    private static BufferedImage with(BufferedImage photo, Shape shape, Color c) {
        BufferedImage out = new BufferedImage(W, H, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = out.createGraphics();
        g.drawImage(photo, 0, 0, null);
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        Rectangle b = shape.getBounds();
        g.setPaint(new java.awt.GradientPaint(b.x, 0, c.brighter(), b.x + b.width, 0, c.darker()));
        g.fill(shape);
        g.dispose();
        return out;
    }

    private static Rectangle grown(Rectangle r, int by) {
        return new Rectangle(r.x - by, r.y - by, r.width + 2 * by, r.height + 2 * by);
    }

    private static BufferedImage room(String name) {
        try (InputStream in = BoxCutTest.class.getResourceAsStream("/photos/" + name)) {
            BufferedImage src = ImageIO.read(in);
            BufferedImage out = new BufferedImage(W, H, BufferedImage.TYPE_INT_RGB);
            Graphics2D g = out.createGraphics();
            g.setRenderingHint(RenderingHints.KEY_INTERPOLATION, RenderingHints.VALUE_INTERPOLATION_BICUBIC);
            double s = Math.max(W / (double) src.getWidth(), H / (double) src.getHeight());
            g.drawImage(src, 0, 0, (int) Math.ceil(src.getWidth() * s), (int) Math.ceil(src.getHeight() * s), null);
            g.dispose();
            return out;
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static byte[] bytes(Subject s) {
        return ((DataBufferByte) s.mask().getRaster().getDataBuffer()).getData();
    }
}
