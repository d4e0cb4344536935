package dev.cardgen.render.subject;

import java.awt.Point;
import java.awt.Rectangle;
import java.util.List;
import java.util.Objects;

/**
 * A seller's hint: the product lies inside {@code box}; {@code include} points are product,
 * {@code exclude} points backdrop. Working-copy pixels. The box and the points are copied, so a
 * caller that changes its own afterwards does not change the hint.
 */
public record SubjectHint(Rectangle box, List<Point> include, List<Point> exclude) {

    public SubjectHint {
        Objects.requireNonNull(box, "box");
        Objects.requireNonNull(include, "include");
        Objects.requireNonNull(exclude, "exclude");
        if (box.isEmpty()) {
            throw new IllegalArgumentException("box must be non-empty");
        }
        box = new Rectangle(box);
        include = copy(include, "include");
        exclude = copy(exclude, "exclude");
    }

    /** A box alone, without points. */
    public static SubjectHint of(Rectangle box) {
        return new SubjectHint(box, List.of(), List.of());
    }

    @Override
    public Rectangle box() {
        return new Rectangle(box);
    }

    @Override
    public List<Point> include() {
        return copy(include, "include");
    }

    @Override
    public List<Point> exclude() {
        return copy(exclude, "exclude");
    }

    private static List<Point> copy(List<Point> points, String name) {
        return points.stream().map(p -> new Point(Objects.requireNonNull(p, name + " holds a null point"))).toList();
    }
}
