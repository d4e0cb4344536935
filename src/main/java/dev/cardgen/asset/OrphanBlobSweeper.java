package dev.cardgen.asset;

import dev.cardgen.storage.BlobStore;
import io.quarkus.scheduler.Scheduled;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.jboss.logging.Logger;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Removes asset blobs that have no live asset row: left by a crash between the blob write and
 * the insert, or by a delete whose blob removal failed. Blobs younger than the grace period are
 * left alone so an upload in progress is never swept.
 */
@ApplicationScoped
public class OrphanBlobSweeper {

    private static final Logger LOG = Logger.getLogger(OrphanBlobSweeper.class);
    static final Duration GRACE = Duration.ofHours(1);

    @Inject
    BlobStore blobs;
    @Inject
    AssetService assets;
    @Inject
    Clock clock;

    @Scheduled(every = "${cardgen.sweeper.every:1h}", delayed = "5m", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void scheduled() {
        sweep(clock.instant().minus(GRACE));
    }

    /** @return how many blobs were removed */
    public int sweep(Instant olderThan) {
        Set<String> live = new HashSet<>();
        int removed = 0;
        try (Stream<String> keys = blobs.list(AssetBlobs.PREFIX)) {
            for (String key : (Iterable<String>) keys::iterator) {
                String assetId = AssetBlobs.assetIdOf(key);
                if (assetId == null || live.contains(assetId)) {
                    continue;
                }
                if (assets.isLive(assetId)) {
                    live.add(assetId);
                } else if (isOlder(key, olderThan) && blobs.delete(key)) {
                    removed++;
                }
            }
        }
        if (removed > 0) {
            LOG.infof("Swept %d orphan asset blob(s)", removed);
        }
        return removed;
    }

    private boolean isOlder(String key, Instant olderThan) {
        return blobs.stat(key).map(i -> i.lastModified() == null || i.lastModified().isBefore(olderThan)).orElse(false);
    }
}
