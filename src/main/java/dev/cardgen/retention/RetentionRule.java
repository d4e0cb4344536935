package dev.cardgen.retention;

import java.time.Duration;
import java.util.function.Function;

/**
 * One kind of row the sweeper deletes: the table, and the condition a row must meet, with {@code ?1}
 * standing for the cutoff instant ({@code now - age}).
 */
record RetentionRule(String name, String table, String condition, Function<RetentionConfig, Duration> age) {

    /**
     * One batch: {@code ?1} the cutoff, {@code ?2} the batch size. Rows another instance is deleting are
     * skipped ({@code SKIP LOCKED}), so several instances can sweep at once; ctid keeps the statement the
     * same for tables whatever their key.
     */
    String deleteBatchSql() {
        return "DELETE FROM " + table + " WHERE ctid = ANY (ARRAY(SELECT ctid FROM " + table + " x WHERE " + condition
                + " LIMIT ?2 FOR UPDATE SKIP LOCKED))";
    }
}
