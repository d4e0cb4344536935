package dev.cardgen.storage;

/** Argument checks shared by the stores' {@code getRange}. */
final class Ranges {

    private Ranges() {
    }

    static void require(long offset, long length) {
        if (offset < 0 || length < 0) {
            throw new IllegalArgumentException("Range needs offset >= 0 and length >= 0, got " + offset + ", " + length);
        }
    }
}
