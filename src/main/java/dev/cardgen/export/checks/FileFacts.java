package dev.cardgen.export.checks;

import dev.cardgen.export.ExportFormat;

import java.nio.charset.StandardCharsets;

/**
 * What an image file's own bytes say, read from its headers without decoding the pixels: the format
 * (by magic bytes, not by name), the size, and how it declares its colours. PNG: the IHDR, then the
 * chunks before the first IDAT ({@code sRGB}, {@code iCCP}, {@code cHRM}). JPEG: the markers up to
 * the first scan (an {@code ICC_PROFILE} APP2, an Adobe APP14, the frame's component count).
 *
 * @param format null when the bytes are neither PNG nor JPEG
 * @param colour how the colours are declared, as a phrase for a check's detail
 * @param srgb whether that declaration is sRGB (tagged, or untagged RGB/grey, which is read as sRGB)
 */
public record FileFacts(ExportFormat format, int width, int height, long bytes, String colour, boolean srgb) {

    private static final byte[] PNG = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};

    public static FileFacts of(byte[] file) {
        if (startsWith(file, PNG)) return png(file);
        if (file.length > 3 && (file[0] & 0xFF) == 0xFF && (file[1] & 0xFF) == 0xD8 && (file[2] & 0xFF) == 0xFF) return jpeg(file);
        return new FileFacts(null, 0, 0, file.length, "unknown format", false);
    }

    private static FileFacts png(byte[] f) {
        int width = f.length >= 24 ? int32(f, 16) : 0, height = f.length >= 24 ? int32(f, 20) : 0;
        int colourType = f.length > 25 ? f[25] & 0xFF : -1;
        boolean srgbChunk = false, iccp = false, chrm = false;
        String profile = null;
        for (int at = 8; at + 8 <= f.length; ) {
            int length = int32(f, at);
            String type = new String(f, at + 4, 4, StandardCharsets.US_ASCII);
            if (type.equals("IDAT") || type.equals("IEND") || length < 0) break;
            switch (type) {
                case "sRGB" -> srgbChunk = true;
                case "cHRM" -> chrm = true;
                case "iCCP" -> {
                    iccp = true;
                    int end = at + 8;
                    while (end < f.length && end < at + 8 + Math.min(length, 80) && f[end] != 0) end++;
                    profile = new String(f, at + 8, end - at - 8, StandardCharsets.ISO_8859_1);
                }
                default -> { }
            }
            at += 12 + length;
        }
        boolean rgbOrGrey = colourType == 0 || colourType == 2 || colourType == 4 || colourType == 6 || colourType == 3;
        if (srgbChunk) return new FileFacts(ExportFormat.PNG, width, height, f.length, "PNG tagged sRGB (sRGB chunk)", rgbOrGrey);
        if (iccp) {
            boolean named = profile != null && profile.toLowerCase(java.util.Locale.ROOT).contains("srgb");
            return new FileFacts(ExportFormat.PNG, width, height, f.length, "PNG with ICC profile '" + profile + "'", named);
        }
        if (chrm) return new FileFacts(ExportFormat.PNG, width, height, f.length, "PNG with its own primaries (cHRM), not sRGB", false);
        return new FileFacts(ExportFormat.PNG, width, height, f.length, "PNG without a colour space (read as sRGB)", rgbOrGrey);
    }

    private static FileFacts jpeg(byte[] f) {
        int width = 0, height = 0, components = 0;
        boolean icc = false, adobe = false;
        String profile = null;
        for (int at = 2; at + 4 <= f.length; ) {
            if ((f[at] & 0xFF) != 0xFF) break;
            int marker = f[at + 1] & 0xFF;
            if (marker == 0xD8 || (marker >= 0xD0 && marker <= 0xD7) || marker == 0x01 || marker == 0xFF) {
                at += marker == 0xFF ? 1 : 2;
                continue;
            }
            int length = int16(f, at + 2);
            if (marker == 0xDA || marker == 0xD9) break;
            int body = at + 4;
            if (marker == 0xE2 && matches(f, body, "ICC_PROFILE\0")) {
                icc = true;
                profile = iccDescription(f, body + 14, length - 16);
            } else if (marker == 0xEE && matches(f, body, "Adobe")) {
                adobe = true;
            } else if (marker >= 0xC0 && marker <= 0xCF && marker != 0xC4 && marker != 0xC8 && marker != 0xCC && body + 6 <= f.length) {
                height = int16(f, body + 1);
                width = int16(f, body + 3);
                components = f[body + 5] & 0xFF;
            }
            at += 2 + length;
        }
        if (components == 4) return new FileFacts(ExportFormat.JPEG, width, height, f.length, "JPEG in CMYK", false);
        if (icc) {
            boolean named = profile != null && profile.toLowerCase(java.util.Locale.ROOT).contains("srgb");
            return new FileFacts(ExportFormat.JPEG, width, height, f.length, "JPEG with ICC profile '" + profile + "'", named);
        }
        return new FileFacts(ExportFormat.JPEG, width, height, f.length,
                "JPEG without a colour profile" + (adobe ? " (Adobe)" : "") + " (read as sRGB)", components == 3 || components == 1);
    }

    /** The profile's description, as far as a short look finds it (its ASCII 'desc' text), else its header's colour space. */
    private static String iccDescription(byte[] f, int start, int length) {
        int end = Math.min(f.length, start + Math.max(0, length));
        for (int i = start; i + 12 < end; i++) {
            if (f[i] == 'd' && f[i + 1] == 'e' && f[i + 2] == 's' && f[i + 3] == 'c' && f[i + 4] == 0) {
                int n = Math.min(int32(f, i + 8), 64), from = i + 12;
                if (n > 0 && from + n <= end) return new String(f, from, n, StandardCharsets.ISO_8859_1).replace("\0", "").trim();
            }
        }
        return "unnamed";
    }

    private static boolean startsWith(byte[] f, byte[] prefix) {
        if (f.length < prefix.length) return false;
        for (int i = 0; i < prefix.length; i++) if (f[i] != prefix[i]) return false;
        return true;
    }

    private static boolean matches(byte[] f, int at, String ascii) {
        if (at + ascii.length() > f.length) return false;
        for (int i = 0; i < ascii.length(); i++) if (f[at + i] != (byte) ascii.charAt(i)) return false;
        return true;
    }

    private static int int32(byte[] f, int at) {
        return ((f[at] & 0xFF) << 24) | ((f[at + 1] & 0xFF) << 16) | ((f[at + 2] & 0xFF) << 8) | (f[at + 3] & 0xFF);
    }

    private static int int16(byte[] f, int at) {
        return ((f[at] & 0xFF) << 8) | (f[at + 1] & 0xFF);
    }
}
