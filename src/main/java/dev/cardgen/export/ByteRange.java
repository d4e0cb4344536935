package dev.cardgen.export;

import dev.cardgen.api.ApiException;
import dev.cardgen.api.ErrorTypes;

import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One HTTP byte range (RFC 9110 §14.1.2): {@code bytes=a-b}, {@code bytes=a-}, {@code bytes=-n}.
 * Multiple ranges and other units are ignored (the whole file is sent), as the RFC allows.
 */
record ByteRange(long offset, long length) {

    private static final Pattern SINGLE = Pattern.compile("bytes=(\\d{0,18})-(\\d{0,18})");

    long last() {
        return offset + length - 1;
    }

    String contentRange(long size) {
        return "bytes " + offset + "-" + last() + "/" + size;
    }

    /** Empty for no header or one we do not serve partially; 416 for a range outside the file. */
    static Optional<ByteRange> parse(String header, long size) {
        if (header == null) {
            return Optional.empty();
        }
        Matcher m = SINGLE.matcher(header.trim());
        if (!m.matches() || (m.group(1).isEmpty() && m.group(2).isEmpty())) {
            return Optional.empty();
        }
        if (m.group(1).isEmpty()) {
            long suffix = Long.parseLong(m.group(2));
            if (suffix == 0 || size == 0) {
                throw unsatisfiable(size);
            }
            long n = Math.min(suffix, size);
            return Optional.of(new ByteRange(size - n, n));
        }
        long first = Long.parseLong(m.group(1));
        if (!m.group(2).isEmpty() && Long.parseLong(m.group(2)) < first) {
            return Optional.empty(); // syntactically invalid: ignore the header
        }
        if (first >= size) {
            throw unsatisfiable(size);
        }
        long last = m.group(2).isEmpty() ? size - 1 : Long.parseLong(m.group(2));
        last = Math.min(last, size - 1);
        return Optional.of(new ByteRange(first, last - first + 1));
    }

    private static ApiException unsatisfiable(long size) {
        return new ApiException(416, ErrorTypes.INVALID_REQUEST, "range_not_satisfiable",
                "The requested range is outside the file, which is " + size + " bytes long.", null,
                Map.of("Content-Range", "bytes */" + size));
    }
}
