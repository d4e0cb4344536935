package dev.cardgen.testing;

import io.vertx.ext.web.Router;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/** Test-only: the status of every request the server answered on each stream token, in order. */
@ApplicationScoped
public class StreamRequests {

    private final Map<String, List<Integer>> statuses = new ConcurrentHashMap<>();

    void install(@Observes Router router) {
        router.get("/api/v1/render-stream/:token").order(Integer.MIN_VALUE + 10).handler(ctx -> {
            String token = ctx.pathParam("token");
            ctx.addHeadersEndHandler(v -> statuses.computeIfAbsent(token, k -> new CopyOnWriteArrayList<>())
                    .add(ctx.response().getStatusCode()));
            ctx.next();
        });
    }

    /** The statuses of the requests on the stream of {@code streamUrl}, oldest first. */
    public List<Integer> of(String streamUrl) {
        return List.copyOf(statuses.getOrDefault(streamUrl.substring(streamUrl.lastIndexOf('/') + 1), List.of()));
    }
}
