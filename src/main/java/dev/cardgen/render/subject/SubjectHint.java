package dev.cardgen.render.subject;

import java.awt.Point;
import java.awt.Rectangle;
import java.util.List;

/** A seller's hint: the product lies inside box; include points are product, exclude points backdrop. Working-copy pixels. */
public record SubjectHint(Rectangle box, List<Point> include, List<Point> exclude) {

    public SubjectHint {
        if (box == null || box.isEmpty()) {
            throw new IllegalArgumentException("box must be non-empty");
        }
        box = new Rectangle(box);
        include = include == null ? List.of() : include.stream().map(Point::new).toList();
        exclude = exclude == null ? List.of() : exclude.stream().map(Point::new).toList();
    }

    @Override
    public Rectangle box() {
        return new Rectangle(box);
    }
}
