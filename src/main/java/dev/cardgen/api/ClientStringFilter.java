package dev.cardgen.api;

import jakarta.ws.rs.container.ContainerRequestContext;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;

import java.util.List;
import java.util.Map;

/**
 * Checks every query parameter and the Idempotency-Key header of a matched request once, so no
 * resource hands a control character to the database ({@code project_id=%00},
 * {@code starting_after=prj_%00}). Unknown routes are not matched and stay 404.
 */
public class ClientStringFilter {

    @ServerRequestFilter
    public void check(ContainerRequestContext request) {
        for (Map.Entry<String, List<String>> param : request.getUriInfo().getQueryParameters().entrySet()) {
            ClientStrings.require(Strings.clip(param.getKey(), 64), param.getKey());
            for (String value : param.getValue()) {
                ClientStrings.require(Strings.clip(param.getKey(), 64), value);
            }
        }
        ClientStrings.require(HttpEdge.IDEMPOTENCY_KEY, request.getHeaderString(HttpEdge.IDEMPOTENCY_KEY));
    }
}
