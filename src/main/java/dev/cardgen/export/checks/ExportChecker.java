package dev.cardgen.export.checks;

import dev.cardgen.export.ExportFormat;
import dev.cardgen.render.Box;
import dev.cardgen.render.CardRenderer;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * Checks an export's file against its preset's rule set. What is judged is what was made: size,
 * format and colour space from the file's bytes, pixels from the file (a PNG is lossless, so the
 * rendered pixels are its pixels; a JPEG is decoded), and from the engine what only it knows for
 * sure: where the product's pixels were placed and which texts it drew. A pure function.
 */
public final class ExportChecker {
    private ExportChecker() {
    }

    static final int WHITE = 0xFFFFFF;

    public static List<ExportCheck> check(RuleSet rules, byte[] file, CardRenderer.Rendered card) {
        FileFacts facts = FileFacts.of(file);
        BufferedImage pixels = rules.mainImage() ? pixels(facts, file, card.image()) : null;
        List<ExportCheck> out = new ArrayList<>();
        for (CheckRule rule : rules.rules()) {
            out.add(switch (rule) {
                case RATIO -> ratio(rules, facts);
                case SIZE -> size(rules, facts);
                case FORMAT -> format(rules, facts);
                case FILE_SIZE -> fileSize(rules, facts);
                case SRGB -> srgb(rules, facts);
                case WHITE_BORDER -> whiteBorder(pixels);
                case PRODUCT_FILL -> productFill(rules, pixels, card.product());
                case NO_TEXT -> noText(card.texts());
                case NO_EDGE_SHADOW -> noEdgeShadow(rules, pixels, card.product(), card.shadow());
                case PRODUCT_RESOLUTION -> productResolution(card.productScale());
            });
        }
        return out;
    }

    private static BufferedImage pixels(FileFacts facts, byte[] file, BufferedImage rendered) {
        if (facts.format() == ExportFormat.PNG && facts.width() == rendered.getWidth() && facts.height() == rendered.getHeight()) {
            return rendered;
        }
        try {
            BufferedImage decoded = ImageIO.read(new ByteArrayInputStream(file));
            return decoded == null ? rendered : decoded;
        } catch (IOException e) {
            return rendered;
        }
    }

    static ExportCheck ratio(RuleSet rules, FileFacts f) {
        int rw = rules.preset().ratio().w(), rh = rules.preset().ratio().h();
        boolean ok = f.width() > 0 && (long) f.width() * rh == (long) f.height() * rw;
        return ExportCheck.of(CheckRule.RATIO, ok, f.width() + "×" + f.height() + (ok ? " is " : " is not ") + rw + ":" + rh);
    }

    static ExportCheck size(RuleSet rules, FileFacts f) {
        boolean ok = f.width() >= rules.minWidth() && f.height() >= rules.minHeight();
        return ExportCheck.of(CheckRule.SIZE, ok, f.width() + "×" + f.height() + (ok ? " meets" : " is below")
                + " the minimum " + rules.minWidth() + "×" + rules.minHeight());
    }

    static ExportCheck format(RuleSet rules, FileFacts f) {
        boolean ok = f.format() != null && rules.formats().contains(f.format());
        String allowed = rules.formats().stream().map(ExportFormat::wire).collect(Collectors.joining(", "));
        return ExportCheck.of(CheckRule.FORMAT, ok, (f.format() == null ? "unknown" : f.format().wire()) + (ok ? " is" : " is not")
                + " allowed (" + allowed + ")");
    }

    static ExportCheck fileSize(RuleSet rules, FileFacts f) {
        boolean ok = f.bytes() <= rules.maxBytes();
        return ExportCheck.of(CheckRule.FILE_SIZE, ok, f.bytes() + " bytes" + (ok ? ", within" : ", over") + " the limit of "
                + rules.maxBytes());
    }

    static ExportCheck srgb(RuleSet rules, FileFacts f) {
        boolean ok = !rules.srgb() || f.srgb();
        return ExportCheck.of(CheckRule.SRGB, ok, f.colour() + (rules.srgb() ? "" : "; not required"));
    }

    static ExportCheck whiteBorder(BufferedImage img) {
        int w = img.getWidth(), h = img.getHeight();
        Offenders o = new Offenders();
        for (int p : Pixels.row(img, 0, 0, w)) o.add(p);
        if (h > 1) for (int p : Pixels.row(img, 0, h - 1, w)) o.add(p);
        for (int y = 1; y < h - 1; y++) {
            o.add(Pixels.row(img, 0, y, 1)[0]);
            if (w > 1) o.add(Pixels.row(img, w - 1, y, 1)[0]);
        }
        int total = w * Math.min(h, 2) + Math.max(0, h - 2) * Math.min(w, 2);
        return ExportCheck.of(CheckRule.WHITE_BORDER, o.count == 0, o.count == 0 ? "every edge pixel is #FFFFFF"
                : o.count + " of " + total + " edge pixels are not #FFFFFF (darkest " + o.darkestHex() + ")");
    }

