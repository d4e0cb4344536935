package dev.cardgen.batch;

import dev.cardgen.api.ApiException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The RFC 4180 reader on its own: what it accepts, exactly what it reads, and what it refuses with the line. */
@Execution(ExecutionMode.CONCURRENT) // no application: runs beside the @QuarkusTest classes (pom.xml)
class CsvTest {

    private static List<Csv.Record> parse(String text) {
        return Csv.parse(text.getBytes(StandardCharsets.UTF_8));
    }

    private static List<List<String>> fields(String text) {
        return parse(text).stream().map(Csv.Record::fields).toList();
    }

    @Test
    void plainRowsWithCrlfOrLfAndATrailingLineBreakOrNone() {
        List<List<String>> expected = List.of(List.of("a", "b"), List.of("1", "2"));
        assertEquals(expected, fields("a,b\r\n1,2\r\n"));
        assertEquals(expected, fields("a,b\n1,2\n"));
        assertEquals(expected, fields("a,b\r\n1,2"));
    }

    @Test
    void aByteOrderMarkIsDroppedAndUtf8IsRead() {
        byte[] bom = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};
        byte[] body = "asset_id,title\r\nast_1,Кроссовки «Бег»\r\n".getBytes(StandardCharsets.UTF_8);
        byte[] all = new byte[bom.length + body.length];
        System.arraycopy(bom, 0, all, 0, 3);
        System.arraycopy(body, 0, all, 3, body.length);
        assertEquals(List.of(List.of("asset_id", "title"), List.of("ast_1", "Кроссовки «Бег»")),
                Csv.parse(all).stream().map(Csv.Record::fields).toList());
    }

    @Test
    void quotedFieldsHoldCommasLineBreaksAndDoubledQuotes() {
        var records = parse("a,b,c\r\n\"Sneaker, red\",\"two\r\nlines\",\"say \"\"hi\"\"\"\r\nx,,\"\"\r\n");
        assertEquals(List.of("Sneaker, red", "two\r\nlines", "say \"hi\""), records.get(1).fields());
        assertEquals(List.of("x", "", ""), records.get(2).fields());
        // Each record knows the line it starts on: the quoted line break moved the third record to line 4.
        assertEquals(List.of(1, 2, 4), records.stream().map(Csv.Record::line).toList());
    }

    @Test
    void emptyLinesAreSkippedAndEmptyFieldsKept() {
        assertEquals(List.of(List.of("a", "b"), List.of("", "")), fields("a,b\r\n\r\n,\r\n\r\n"));
    }

    @Test
    void malformedInputIsRefusedNamingTheLine() {
        assertInvalid("a,b\r\n1,2\"x\"\r\n", "line 2");             // a quote inside an unquoted field
        assertInvalid("a,b\r\n\"1\"x,2\r\n", "line 2");             // text after the closing quote
        assertInvalid("a,b\r\n1,\"open\r\n2,3\r\n", "line 2");      // never closed
        assertInvalid("a,b\r1,2\r\n", "line 1");                    // a lone carriage return
        ApiException notUtf8 = assertThrows(ApiException.class, () -> Csv.parse(new byte[]{'a', ',', (byte) 0xC3, '\n'}));
        assertEquals("invalid_csv", notUtf8.code());
        assertEquals(400, notUtf8.status());
    }

    private static void assertInvalid(String text, String where) {
        ApiException e = assertThrows(ApiException.class, () -> parse(text));
        assertEquals("invalid_csv", e.code());
        assertEquals(400, e.status());
        assertTrue(e.getMessage().contains(where), e.getMessage());
    }
}
