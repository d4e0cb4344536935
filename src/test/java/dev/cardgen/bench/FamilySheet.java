package dev.cardgen.bench;

import dev.cardgen.render.fixtures.BackdropFamilies;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.File;
import java.util.List;
import javax.imageio.ImageIO;

/**
 * A contact sheet of the backdrop families: one photo per family (the photo of the given index in
 * each family, 0-10; 0 by default), labelled, for checking the families look like their names.
 * Usage: FamilySheet out.png [index] [width] [height].
 */
public final class FamilySheet {

    public static void main(String[] args) throws Exception {
        File out = new File(args.length > 0 ? args[0] : "target/family-sheet.png");
        int index = args.length > 1 ? Integer.parseInt(args[1]) : 0;
        int w = args.length > 2 ? Integer.parseInt(args[2]) : 1600, h = args.length > 3 ? Integer.parseInt(args[3]) : 1200;
        List<String> families = BackdropFamilies.names();
        int cols = 6, tw = 300, th = tw * h / w;
        int rows = (families.size() + cols - 1) / cols;
        BufferedImage sheet = new BufferedImage(cols * tw, rows * (th + 18), BufferedImage.TYPE_INT_RGB);
        Graphics2D g = sheet.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_INTERPOLATION, RenderingHints.VALUE_INTERPOLATION_BILINEAR);
        g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
        List<BackdropFamilies.Spec> specs = BackdropFamilies.specs("all");
        for (int f = 0; f < families.size(); f++) {
            String family = families.get(f);
            BackdropFamilies.Spec spec = specs.stream().filter(s -> s.family().equals(family)).toList().get(index);
            BufferedImage img = BackdropFamilies.make(spec, w, h).scene().image();
            int x = (f % cols) * tw, y = (f / cols) * (th + 18);
            g.drawImage(img, x, y + 18, tw, th, null);
            g.setColor(Color.WHITE);
            g.drawString(spec.name() + (spec.castShadow() ? " +shadow" : ""), x + 4, y + 13);
        }
        g.dispose();
        ImageIO.write(sheet, "png", out);
        System.out.println("wrote " + out);
    }
}
