package dev.cardgen.bench;

import dev.cardgen.render.fixtures.RealComposites;
import dev.cardgen.render.subject.Subject;
import dev.cardgen.render.subject.SubjectExtractor;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.File;
import java.util.List;
import javax.imageio.ImageIO;

/**
 * One card per background kind of the held-out composites, for looking at: the photo, then the
 * cut-out on pure white (blobs of backdrop, mortar lines and halos show there). A declined photo
 * shows its whole frame, as the card would. Usage: SubjectSheet out.png [tuning|held-out]
 */
public final class SubjectSheet {

    public static void main(String[] args) throws Exception {
        File out = new File(args.length > 0 ? args[0] : "target/subject-sheet.png");
        boolean heldOut = args.length < 2 || !args[1].equals("tuning");
        List<RealComposites.Scene> scenes = RealComposites.scenes(heldOut, 1600, 1200);
        // the first two photos of each kind with a product (different products)
        List<RealComposites.Scene> picks = new java.util.ArrayList<>();
        for (RealComposites.Kind kind : RealComposites.Kind.values()) {
            if (kind != RealComposites.Kind.NO_PRODUCT) {
                scenes.stream().filter(s -> s.kind() == kind).filter(s -> kind != RealComposites.Kind.TEXTURED
                        || s.name().endsWith("@1.0")).limit(2).forEach(picks::add);
            }
        }
        int cw = 400, ch = 300;
        BufferedImage sheet = new BufferedImage(cw * 2, ch * picks.size(), BufferedImage.TYPE_INT_RGB);
        Graphics2D g = sheet.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_INTERPOLATION, RenderingHints.VALUE_INTERPOLATION_BILINEAR);
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, sheet.getWidth(), sheet.getHeight());
        int row = 0;
        for (RealComposites.Scene s : picks) {
            Subject sub = SubjectExtractor.extract(s.image());
            g.drawImage(s.image(), 0, row * ch, cw, ch, null);
            BufferedImage cut = sub.cutout(s.image());
            double k = Math.min((cw - 20) / (double) cut.getWidth(), (ch - 20) / (double) cut.getHeight());
            int dw = (int) (cut.getWidth() * k), dh = (int) (cut.getHeight() * k);
            g.drawImage(cut, cw + (cw - dw) / 2, row * ch + (ch - dh) / 2, dw, dh, null);
            g.setColor(sub.detected() ? new Color(0, 140, 0) : Color.RED);
            g.drawString(s.name() + (sub.detected() ? "" : "  (declined)"), 6, row * ch + 14);
            row++;
        }
        g.dispose();
        ImageIO.write(sheet, "png", out);
        System.out.println("wrote " + out);
    }
}
