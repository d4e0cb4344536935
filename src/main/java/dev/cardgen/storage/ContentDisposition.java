package dev.cardgen.storage;

import java.nio.charset.StandardCharsets;

/**
 * Builds {@code Content-Disposition: attachment} values (RFC 6266) for download names, which may
 * contain anything (quotes, non-ASCII, control characters) and must not break the header.
 */
public final class ContentDisposition {

    private static final String HEX = "0123456789ABCDEF";

    private ContentDisposition() {
    }

    /** {@code attachment; filename="<ASCII fallback>"; filename*=UTF-8''<percent-encoded>}. */
    public static String attachment(String fileName) {
        String name = cleanName(fileName);
        return "attachment; filename=\"" + asciiFallback(name) + "\"; filename*=UTF-8''" + encodeRfc5987(name);
    }

    private static String cleanName(String fileName) {
        // Drop control characters and any path a client might honour; keep the rest for filename*.
        String name = fileName == null ? "" : fileName.replaceAll("[\\p{Cntrl}]", "");
        name = name.substring(Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\')) + 1).strip();
        return name.isEmpty() || name.equals(".") || name.equals("..") ? "download" : name;
    }

    private static String asciiFallback(String name) {
        StringBuilder out = new StringBuilder(name.length());
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            out.append(c >= 0x20 && c < 0x7f && c != '"' && c != '\\' && c != '%' ? c : '_');
        }
        return out.toString();
    }

    private static String encodeRfc5987(String name) {
        StringBuilder out = new StringBuilder();
        for (byte b : name.getBytes(StandardCharsets.UTF_8)) {
            int c = b & 0xff;
            if (isAttrChar(c)) {
                out.append((char) c);
            } else {
                out.append('%').append(HEX.charAt(c >> 4)).append(HEX.charAt(c & 0xf));
            }
        }
        return out.toString();
    }

    private static boolean isAttrChar(int c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
                || "!#$&+-.^_`|~".indexOf(c) >= 0;
    }
}
