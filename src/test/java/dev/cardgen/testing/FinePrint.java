package dev.cardgen.testing;

import dev.cardgen.render.ImageEncoder;

import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.Shape;
import java.awt.geom.AffineTransform;
import java.awt.geom.Rectangle2D;
import java.awt.geom.RoundRectangle2D;
import java.awt.image.BufferedImage;
import java.util.Random;

/**
 * A product photo with fine print (a label with large type, small type and hairlines on a box, on a
 * soft grey backdrop) at any size, the same scene at every size; its product's outline, the truth a
 * mask is measured against; and the measures the sharpness target uses: a direct Lanczos-3 resize and
 * PSNR inside a mask.
 */
public final class FinePrint {

    private FinePrint() {
    }

    /** The product's outline in a {@code size × size} photo. */
    public static Shape product(int size) {
        double s = size / 1000.0;
        return new RoundRectangle2D.Double(300 * s, 140 * s, 400 * s, 700 * s, 40 * s, 40 * s);
    }

    /** The photo, {@code size × size}, TYPE_INT_RGB. */
    public static BufferedImage photo(int size) {
        BufferedImage img = new BufferedImage(size, size, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = img.createGraphics();
        try {
            g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
            g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
            g.setRenderingHint(RenderingHints.KEY_FRACTIONALMETRICS, RenderingHints.VALUE_FRACTIONALMETRICS_ON);
            g.setPaint(new java.awt.GradientPaint(0, 0, new Color(214, 218, 224), 0, size, new Color(176, 182, 190)));
            g.fillRect(0, 0, size, size);
            double s = size / 1000.0;
            g.setColor(new Color(36, 84, 150));
            g.fill(product(size));
            AffineTransform saved = g.getTransform();
            g.scale(s, s);
            g.setColor(new Color(246, 242, 230));
            g.fill(new RoundRectangle2D.Double(330, 260, 340, 460, 16, 16));
            g.setColor(new Color(180, 30, 40));
            g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 54));
            g.drawString("AQUA 750", 360, 330);
            g.setColor(new Color(30, 30, 30));
            g.setFont(new Font(Font.SERIF, Font.PLAIN, 7));
            Random rnd = new Random(33);
            String words = "ingredients water minerals calcium magnesium sodium keep cool store dry best before lot";
            String[] w = words.split(" ");
            for (int line = 0; line < 38; line++) {
                StringBuilder b = new StringBuilder();
                while (b.length() < 62) {
                    b.append(w[rnd.nextInt(w.length)]).append(' ');
                }
                g.drawString(b.toString(), 342, 360 + line * 9);
            }
            g.setStroke(new java.awt.BasicStroke(0.6f));
            for (int i = 0; i < 24; i++) { // a barcode of hairlines
                g.drawLine(560 + i * 4 + (i % 3), 620, 560 + i * 4 + (i % 3), 700);
            }
            g.setTransform(saved);
        } finally {
            g.dispose();
        }
        return img;
    }

    /** {@code img} as a JPEG of {@code quality}, as the service encodes one. */
    public static byte[] jpeg(BufferedImage img, float quality) {
        return ImageEncoder.jpeg(img, quality);
    }

    /** The product's mask for a {@code size × size} photo drawn at {@code w × h} (antialiased), TYPE_BYTE_GRAY. */
    public static BufferedImage mask(int size, int w, int h) {
        BufferedImage m = new BufferedImage(w, h, BufferedImage.TYPE_BYTE_GRAY);
        Graphics2D g = m.createGraphics();
        try {
            g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
            g.scale((double) w / size, (double) h / size);
            g.setColor(Color.WHITE);
            g.fill(product(size));
        } finally {
            g.dispose();
        }
        return m;
    }

    /** A direct separable Lanczos-3 resize of {@code r} (continuous pixels) of {@code src} to {@code w × h}, RGB. */
    public static int[] lanczos(BufferedImage src, Rectangle2D r, int w, int h) {
        return lanczos(src, r, w, h, 0, h);
    }

    /** As {@link #lanczos(BufferedImage, Rectangle2D, int, int)}, rows {@code from} to {@code to} only (the others black). */
    public static int[] lanczos(BufferedImage src, Rectangle2D r, int w, int h, int from, int to) {
        int sw = src.getWidth(), sh = src.getHeight();
        double fx = r.getWidth() / w, fy = r.getHeight() / h;
        int y0 = Math.max(0, (int) Math.floor(r.getMinY() + from * fy - 3 * Math.max(1, fy) - 1));
        int y1 = Math.min(sh, (int) Math.ceil(r.getMinY() + to * fy + 3 * Math.max(1, fy) + 1));
        int[] px = src.getRGB(0, y0, sw, y1 - y0, null, 0, sw);
        double[][] tmp = new double[(y1 - y0) * w][];
        for (int y = y0; y < y1; y++) {
            for (int x = 0; x < w; x++) {
                double[] acc = new double[3];
                tmp[(y - y0) * w + x] = acc;
                double c = r.getMinX() + (x + 0.5) * fx, widen = Math.max(1, fx), sum = 0;
                for (int k = (int) Math.floor(c - 3 * widen); k <= (int) Math.ceil(c + 3 * widen); k++) {
                    double wt = kernel((k + 0.5 - c) / widen);
                    if (wt == 0) continue;
                    int p = px[(y - y0) * sw + Math.max(0, Math.min(sw - 1, k))];
                    acc[0] += wt * ((p >> 16) & 255);
                    acc[1] += wt * ((p >> 8) & 255);
                    acc[2] += wt * (p & 255);
                    sum += wt;
                }
                for (int i = 0; i < 3; i++) acc[i] /= sum;
            }
        }
        int[] out = new int[w * h];
        for (int y = from; y < to; y++) {
            double c = r.getMinY() + (y + 0.5) * fy, widen = Math.max(1, fy);
            for (int x = 0; x < w; x++) {
                double[] acc = new double[3];
                double sum = 0;
                for (int k = (int) Math.floor(c - 3 * widen); k <= (int) Math.ceil(c + 3 * widen); k++) {
                    double wt = kernel((k + 0.5 - c) / widen);
                    if (wt == 0) continue;
                    double[] t = tmp[(Math.max(y0, Math.min(y1 - 1, k)) - y0) * w + x];
                    for (int i = 0; i < 3; i++) acc[i] += wt * t[i];
                    sum += wt;
                }
                int rr = clamp(acc[0] / sum), gg = clamp(acc[1] / sum), bb = clamp(acc[2] / sum);
                out[y * w + x] = rr << 16 | gg << 8 | bb;
            }
        }
        return out;
    }

    private static double kernel(double x) {
        double a = Math.abs(x);
        if (a < 1e-12) return 1;
        if (a >= 3) return 0;
        double p = Math.PI * x;
        return 3 * Math.sin(p) * Math.sin(p / 3) / (p * p);
    }

    private static int clamp(double v) {
        return (int) Math.max(0, Math.min(255, Math.round(v)));
    }

    /** PSNR (dB) of {@code test}'s RGB against {@code ref} over the pixels where {@code inside} is true. */
    public static double psnr(int[] ref, int[] test, boolean[] inside) {
        double se = 0;
        long n = 0;
        for (int i = 0; i < ref.length; i++) {
            if (!inside[i]) continue;
            for (int shift = 0; shift <= 16; shift += 8) {
                int d = ((ref[i] >> shift) & 255) - ((test[i] >> shift) & 255);
                se += d * d;
            }
            n += 3;
        }
        return n == 0 ? Double.NaN : 10 * Math.log10(255.0 * 255.0 / (se / n));
    }
}
