package dev.cardgen.core;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;

/** Our own values (records, maps) as JSON text: they always serialise, so a failure is a bug, not bad input. */
public final class Json {
    private Json() {
    }

    public static String write(ObjectMapper json, Object value) {
        try {
            return json.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("not serialisable as JSON: " + value.getClass().getName(), e);
        }
    }

    /** JSON text we stored ourselves, read back: unreadable text is a bug, not bad input. */
    public static <T> T read(ObjectMapper json, String text, com.fasterxml.jackson.core.type.TypeReference<T> type) {
        try {
            return json.readValue(text, type);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("stored JSON unreadable as " + type.getType(), e);
        }
    }
}
