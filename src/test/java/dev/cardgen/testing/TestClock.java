package dev.cardgen.testing;

import dev.cardgen.jobs.JobDispatcher;
import io.agroal.api.AgroalDataSource;
import jakarta.annotation.Priority;
import jakarta.enterprise.inject.Alternative;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

import static org.awaitility.Awaitility.await;

/**
 * The injected clock in tests: the system clock plus an offset a test can move forward
 * (and must {@link #reset()} in a finally block). Replaces the {@code @DefaultBean} of api.Clocks.
 */
@Alternative
@Priority(1)
@Singleton
public class TestClock extends Clock {

    private volatile Duration offset = Duration.ZERO;

    @Inject
    Instance<AgroalDataSource> dataSource;
    @Inject
    Instance<JobDispatcher> dispatcher;

    /** Moves the clock now, running jobs or not: a jump past a running job's lease lets the reaper take it back. */
    public void advance(Duration by) {
        offset = offset.plus(by);
    }

    /**
     * Moves the clock once this instance runs no job. Real time never passes a running job's lease (its
     * heartbeat renews it), so a test that means "a day later" waits for its jobs to end first.
     */
    public void advanceWhenIdle(Duration by) {
        await().atMost(Duration.ofSeconds(30)).until(() -> runningJobs() == 0);
        advance(by);
    }

    private int runningJobs() throws SQLException {
        try (Connection c = dataSource.get().getConnection();
             PreparedStatement ps = c.prepareStatement("SELECT count(*) FROM jobs WHERE state = 'running' AND lease_owner = ?")) {
            ps.setString(1, dispatcher.get().instanceId());
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getInt(1);
            }
        }
    }

    public void reset() {
        offset = Duration.ZERO;
    }

    @Override
    public Instant instant() {
        return Instant.now().plus(offset);
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        return this;
    }
}
