package dev.cardgen.storage;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

@Execution(ExecutionMode.CONCURRENT) // no application: runs beside the @QuarkusTest classes (pom.xml)
class ContentDispositionTest {

    @Test
    void plainAsciiName() {
        assertEquals("attachment; filename=\"card-1.png\"; filename*=UTF-8''card-1.png", ContentDisposition.attachment("card-1.png"));
    }

    @Test
    void quotesBackslashesAndNonAsciiCannotBreakTheHeader() {
        assertEquals("attachment; filename=\"Kaffee _gro__ _.png\"; filename*=UTF-8''Kaffee%20%22gro%C3%9F%22%20%E2%98%95.png",
                ContentDisposition.attachment("Kaffee \"groß\" ☕.png"));
    }

    @Test
    void controlCharactersAndPathsAreDropped() {
        assertEquals("attachment; filename=\"x.pngSet-Cookie: a\"; filename*=UTF-8''x.pngSet-Cookie%3A%20a",
                ContentDisposition.attachment("../../etc/x.png\r\nSet-Cookie: a"));
        assertEquals("attachment; filename=\"b.png\"; filename*=UTF-8''b.png", ContentDisposition.attachment("C:\\a\\b.png"));
    }

    @Test
    void emptyOrDotNamesBecomeDownload() {
        assertEquals("attachment; filename=\"download\"; filename*=UTF-8''download", ContentDisposition.attachment(""));
        assertEquals("attachment; filename=\"download\"; filename*=UTF-8''download", ContentDisposition.attachment(null));
        assertEquals("attachment; filename=\"download\"; filename*=UTF-8''download", ContentDisposition.attachment(".."));
    }
}
