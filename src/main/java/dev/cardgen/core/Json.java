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
}
