package dev.cardgen.asset;

import dev.cardgen.api.ApiException;
import dev.cardgen.render.subject.SubjectHint;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

import java.awt.Point;
import java.awt.Rectangle;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Body of POST /api/v1/assets/{id}/cutout, and the upload's {@code subject_box}: a box round the
 * product in the photo's pixels (upright, as the asset's width and height), and optional points that
 * are product ({@code include}) or backdrop ({@code exclude}). {@link #validate} gives the hint or a
 * 400 naming the field.
 */
@Schema(name = "CutoutHint")
public record CutoutHint(@Schema(required = true) Box box,
                         @Schema(description = "Points [x, y] that are product", maxItems = CutoutHint.MAX_POINTS) List<List<Integer>> include,
                         @Schema(description = "Points [x, y] that are backdrop", maxItems = CutoutHint.MAX_POINTS) List<List<Integer>> exclude) {

    /** A box must cover at least this share of the photo: anything smaller is a slip of the pointer. */
    static final double MIN_AREA = 0.01;
    static final int MAX_POINTS = 100;

    @Schema(name = "CutoutBox", description = "In the photo's pixels; inside the photo, at least 1 % of its area")
    public record Box(@Schema(required = true, minimum = "0") Integer x, @Schema(required = true, minimum = "0") Integer y,
                      @Schema(required = true, minimum = "1") Integer width, @Schema(required = true, minimum = "1") Integer height) {
    }

    /** The hint in the photo's pixels, checked against a photo of {@code width} × {@code height}. */
    public SubjectHint validate(int width, int height) {
        return new SubjectHint(box(box, "box", width, height), points(include, "include", width, height),
                points(exclude, "exclude", width, height));
    }

    /** The upload's {@code subject_box} form field, {@code x,y,width,height}; null when absent. */
    public static SubjectHint parseField(String value, int width, int height) {
        if (value == null) {
            return null;
        }
        String[] parts = value.trim().split("\\s*,\\s*", -1);
        if (parts.length != 4) {
            throw ApiException.invalidParam("subject_box", "subject_box must be four integers: x,y,width,height.");
        }
        Integer[] n = new Integer[4];
        for (int i = 0; i < 4; i++) {
            try {
                n[i] = Integer.valueOf(parts[i]);
            } catch (NumberFormatException e) {
                throw ApiException.invalidParam("subject_box", "subject_box must be four integers: x,y,width,height.");
            }
        }
        return new SubjectHint(box(new Box(n[0], n[1], n[2], n[3]), "subject_box", width, height), List.of(), List.of());
    }

    private static Rectangle box(Box b, String param, int width, int height) {
        if (b == null) {
            throw ApiException.missingParam(param);
        }
        require(b.x(), param + ".x");
        require(b.y(), param + ".y");
        require(b.width(), param + ".width");
        require(b.height(), param + ".height");
        if (b.width() < 1 || b.height() < 1) {
            throw ApiException.invalidParam(param, "The box's width and height must be positive.");
        }
        if (b.x() < 0 || b.y() < 0 || (long) b.x() + b.width() > width || (long) b.y() + b.height() > height) {
            throw ApiException.invalidParam(param, String.format(Locale.ROOT,
                    "The box must lie inside the photo, which is %d×%d pixels.", width, height));
        }
        if ((double) b.width() * b.height() < MIN_AREA * width * height) {
            throw ApiException.invalidParam(param, "The box must cover at least 1 % of the photo; draw it round the whole product.");
        }
        return new Rectangle(b.x(), b.y(), b.width(), b.height());
    }

    private static void require(Integer value, String param) {
        if (value == null) {
            throw ApiException.missingParam(param);
        }
    }

    private static List<Point> points(List<List<Integer>> points, String param, int width, int height) {
        if (points == null) {
            return List.of();
        }
        if (points.size() > MAX_POINTS) {
            throw ApiException.invalidParam(param, param + " holds at most " + MAX_POINTS + " points.");
        }
        List<Point> out = new ArrayList<>(points.size());
        for (int i = 0; i < points.size(); i++) {
            List<Integer> p = points.get(i);
            String at = param + "[" + i + "]";
            if (p == null || p.size() != 2 || p.get(0) == null || p.get(1) == null) {
                throw ApiException.invalidParam(at, "A point is two integers [x, y].");
            }
            int x = p.get(0);
            int y = p.get(1);
            if (x < 0 || y < 0 || x >= width || y >= height) {
                throw ApiException.invalidParam(at, String.format(Locale.ROOT,
                        "The point must lie inside the photo, which is %d×%d pixels.", width, height));
            }
            out.add(new Point(x, y));
        }
        return out;
    }

    /** {@code hint} from the photo's pixels to a working copy of {@code workingWidth} × {@code workingHeight}. */
    static SubjectHint scaled(SubjectHint hint, int photoWidth, int photoHeight, int workingWidth, int workingHeight) {
        double sx = (double) workingWidth / photoWidth;
        double sy = (double) workingHeight / photoHeight;
        Rectangle b = hint.box();
        int x0 = (int) Math.floor(b.x * sx);
        int y0 = (int) Math.floor(b.y * sy);
        int x1 = Math.min(workingWidth, (int) Math.ceil((b.x + b.width) * sx));
        int y1 = Math.min(workingHeight, (int) Math.ceil((b.y + b.height) * sy));
        return new SubjectHint(new Rectangle(x0, y0, Math.max(1, x1 - x0), Math.max(1, y1 - y0)),
                scaled(hint.include(), sx, sy, workingWidth, workingHeight), scaled(hint.exclude(), sx, sy, workingWidth, workingHeight));
    }

    private static List<Point> scaled(List<Point> points, double sx, double sy, int w, int h) {
        return points.stream().map(p -> new Point(Math.min(w - 1, (int) (p.x * sx)), Math.min(h - 1, (int) (p.y * sy)))).toList();
    }
}
