package io.quarkus.smallrye.openapi.runtime;

import io.quarkus.arc.profile.IfBuildProfile;
import io.quarkus.smallrye.openapi.OpenApiFilter;
import io.quarkus.smallrye.openapi.runtime.filter.AutoSecurityFilter;
import io.smallrye.openapi.runtime.io.Format;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Alternative;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Prepares each OpenAPI document on its first request instead of while the application starts.
 * Quarkus 3.36 reads the document the build wrote, a 175 KB JSON file, through its YAML parser
 * before the service is ready: 0.3–0.4 s of the start-up thread on 2 cores, and the YAML parser's
 * loops are hot enough that C2 compiles them during the start, about a quarter of its start-up
 * work (docs/cold-start.md). Production replicas are rarely asked for the document; the first
 * {@code /q/openapi} request of a replica pays this instead. The documents served are the same.
 * <p>
 * The one cardgen class outside {@code dev.cardgen}: the start-up step it defers is package-private
 * in the framework, so it must share the framework's package, and its class loader. That holds in
 * the packaged application (and a native image), not in dev mode and {@code @QuarkusTest}, where the
 * framework's classes have a loader of their own: hence prod builds only. Delete it on a Quarkus
 * release that builds documents on their first request (quarkusio/quarkus#55538).
 */
@IfBuildProfile("prod")
@Alternative
@Priority(1)
@ApplicationScoped
public class DeferredOpenApiDocumentService extends OpenApiDocumentService {

    /** Document name → its preparation, as the framework asked for it at start-up; guarded by {@code this}. */
    private final Map<String, Runnable> pending = new HashMap<>();

    @Override
    void prepareDocument(AutoSecurityFilter autoSecurityFilter, Map<OpenApiFilter.RunStage, List<String>> filtersByStage,
            String documentName) {
        // The framework finds the application's resources through the calling thread's loader: keep start-up's.
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        Runnable prepare = () -> {
            Thread thread = Thread.currentThread();
            ClassLoader before = thread.getContextClassLoader();
            thread.setContextClassLoader(loader);
            try {
                super.prepareDocument(autoSecurityFilter, filtersByStage, documentName);
            } finally {
                thread.setContextClassLoader(before);
            }
        };
        synchronized (this) {
            pending.put(documentName, prepare);
        }
    }

    @Override
    public byte[] getDocument(String documentName, Format format) {
        prepare(documentName);
        return super.getDocument(documentName, format);
    }

    /** Synchronised: also orders every later read of the framework's (unsynchronised) map after its write. */
    private synchronized void prepare(String documentName) {
        Runnable prepare = pending.remove(documentName);
        if (prepare != null) {
            prepare.run();
        }
    }
}
