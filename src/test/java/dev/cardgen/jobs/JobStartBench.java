package dev.cardgen.jobs;

import dev.cardgen.core.Ids;
import dev.cardgen.testing.JobsStreamProfile;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import static org.awaitility.Awaitility.await;

/**
 * Benchmark, not a test (its name keeps it out of the default surefire run): how long after its
 * transaction's last statement (so the commit included) a job begins to run, enqueued (the dispatcher's claim) and enqueued here (a
 * free worker of this instance, no claim), alternated in pairs on one instance and database. Run with
 * {@code ./mvnw test -Dtest=JobStartBench -Dbench.runs=40}.
 */
@QuarkusTest
@TestProfile(JobsStreamProfile.class)
class JobStartBench {

    @Inject
    JobQueue queue;
    @Inject
    TestHandlers.Timed timed;

    @Test
    void run() {
        int runs = Integer.getInteger("bench.runs", 40);
        List<Double> claimed = new ArrayList<>(), here = new ArrayList<>();
        for (int i = 0; i < runs + 5; i++) {
            double a = once(false), b = once(true);
            if (i >= 5) { // the first five: warm-up
                claimed.add(a);
                here.add(b);
            }
        }
        Collections.sort(claimed);
        Collections.sort(here);
        System.out.printf("jobstart: commit → run begins, medians of %d alternated pairs (p10–p90): claimed %.2f ms (%.2f–%.2f), "
                        + "started here %.2f ms (%.2f–%.2f)%n", runs, claimed.get(runs / 2), claimed.get(runs / 10), claimed.get(runs * 9 / 10),
                here.get(runs / 2), here.get(runs / 10), here.get(runs * 9 / 10));
    }

    private double once(boolean startHere) {
        String ref = "ref_" + Ids.random(16);
        long[] committed = new long[1];
        QuarkusTransaction.requiringNew().run(() -> {
            if (startHere) {
                queue.enqueueHere("test-timed", ref, null);
            } else {
                queue.enqueue("test-timed", ref);
            }
            committed[0] = System.nanoTime(); // the commit follows
        });
        await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(1)).until(() -> timed.startedAt.containsKey(ref));
        return (timed.startedAt.get(ref) - committed[0]) / 1e6;
    }
}
