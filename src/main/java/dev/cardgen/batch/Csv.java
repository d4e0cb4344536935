package dev.cardgen.batch;

import dev.cardgen.api.ApiException;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * A strict RFC 4180 reader: fields separated by commas, records by CRLF (a bare LF is accepted too);
 * a field in double quotes may hold commas, line breaks and doubled quotes. UTF-8, with or without a
 * byte order mark. Anything else (a quote inside an unquoted field, text after a closing quote, an
 * unclosed quote, bytes that are not UTF-8) is a 400 {@code invalid_csv} naming the line. Empty lines
 * are skipped.
 */
final class Csv {

    private Csv() {
    }

    /** The records, each with the 1-based line it starts on. */
    record Record(int line, List<String> fields) {
    }

    static List<Record> parse(byte[] bytes) {
        String text = decode(bytes);
        if (text.startsWith("\uFEFF")) {
            text = text.substring(1);
        }
        List<Record> out = new ArrayList<>();
        List<String> fields = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        int line = 1;
        int recordLine = 1;
        boolean started = false; // the record has a field (perhaps empty)
        boolean touched = false; // the current field has content or a quoted part
        int n = text.length();
        int i = 0;
        while (i < n) {
            char c = text.charAt(i);
            if (c == '"') {
                if (touched) {
                    throw invalid(line, "a double quote inside an unquoted field (quote the whole field and double the quote)");
                }
                int opened = line;
                i++;
                while (true) {
                    if (i >= n) {
                        throw invalid(opened, "a quoted field is not closed");
                    }
                    char q = text.charAt(i++);
                    if (q == '"') {
                        if (i < n && text.charAt(i) == '"') {
                            field.append('"');
                            i++;
                            continue;
                        }
                        break;
                    }
                    if (q == '\n') {
                        line++;
                    }
                    field.append(q);
                }
                if (i < n && text.charAt(i) != ',' && text.charAt(i) != '\r' && text.charAt(i) != '\n') {
                    throw invalid(line, "text after the closing quote of a field");
                }
                started = true;
                touched = true;
            } else if (c == ',') {
                fields.add(field.toString());
                field.setLength(0);
                started = true;
                touched = false;
                i++;
            } else if (c == '\r' || c == '\n') {
                if (c == '\r' && (i + 1 >= n || text.charAt(i + 1) != '\n')) {
                    throw invalid(line, "a carriage return not followed by a line feed");
                }
                i += c == '\r' ? 2 : 1;
                if (started) {
                    fields.add(field.toString());
                    out.add(new Record(recordLine, List.copyOf(fields)));
                }
                fields.clear();
                field.setLength(0);
                started = false;
                touched = false;
                line++;
                recordLine = line;
            } else {
                field.append(c);
                started = true;
                touched = true;
                i++;
            }
        }
        if (started) {
            fields.add(field.toString());
            out.add(new Record(recordLine, List.copyOf(fields)));
        }
        return out;
    }

    private static String decode(byte[] bytes) {
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw ApiException.invalid("invalid_csv", "The CSV is not valid UTF-8.", null);
        }
    }

    private static ApiException invalid(int line, String what) {
        return ApiException.invalid("invalid_csv", "The CSV is malformed on line " + line + ": " + what + ".", null);
    }
}
