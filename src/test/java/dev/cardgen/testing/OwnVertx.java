package dev.cardgen.testing;

import io.vertx.core.Vertx;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A Vert.x of a test class's own, for tests that drive a Vert.x client without the application:
 * {@code @RegisterExtension static final OwnVertx VERTX = new OwnVertx();}, then {@link #get()}.
 * Created before the class's tests, closed (and waited for) after them.
 */
public final class OwnVertx implements BeforeAllCallback, AfterAllCallback {

    private Vertx vertx;

    @Override
    public void beforeAll(ExtensionContext context) {
        vertx = Vertx.vertx();
    }

    @Override
    public void afterAll(ExtensionContext context) {
        vertx.close().toCompletionStage().toCompletableFuture().join();
    }

    public Vertx get() {
        return vertx;
    }
}
