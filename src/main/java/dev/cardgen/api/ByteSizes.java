package dev.cardgen.api;

/** Byte counts as messages quote them. */
public final class ByteSizes {
    private static final long KB = 1024;
    private static final long MB = KB * KB;

    private ByteSizes() {
    }

    /**
     * {@code 20971520} → "20 MB", {@code 1500000} → "1.4 MB", {@code 65536} → "64 KB", {@code 900} → "900 bytes":
     * binary units with one decimal at most (none when it is 0), rounded down, so that "larger than the
     * 20 MB limit" stays true of every size over the limit.
     */
    public static String readable(long bytes) {
        if (bytes >= MB) {
            return tenths(bytes * 10 / MB) + " MB";
        }
        if (bytes >= KB) {
            return tenths(bytes * 10 / KB) + " KB";
        }
        return bytes + " bytes";
    }

    private static String tenths(long tenths) {
        return tenths % 10 == 0 ? Long.toString(tenths / 10) : tenths / 10 + "." + tenths % 10;
    }
}
