package dev.cardgen.storage;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/** Not ready while blobs cannot be written and read back (fs) or the bucket is unreachable (s3). */
@Readiness
@ApplicationScoped
public class BlobStoreHealthCheck implements HealthCheck {

    @Inject
    BlobStore store;
    @Inject
    StorageConfig config;

    @Override
    public HealthCheckResponse call() {
        var response = HealthCheckResponse.named("blob-store").withData("type", config.type().name().toLowerCase());
        try {
            store.checkHealth();
            return response.up().build();
        } catch (RuntimeException e) {
            return response.down().withData("error", String.valueOf(e.getMessage())).build();
        }
    }
}
