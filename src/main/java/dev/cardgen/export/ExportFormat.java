package dev.cardgen.export;

import dev.cardgen.core.WireValue;

import java.util.Optional;

/** File formats an export can be written in; on the wire {@code png} and {@code jpeg}. */
public enum ExportFormat implements WireValue {
    PNG("image/png", "png"),
    JPEG("image/jpeg", "jpg");

    private final String contentType;
    private final String extension;

    ExportFormat(String contentType, String extension) {
        this.contentType = contentType;
        this.extension = extension;
    }

    public String contentType() {
        return contentType;
    }

    public String extension() {
        return extension;
    }

    public static Optional<ExportFormat> parse(String wire) {
        return WireValue.parse(values(), wire);
    }
}
