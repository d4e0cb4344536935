package dev.cardgen.asset.image;

import java.nio.file.Path;
import java.util.Objects;

/**
 * An upload whose header passed {@link ImageInspector#inspect}: the file, what its header says, and
 * the header facts the decoder needs, so an upload's header is read once. The header's type is this
 * package's own, so outside it only {@code inspect} can make one: the decoder never meets a header
 * that was not checked or that belongs to another file.
 */
public record InspectedImage(Path file, ImageInfo info, ImageHeaderReader.Header header) {

    public InspectedImage {
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(info, "info");
        Objects.requireNonNull(header, "header");
    }
}
