package dev.cardgen.render;

import java.awt.Font;
import java.awt.RenderingHints;
import java.awt.font.FontRenderContext;
import java.awt.geom.AffineTransform;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.EnumMap;
import java.util.Map;

/**
 * The bundled Roboto faces (Latin + Cyrillic), loaded once from the classpath so the card
 * never depends on fonts installed on the host (and so native images can embed them).
 */
public final class FontSet {
    public enum Face {
        REGULAR("Roboto-Regular.ttf"), MEDIUM("Roboto-Medium.ttf"), BOLD("Roboto-Bold.ttf"), BLACK("Roboto-Black.ttf");

        final String file;

        Face(String file) { this.file = file; }
    }

    /**
     * One measuring context shared by layout and painting: antialiased, fractional metrics,
     * so a width measured at layout time is exactly the width drawn.
     */
    public static final FontRenderContext FRC = new FontRenderContext(new AffineTransform(),
            RenderingHints.VALUE_TEXT_ANTIALIAS_ON, RenderingHints.VALUE_FRACTIONALMETRICS_ON);

    private static final Map<Face, Font> BASE = load();

    private FontSet() {}

    public static Font font(Face face, float size) {
        return BASE.get(face).deriveFont(size);
    }

    private static Map<Face, Font> load() {
        Map<Face, Font> m = new EnumMap<>(Face.class);
        for (Face f : Face.values()) {
            try (InputStream in = FontSet.class.getResourceAsStream("/fonts/" + f.file)) {
                if (in == null) throw new IllegalStateException("missing font resource " + f.file);
                m.put(f, Font.createFont(Font.TRUETYPE_FONT, in));
            } catch (IOException | java.awt.FontFormatException e) {
                throw new UncheckedIOException(new IOException("cannot load font " + f.file, e));
            }
        }
        return m;
    }
}
