package dev.cardgen.core;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Status;
import jakarta.transaction.Synchronization;
import jakarta.transaction.TransactionSynchronizationRegistry;

/** Runs an action once the caller's transaction has committed, and never when it rolls back. */
@ApplicationScoped
public class AfterCommit {

    @Inject
    TransactionSynchronizationRegistry transactions;

    /** Must be called inside a transaction. */
    public void run(Runnable action) {
        transactions.registerInterposedSynchronization(new Synchronization() {
            @Override
            public void beforeCompletion() {
            }

            @Override
            public void afterCompletion(int status) {
                if (status == Status.STATUS_COMMITTED) {
                    action.run();
                }
            }
        });
    }
}