    /** Coverage: the larger of the product box's width share and height share of the frame. */
    static ExportCheck productFill(RuleSet rules, BufferedImage img, Box product) {
        if (product == null) {
            return ExportCheck.of(CheckRule.PRODUCT_FILL, false, "no product was drawn");
        }
        Box p = clip(product, img.getWidth(), img.getHeight());
        double wShare = p.w() / (double) img.getWidth(), hShare = p.h() / (double) img.getHeight();
        double cover = Math.max(wShare, hShare);
        boolean ok = cover >= rules.minProductFill() - 1e-9;
        return ExportCheck.of(CheckRule.PRODUCT_FILL, ok, String.format(Locale.ROOT, "the product covers %.1f %% of the frame's %s (%s %.0f %%)",
                cover * 100, wShare >= hShare ? "width" : "height", ok ? "at least" : "below", rules.minProductFill() * 100));
    }

    static ExportCheck noText(List<String> texts) {
        return ExportCheck.of(CheckRule.NO_TEXT, texts.isEmpty(), texts.isEmpty() ? "no text was drawn"
                : "text was drawn: " + String.join(", ", texts));
    }

    static ExportCheck noEdgeShadow(RuleSet rules, BufferedImage img, Box product, boolean shadowDrawn) {
        int w = img.getWidth(), h = img.getHeight(), band = rules.edgeBandPixels(w, h);
        Box p = product == null ? null : clip(product, w, h);
        Offenders o = new Offenders();
        for (int y = 0; y < band; y++) {
            scan(img, 0, y, w, p, o);
            scan(img, 0, h - 1 - y, w, p, o);
        }
        for (int y = band; y < h - band; y++) {
            scan(img, 0, y, band, p, o);
            scan(img, w - band, y, band, p, o);
        }
        String where = "the outer " + band + " px outside the product";
        return ExportCheck.of(CheckRule.NO_EDGE_SHADOW, o.count == 0, o.count == 0 ? where + " are pure white"
                : o.count + " pixels in " + where + " are not #FFFFFF (darkest " + o.darkestHex() + ")"
                + (shadowDrawn ? "; a shadow was drawn" : ""));
    }

    /** The product's source pixels per card pixel against the largest enlargement that still looks sharp. */
    static ExportCheck productResolution(Double scale) {
        if (scale == null) {
            return ExportCheck.of(CheckRule.PRODUCT_RESOLUTION, true, "no product was drawn");
        }
        boolean ok = scale * CheckRule.MAX_UPSCALE >= 1 - 1e-9;
        String drawn = scale >= 1 ? String.format(Locale.ROOT, "the product is drawn from %.2f source pixels per card pixel", scale)
                : String.format(Locale.ROOT, "the product is enlarged %.2f× (%.2f source pixels per card pixel)", 1 / scale, scale);
        return ExportCheck.of(CheckRule.PRODUCT_RESOLUTION, ok, drawn + (ok ? ", within" : ", beyond") + " the limit of "
                + String.format(Locale.ROOT, "%.2f×", CheckRule.MAX_UPSCALE) + (ok ? "" : ": upload a larger photo"));
    }

    /** Feeds {@code n} pixels of row {@code y} from {@code x0} to {@code o}, skipping those inside {@code product}. */
    private static void scan(BufferedImage img, int x0, int y, int n, Box product, Offenders o) {
        int[] row = Pixels.row(img, x0, y, n);
        boolean rowHasProduct = product != null && y >= product.y() && y < product.bottom();
        for (int i = 0; i < n; i++) {
            int x = x0 + i;
            if (rowHasProduct && x >= product.x() && x < product.right()) continue;
            o.add(row[i]);
        }
    }

    private static Box clip(Box b, int w, int h) {
        int x0 = Math.max(0, b.x()), y0 = Math.max(0, b.y());
        int x1 = Math.min(w, b.right()), y1 = Math.min(h, b.bottom());
        return new Box(x0, y0, Math.max(0, x1 - x0), Math.max(0, y1 - y0));
    }

    /** Counts pixels that are not pure white and keeps the darkest (lowest sum of channels). */
    private static final class Offenders {
        int count;
        int darkest = WHITE;
        int darkestSum = 3 * 255;

        void add(int argb) {
            int rgb = argb & WHITE;
            if (rgb == WHITE) return;
            count++;
            int sum = (rgb >> 16) + ((rgb >> 8) & 0xFF) + (rgb & 0xFF);
            if (sum < darkestSum) {
                darkestSum = sum;
                darkest = rgb;
            }
        }

        String darkestHex() {
            return String.format(Locale.ROOT, "#%06X", darkest);
        }
    }
}
