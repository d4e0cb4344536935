package dev.cardgen.asset.image;

import java.nio.file.Path;

/**
 * An upload whose header passed {@link ImageInspector#inspect}: the file, what its header says, and
 * the header facts the decoder needs, so an upload's header is read once. Only {@code inspect} makes
 * one, so the decoder never meets a header that was not checked or that belongs to another file.
 */
public final class InspectedImage {

    private final Path file;
    private final ImageInfo info;
    private final ImageHeaderReader.Header header;

    InspectedImage(Path file, ImageInfo info, ImageHeaderReader.Header header) {
        this.file = file;
        this.info = info;
        this.header = header;
    }

    public Path file() {
        return file;
    }

    public ImageInfo info() {
        return info;
    }

    ImageHeaderReader.Header header() {
        return header;
    }
}
