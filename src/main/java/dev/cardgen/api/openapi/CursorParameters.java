package dev.cardgen.api.openapi;

import dev.cardgen.api.PageRequest;
import org.eclipse.microprofile.openapi.OASFactory;
import org.eclipse.microprofile.openapi.models.media.Schema;
import org.eclipse.microprofile.openapi.models.parameters.Parameter;

import java.math.BigDecimal;
import java.util.List;

/**
 * The cursor parameters of every list, described by what {@link PageRequest} accepts. The resources
 * take them as strings so that a bad value is our 400 {@code parameter_invalid}, not the framework's
 * 404; the document still tells generators they are an integer and an id.
 */
final class CursorParameters {

    private CursorParameters() {
    }

    static Parameter describe(Parameter p) {
        if (p.getIn() != Parameter.In.QUERY || p.getName() == null) {
            return p;
        }
        switch (p.getName()) {
            case "limit" -> p.description("How many items a page holds (1–" + PageRequest.MAX_LIMIT + ")")
                    .schema(OASFactory.createSchema().type(List.of(Schema.SchemaType.INTEGER)).format("int32")
                            .minimum(BigDecimal.ONE).maximum(BigDecimal.valueOf(PageRequest.MAX_LIMIT))
                            .defaultValue(PageRequest.DEFAULT_LIMIT));
            case "starting_after" -> p.description("The id of the last item of the previous page; the page starts after it")
                    .schema(OASFactory.createSchema().type(List.of(Schema.SchemaType.STRING)).minLength(1));
            default -> {
            }
        }
        return p;
    }
}
