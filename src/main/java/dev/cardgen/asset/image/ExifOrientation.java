package dev.cardgen.asset.image;

/** Reads the Orientation tag (0x0112) from IFD0 of a TIFF-structured EXIF block. */
final class ExifOrientation {

    private static final int TAG_ORIENTATION = 0x0112;
    private static final int TYPE_SHORT = 3;

    private ExifOrientation() {
    }

    /** Orientation 1..8 from EXIF bytes (with or without the "Exif\0\0" prefix); 1 when absent or malformed. */
    static int parse(byte[] b, int off, int len) {
        int end = Math.min(b.length, off + len);
        if (end - off >= 6 && b[off] == 'E' && b[off + 1] == 'x' && b[off + 2] == 'i' && b[off + 3] == 'f'
                && b[off + 4] == 0 && b[off + 5] == 0) {
            off += 6;
        }
        if (end - off < 8) {
            return 1;
        }
        boolean little;
        if (b[off] == 'I' && b[off + 1] == 'I') {
            little = true;
        } else if (b[off] == 'M' && b[off + 1] == 'M') {
            little = false;
        } else {
            return 1;
        }
        if (u16(b, off + 2, little) != 42) {
            return 1;
        }
        long ifd = u32(b, off + 4, little);
        if (ifd < 8 || off + ifd + 2 > end) {
            return 1;
        }
        int p = off + (int) ifd;
        int count = u16(b, p, little);
        p += 2;
        for (int i = 0; i < count && p + 12 <= end; i++, p += 12) {
            if (u16(b, p, little) == TAG_ORIENTATION) {
                if (u16(b, p + 2, little) != TYPE_SHORT) {
                    return 1;
                }
                int value = u16(b, p + 8, little);
                return value >= 1 && value <= 8 ? value : 1;
            }
        }
        return 1;
    }

    private static int u16(byte[] b, int p, boolean little) {
        int a = b[p] & 0xFF;
        int c = b[p + 1] & 0xFF;
        return little ? a | c << 8 : a << 8 | c;
    }

    private static long u32(byte[] b, int p, boolean little) {
        long hi = u16(b, little ? p + 2 : p, little);
        long lo = u16(b, little ? p : p + 2, little);
        return hi << 16 | lo;
    }
}
