package dev.cardgen.core;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.ConnectException;
import java.sql.SQLException;
import javax.transaction.xa.XAException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

@Execution(ExecutionMode.CONCURRENT) // no application: runs beside the @QuarkusTest classes (pom.xml)
class UnavailabilityTest {

    @Test
    void aConnectionErrorAmongTheCausesIsUnavailability() {
        assertTrue(Unavailability.isUnavailable(new IllegalStateException(new RuntimeException(new ConnectException("refused")))));
        assertTrue(Unavailability.isUnavailable(new RuntimeException(new SQLException("terminating connection", "57P01"))));
        assertTrue(Unavailability.isUnavailable(new SQLException("connection failure", "08006")));
    }

    /** What a commit looks like when the database stops during it: the connection's error is suppressed. */
    @Test
    void aConnectionErrorSuppressedInARollbackIsUnavailability() {
        XAException xa = new XAException("Error trying to transactionCommit local transaction");
        xa.initCause(new SQLException("FATAL: terminating connection due to administrator command", "57P01"));
        Exception rollback = new Exception("Could not commit transaction.");
        rollback.addSuppressed(xa);
        assertTrue(Unavailability.isUnavailable(new RuntimeException("commit failed", rollback)));
    }

    @Test
    void aBugIsNot() {
        IllegalStateException bug = new IllegalStateException("bug", new IllegalArgumentException("bad"));
        bug.addSuppressed(new SQLException("unique violation", "23505"));
        assertFalse(Unavailability.isUnavailable(bug));
        assertFalse(Unavailability.isUnavailable(null));
    }

    @Test
    void aChainThatLoopsEnds() {
        RuntimeException a = new RuntimeException("a");
        RuntimeException b = new RuntimeException("b", a);
        a.addSuppressed(b);
        assertFalse(Unavailability.isUnavailable(b));
    }
}
