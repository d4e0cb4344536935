package dev.cardgen.bench;

import dev.cardgen.render.CardRenderer;
import dev.cardgen.render.Cutouts;
import dev.cardgen.render.Design;
import dev.cardgen.render.ImageEncoder;
import dev.cardgen.render.Ratio;
import dev.cardgen.render.Scene;
import dev.cardgen.render.TemplateInfo;
import dev.cardgen.render.Templates;
import dev.cardgen.render.TextFiller;
import dev.cardgen.render.text.Texts;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.imageio.ImageIO;

/**
 * Renders every template × ratio (× 3 variants) for one cut-out into a folder plus sheet.png.
 * Args: [out-dir] [cutout.png] [title] [subtitle] [fact;fact;…] [badge]. Synthetic bottle without a cut-out.
 */
public final class ContactSheet {
    public static void main(String[] args) throws Exception {
        render(args, true);
    }

    /**
     * As main; without a detected subject the {@code white} template is left out, as the service
     * answers 409 subject_not_detected at create for it then (the other templates frame the whole photo).
     */
    static void render(String[] args, boolean subjectDetected) throws Exception {
        Path out = Path.of(args.length > 0 ? args[0] : "target/contact-sheet");
        Files.createDirectories(out);
        BufferedImage cutout = args.length > 1 && !args[1].isEmpty() ? toArgb(ImageIO.read(new File(args[1])))
                : Cutouts.bottle(new Color(200, 60, 50));
        String title = args.length > 2 ? args[2] : "Hydrating Face Serum with Hyaluronic Acid";
        String subtitle = args.length > 3 ? args[3] : "Deep moisture for all skin types, 30 ml";
        List<String> facts = args.length > 4 ? List.of(args[4].split(";"))
                : List.of("72-hour hydration", "Vegan, cruelty-free", "Dermatologist tested", "Fragrance free");
        String badge = args.length > 5 ? args[5] : null;
        int thumbW = 300, variants = 3;
        List<BufferedImage> thumbs = new ArrayList<>();
        List<TemplateInfo> templates = Templates.all().stream()
                .filter(t -> subjectDetected || !Templates.WHITE.equals(t.id())).toList();
        for (TemplateInfo t : templates) {
            Texts texts = TextFiller.fill(new Texts(title, subtitle, facts, badge), "serum.jpg", t.id());
            for (Ratio r : Ratio.values()) {
                List<Design> ds = Scene.designs(cutout, texts, t.id(), r, variants, 42);
                for (int v = 0; v < ds.size(); v++) {
                    int w = 1200, h = 1200 * r.h() / r.w();
                    BufferedImage card = CardRenderer.render(ds.get(v), cutout, w, h);
                    Files.write(out.resolve(t.id() + "-" + r.id().replace(':', 'x') + "-v" + v + ".png"),
                            ImageEncoder.png(card));
                    thumbs.add(thumb(card, thumbW));
                }
            }
        }
        int cols = Ratio.values().length * variants, rows = templates.size();
        int cellH = thumbW * 16 / 9, pad = 12;
        BufferedImage sheet = new BufferedImage(cols * (thumbW + pad) + pad, rows * (cellH + pad) + pad,
                BufferedImage.TYPE_INT_RGB);
        Graphics2D g = sheet.createGraphics();
        g.setColor(new Color(60, 60, 60));
        g.fillRect(0, 0, sheet.getWidth(), sheet.getHeight());
        for (int i = 0; i < thumbs.size(); i++) {
            g.drawImage(thumbs.get(i), pad + (i % cols) * (thumbW + pad), pad + (i / cols) * (cellH + pad), null);
        }
        g.dispose();
        ImageIO.write(sheet, "png", out.resolve("sheet.png").toFile());
        System.out.println("wrote " + thumbs.size() + " cards and sheet.png to " + out.toAbsolutePath());
    }

    private static BufferedImage thumb(BufferedImage card, int w) {
        int h = card.getHeight() * w / card.getWidth();
        BufferedImage t = new BufferedImage(w, h, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = t.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_INTERPOLATION, RenderingHints.VALUE_INTERPOLATION_BICUBIC);
        g.drawImage(card.getScaledInstance(w, h, java.awt.Image.SCALE_AREA_AVERAGING), 0, 0, null);
        g.dispose();
        return t;
    }

    private static BufferedImage toArgb(BufferedImage src) {
        BufferedImage out = new BufferedImage(src.getWidth(), src.getHeight(), BufferedImage.TYPE_INT_ARGB);
        Graphics2D g = out.createGraphics();
        g.drawImage(src, 0, 0, null);
        g.dispose();
        return out;
    }
}
