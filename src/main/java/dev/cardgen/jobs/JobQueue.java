package dev.cardgen.jobs;

import dev.cardgen.core.AfterCommit;
import dev.cardgen.core.Ids;
import dev.cardgen.core.Trace;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.transaction.Transactional;

/** The way work enters the queue. */
@ApplicationScoped
public class JobQueue {

    public static final int MAX_ATTEMPTS = 3;

    @Inject
    EntityManager em;
    @Inject
    AfterCommit afterCommit;
    @Inject
    JobDispatcher dispatcher;

    /**
     * Inserts a queued job in the caller's transaction (or a new one when there is none), so the job
     * exists iff the caller's rows commit. The dispatcher of this instance is woken right after
     * commit; a NOTIFY, delivered by PostgreSQL only on commit, wakes the other instances.
     *
     * @return the job id ({@code job_...})
     */
    @Transactional(Transactional.TxType.REQUIRED)
    public String enqueue(String kind, String refId) {
        return enqueue(kind, refId, null);
    }

    /**
     * As {@link #enqueue(String, String)}, for work of an account: the claim shares the workers fairly
     * between the accounts that have jobs queued.
     */
    @Transactional(Transactional.TxType.REQUIRED)
    public String enqueue(String kind, String refId, String accountId) {
        String id = Ids.next("job");
        // created_at only orders the claim (oldest first), it decides nothing by time: the database's
        // clock_timestamp() gives one order across instances, and (unlike now()) keeps the order of
        // jobs enqueued in one transaction.
        em.createNativeQuery("""
                        INSERT INTO jobs (id, kind, ref_id, account_id, state, attempts, max_attempts, created_at, updated_at)
                        SELECT ?1, ?2, ?3, ?5, 'queued', 0, ?4, clock_timestamp(), clock_timestamp()
                          FROM (SELECT pg_notify('%s', ?2)) AS announce""".formatted(JobDispatcher.CHANNEL))
                .setParameter(1, id)
                .setParameter(2, kind)
                .setParameter(3, refId)
                .setParameter(4, MAX_ATTEMPTS)
                .setParameter(5, accountId)
                .executeUpdate();
        Trace.at("enqueued", refId);
        afterCommit.run(() -> {
            Trace.at("after-commit-wake", refId);
            dispatcher.wake();
        });
        return id;
    }

    /** As {@link #enqueue(String, String, String)} for many jobs of one account in one statement, in the order given. */
    @Transactional(Transactional.TxType.REQUIRED)
    public void enqueueAll(String kind, java.util.List<String> refIds, String accountId) {
        if (refIds.isEmpty()) {
            return;
        }
        String[] ids = refIds.stream().map(r -> Ids.next("job")).toArray(String[]::new);
        // One clock reading plus the position in microseconds: strictly in the order given, which the claim follows.
        em.createNativeQuery("""
                        INSERT INTO jobs (id, kind, ref_id, account_id, state, attempts, max_attempts, created_at, updated_at)
                        SELECT j.id, ?1, j.ref_id, ?2, 'queued', 0, ?3, t.now + j.n * interval '1 microsecond', t.now
                          FROM unnest(cast(?4 AS text[]), cast(?5 AS text[])) WITH ORDINALITY AS j(id, ref_id, n)
                          CROSS JOIN (SELECT clock_timestamp() AS now, pg_notify('%s', ?1)) AS t""".formatted(JobDispatcher.CHANNEL))
                .setParameter(1, kind)
                .setParameter(2, accountId)
                .setParameter(3, MAX_ATTEMPTS)
                .setParameter(4, ids)
                .setParameter(5, refIds.toArray(String[]::new))
                .executeUpdate();
        afterCommit.run(dispatcher::wake);
    }
}
