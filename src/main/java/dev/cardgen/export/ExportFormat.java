package dev.cardgen.export;

import java.util.Arrays;
import java.util.Optional;

/** File formats an export can be written in. */
public enum ExportFormat {
    PNG("png", "image/png", "png"),
    JPEG("jpeg", "image/jpeg", "jpg");

    private final String id;
    private final String contentType;
    private final String extension;

    ExportFormat(String id, String contentType, String extension) {
        this.id = id;
        this.contentType = contentType;
        this.extension = extension;
    }

    public String id() {
        return id;
    }

    public String contentType() {
        return contentType;
    }

    public String extension() {
        return extension;
    }

    public static Optional<ExportFormat> parse(String id) {
        return Arrays.stream(values()).filter(f -> f.id.equals(id)).findFirst();
    }
}
