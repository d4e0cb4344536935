package dev.cardgen.bench;

import dev.cardgen.asset.image.ImageInspector;
import dev.cardgen.asset.image.WorkingCopy;
import dev.cardgen.render.fixtures.BackdropFamilies;
import dev.cardgen.render.fixtures.RealComposites;
import dev.cardgen.render.subject.Subject;
import dev.cardgen.render.subject.SubjectExtractor;
import dev.cardgen.render.subject.SubjectHint;
import dev.cardgen.render.subject.SubjectMasks;

import java.awt.Rectangle;
import java.awt.image.BufferedImage;
import java.awt.image.DataBufferByte;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.imageio.ImageIO;

/**
 * One cut-out each of the three ways a seller steers it, made as the service makes them, and the
 * cards of each, for looking at: an upload whose own alpha is the mask (a held-out composite with its
 * drawn truth as alpha), a box hint (the true box plus 3 %) and a corrected mask (the truth sent as a
 * grey mask). Usage: SteeredContactSheet out-dir [scene-name | family photo, e.g. photo-brick/WRENCH/6]
 */
public final class SteeredContactSheet {

    public static void main(String[] args) throws Exception {
        Path out = Path.of(args.length > 0 ? args[0] : "target/contact-sheet-steered");
        String name = args.length > 1 ? args[1] : null;
        // a family's photo by its name, else a held-out composite (by name, or the first textured one)
        RealComposites.Scene scene = BackdropFamilies.specs("all").stream().filter(s -> s.name().equals(name)).findFirst()
                .map(spec -> BackdropFamilies.make(spec, 1600, 1200).scene())
                .orElseGet(() -> RealComposites.scenes(true, 1600, 1200).stream()
                        .filter(s -> s.truth() != null && (name == null ? s.kind() == RealComposites.Kind.TEXTURED : s.name().equals(name)))
                        .findFirst().orElseThrow(() -> new IllegalArgumentException("no family photo or held-out composite " + name)));
        System.out.println("scene " + scene.name());
        int w = scene.image().getWidth(), h = scene.image().getHeight();
        BufferedImage truth = grey(scene.truth(), w, h);
        Rectangle box = SubjectMasks.bounds(truth);

        // 1. The upload's own alpha: an RGBA PNG, decoded as an upload is.
        BufferedImage rgba = new BufferedImage(w, h, BufferedImage.TYPE_INT_ARGB);
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                int a = scene.truth()[y * w + x] ? 255 : 0;
                rgba.setRGB(x, y, (a << 24) | (scene.image().getRGB(x, y) & 0xffffff));
            }
        }
        Path alphaPng = Files.createDirectories(out).resolve("upload-alpha.png");
        ImageIO.write(rgba, "png", alphaPng.toFile());
        WorkingCopy copy = ImageInspector.decodeWorkingCopyWithAlpha(ImageInspector.inspect(alphaPng), 1600);
        System.out.println("alpha verdict " + SubjectMasks.judge(copy.alpha()));
        sheet(out.resolve("alpha"), Subject.ofMask(copy.alpha()).cutoutAsIs(copy.rgb()));

        // 2. A box hint: the true box plus 3 % of its size on each side.
        int mx = (int) Math.round(0.03 * box.width), my = (int) Math.round(0.03 * box.height);
        Rectangle hintBox = new Rectangle(box.x - mx, box.y - my, box.width + 2 * mx, box.height + 2 * my)
                .intersection(new Rectangle(w, h));
        Subject hinted = SubjectExtractor.fromHint(scene.image(), new SubjectHint(hintBox, List.of(), List.of()));
        System.out.printf("hint detected=%s iou=%.3f%n", hinted.detected(), iou(scene.truth(), hinted.mask()));
        ImageIO.write(hinted.mask(), "png", out.resolve("hint-mask.png").toFile());
        sheet(out.resolve("hint"), hinted.cutout(scene.image()));

        // 3. A corrected mask: the truth, sent as a grey PNG.
        sheet(out.resolve("mask"), Subject.ofMask(truth).cutout(scene.image()));
    }

    private static void sheet(Path dir, BufferedImage cutout) throws Exception {
        Files.createDirectories(dir);
        Path png = dir.resolve("cutout.png");
        ImageIO.write(cutout, "png", png.toFile());
        ContactSheet.render(new String[] {dir.toString(), png.toString()}, true);
    }

    private static BufferedImage grey(boolean[] mask, int w, int h) {
        BufferedImage g = new BufferedImage(w, h, BufferedImage.TYPE_BYTE_GRAY);
        byte[] d = ((DataBufferByte) g.getRaster().getDataBuffer()).getData();
        for (int i = 0; i < d.length; i++) {
            d[i] = (byte) (mask[i] ? 255 : 0);
        }
        return g;
    }

    private static double iou(boolean[] truth, BufferedImage mask) {
        byte[] m = ((DataBufferByte) mask.getRaster().getDataBuffer()).getData();
        long inter = 0, union = 0;
        for (int i = 0; i < m.length; i++) {
            boolean p = (m[i] & 0xff) >= 128;
            if (p && truth[i]) inter++;
            if (p || truth[i]) union++;
        }
        return union == 0 ? 0 : (double) inter / union;
    }
}
