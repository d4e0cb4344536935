package dev.cardgen.api;

import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.ext.Provider;
import jakarta.ws.rs.ext.ReaderInterceptor;
import jakarta.ws.rs.ext.ReaderInterceptorContext;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * A JSON body must be UTF-8 (RFC 8259 §8.1). Jackson would guess UTF-16 or UTF-32 from the first
 * bytes and decode overlong forms ({@code C0 AF} as "/") and encoded surrogates without complaint,
 * so the bytes are checked with the JDK's strict decoder first. A NUL byte cannot occur in UTF-8
 * JSON (control characters must be escaped), and is how UTF-16/32 text without a byte-order mark
 * shows itself. JSON bodies are small: the whole body is held in memory once.
 */
@Provider
public class Utf8JsonBodies implements ReaderInterceptor {

    @Override
    public Object aroundReadFrom(ReaderInterceptorContext context) throws IOException {
        MediaType type = context.getMediaType();
        if (type == null || !("json".equals(type.getSubtype()) || type.getSubtype().endsWith("+json"))) {
            return context.proceed();
        }
        byte[] body = context.getInputStream().readAllBytes();
        check(body);
        context.setInputStream(new ByteArrayInputStream(body));
        return context.proceed();
    }

    static void check(byte[] body) {
        for (byte b : body) {
            if (b == 0) {
                throw notUtf8();
            }
        }
        try {
            StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(body));
        } catch (CharacterCodingException e) {
            throw notUtf8();
        }
    }

    private static ApiException notUtf8() {
        return ApiException.invalid("invalid_json", "The request body must be JSON encoded as UTF-8.", null);
    }
}
