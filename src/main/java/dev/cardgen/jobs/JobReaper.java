package dev.cardgen.jobs;

import io.quarkus.scheduler.Scheduled;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.jboss.logging.Logger;

/** Requeues jobs whose worker stopped heartbeating (crash, kill, lost connection), or fails them after their last attempt. */
@ApplicationScoped
public class JobReaper {

    private static final Logger LOG = Logger.getLogger(JobReaper.class);

    @Inject
    JobStore store;
    @Inject
    JobDispatcher dispatcher;

    /** Every {@link JobsConfig#reapInterval()}: the expression has no default of its own, the mapping holds it. */
    @Scheduled(every = "${cardgen.jobs.reap-interval}", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void reap() {
        try {
            boolean requeued = false;
            for (JobStore.Reaped job : store.reapExpired(dispatcher.instanceId(), dispatcher.runningHere())) {
                if (job.state() == JobState.FAILED) {
                    LOG.warnf("Job %s (%s %s) abandoned: lease expired on its last attempt", job.id(), job.kind(), job.refId());
                    dispatcher.handler(job.kind()).ifPresentOrElse(
                            h -> dispatcher.giveUp(h, job.refId(), "lease expired"),
                            () -> LOG.errorf("No handler of kind %s to give up job %s", job.kind(), job.id()));
                } else {
                    LOG.infof("Job %s (%s %s) requeued: lease expired", job.id(), job.kind(), job.refId());
                    requeued = true;
                }
            }
            if (requeued) {
                dispatcher.wake();
            }
        } catch (Exception e) {
            LOG.warnf("Reaping expired jobs failed: %s", e.getMessage());
        }
    }
}
