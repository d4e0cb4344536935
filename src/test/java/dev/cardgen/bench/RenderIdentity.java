package dev.cardgen.bench;

import dev.cardgen.render.CardRenderer;
import dev.cardgen.render.Cutouts;
import dev.cardgen.render.Design;
import dev.cardgen.render.Previews;
import dev.cardgen.render.ProductPixels;
import dev.cardgen.render.Ratio;
import dev.cardgen.render.Scene;
import dev.cardgen.render.TemplateInfo;
import dev.cardgen.render.Templates;
import dev.cardgen.render.text.Texts;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.imageio.ImageIO;

/**
 * The pixels of every template × arrangement (each with its own palette) × product × size, one
 * SHA-256 of each card's pixels a line, so that two builds of the renderer can be compared card for
 * card: {@code diff} the two files. Products: the drawn bottle and shoe, photographs cut to an ellipse,
 * and a large cut-out the card reduces; each as drawn (TYPE_INT_ARGB) and as the service decodes a
 * stored PNG. Sizes: 1200×1600, 2400×3200 and the preview of 1200×1600. Then the export's path with a
 * sharper source of the product's pixels (TYPE_INT_ARGB at the box's size) at 1200×1600.
 * Args: {@code <out file> [dump dir]}; with a dump dir every card is also written there as PNG.
 * Run by {@code BENCH_MAIN=dev.cardgen.bench.RenderIdentity bench/render-bench.sh out.txt}.
 */
public final class RenderIdentity {
    public static void main(String[] args) throws Exception {
        Path out = Path.of(args[0]);
        Path dump = args.length > 1 ? Path.of(args[1]) : null;
        if (dump != null) {
            Files.createDirectories(dump);
        }
        Map<String, BufferedImage> products = new LinkedHashMap<>();
        products.put("bottle", Cutouts.bottle(new Color(200, 60, 50)));
        products.put("shoe", Cutouts.shoe(new Color(40, 90, 160)));
        for (String photo : List.of("coffee.jpg", "astronaut.jpg", "chelsea.jpg")) {
            products.put(photo, Cutouts.photographed(photo));
        }
        products.put("camera-x4", enlarged(Cutouts.photographed("camera.jpg"), 4));
        for (String name : List.of("bottle", "coffee.jpg", "camera-x4")) {
            products.put(name + "-decoded", decoded(products.get(name)));
        }
        Texts texts = new Texts("Hydrating Face Serum with Hyaluronic Acid", "Deep moisture for all skin types",
                List.of("72-hour hydration", "Vegan, cruelty-free", "Dermatologist tested"), "NEW");
        int[] pv = Previews.size(1200, 1600);
        int[][] sizes = {{1200, 1600}, {2400, 3200}, pv};
        List<String> lines = new ArrayList<>();
        MessageDigest sha = MessageDigest.getInstance("SHA-256");
        for (TemplateInfo t : Templates.all()) {
            for (Map.Entry<String, BufferedImage> p : products.entrySet()) {
                List<Design> designs = Scene.designs(p.getValue(), texts, t.id(), Ratio.R3_4, 3, 7);
                for (Design d : designs) {
                    for (int[] size : sizes) {
                        BufferedImage card = CardRenderer.render(d, p.getValue(), size[0], size[1]);
                        String name = t.id() + "_" + d.arrangement() + "_" + p.getKey() + "_" + size[0] + "x" + size[1];
                        lines.add(name + " " + HexFormat.of().formatHex(sha.digest(bytes(card))));
                        if (dump != null) {
                            ImageIO.write(card, "png", dump.resolve(name + ".png").toFile());
                        }
                    }
                }
            }
        }
        // The export's path with a sharper source: the product's pixels come as TYPE_INT_ARGB at the box's size.
        for (TemplateInfo t : Templates.all()) {
            for (String name : List.of("bottle-decoded", "coffee.jpg-decoded")) {
                BufferedImage cut = products.get(name);
                for (Design d : Scene.designs(cut, texts, t.id(), Ratio.R3_4, 3, 7)) {
                    ProductPixels sharp = ProductPixels.of(cut, (w, h) -> Optional.of(new ProductPixels.Sharp(resized(cut, w, h), 0.5)));
                    BufferedImage card = CardRenderer.renderWithFacts(d, sharp, 1200, 1600).image();
                    String label = t.id() + "_" + d.arrangement() + "_" + name + "_sharper_1200x1600";
                    lines.add(label + " " + HexFormat.of().formatHex(sha.digest(bytes(card))));
                    if (dump != null) {
                        ImageIO.write(card, "png", dump.resolve(label + ".png").toFile());
                    }
                }
            }
        }
        Files.write(out, lines);
        System.out.println(lines.size() + " cards written to " + out);
    }

    /** Every pixel of the card as its 0xRRGGBB int, big-endian, row by row. */
    private static byte[] bytes(BufferedImage card) {
        int w = card.getWidth(), h = card.getHeight();
        int[] px = card.getRGB(0, 0, w, h, null, 0, w);
        ByteBuffer b = ByteBuffer.allocate(px.length * 4);
        b.asIntBuffer().put(px);
        return b.array();
    }

    /** {@code src} drawn at {@code w × h} on a new TYPE_INT_ARGB image, as a sharper source hands it over. */
    private static BufferedImage resized(BufferedImage src, int w, int h) {
        BufferedImage out = new BufferedImage(w, h, BufferedImage.TYPE_INT_ARGB);
        Graphics2D g = out.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_INTERPOLATION, RenderingHints.VALUE_INTERPOLATION_BICUBIC);
        g.drawImage(src, 0, 0, w, h, null);
        g.dispose();
        return out;
    }

    private static BufferedImage enlarged(BufferedImage src, int k) {
        BufferedImage out = new BufferedImage(src.getWidth() * k, src.getHeight() * k, BufferedImage.TYPE_INT_ARGB);
        Graphics2D g = out.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_INTERPOLATION, RenderingHints.VALUE_INTERPOLATION_BILINEAR);
        g.drawImage(src, 0, 0, out.getWidth(), out.getHeight(), null);
        g.dispose();
        return out;
    }

    /** The cut-out as the service reads it back from a stored PNG (ImageIO's type for RGBA PNGs). */
    private static BufferedImage decoded(BufferedImage src) {
        try {
            ByteArrayOutputStream png = new ByteArrayOutputStream();
            ImageIO.write(src, "png", png);
            return ImageIO.read(new ByteArrayInputStream(png.toByteArray()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
