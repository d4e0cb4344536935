package dev.cardgen.asset.image;

/**
 * Thrown for any upload that is not an image we can use. The message is a sentence for a
 * person (no paths, no stack); {@link #code()} and {@link #httpStatus()} follow the README's error table.
 */
public final class ImageRejectedException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public enum Reason {
        UNSUPPORTED_MEDIA_TYPE(415, "unsupported_media_type"),
        TOO_SMALL(422, "image_too_small"),
        TOO_MANY_PIXELS(422, "image_too_many_pixels"),
        UNREADABLE(422, "image_unreadable");

        private final int httpStatus;
        private final String code;

        Reason(int httpStatus, String code) {
            this.httpStatus = httpStatus;
            this.code = code;
        }

        public int httpStatus() {
            return httpStatus;
        }

        public String code() {
            return code;
        }
    }

    private final Reason reason;

    public ImageRejectedException(Reason reason, String message) {
        super(message);
        this.reason = reason;
    }

    public ImageRejectedException(Reason reason, String message, Throwable cause) {
        super(message, cause);
        this.reason = reason;
    }

    public Reason reason() {
        return reason;
    }

    /** The API error code, e.g. {@code image_unreadable}. */
    public String code() {
        return reason.code();
    }

    public int httpStatus() {
        return reason.httpStatus();
    }

    static ImageRejectedException unreadable(String message) {
        return new ImageRejectedException(Reason.UNREADABLE, message);
    }

    static ImageRejectedException unreadable(String message, Throwable cause) {
        return new ImageRejectedException(Reason.UNREADABLE, message, cause);
    }
}
