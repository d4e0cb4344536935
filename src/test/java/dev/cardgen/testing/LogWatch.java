package dev.cardgen.testing;

import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * The records one class of the application logs while the watch is open: for a test that must wait
 * for something only the log shows from outside, such as a worker meeting a database that is away.
 */
public final class LogWatch implements AutoCloseable {

    private final Logger logger;
    private final List<LogRecord> records = new CopyOnWriteArrayList<>();
    private final Handler handler = new Handler() {
        @Override
        public void publish(LogRecord record) {
            records.add(record);
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    };

    private LogWatch(Class<?> source) {
        logger = Logger.getLogger(source.getName());
        logger.addHandler(handler);
    }

    public static LogWatch of(Class<?> source) {
        return new LogWatch(source);
    }

    /** Whether a message was logged that contains each of {@code fragments}. */
    public boolean logged(String... fragments) {
        return records.stream().map(LogRecord::getMessage).anyMatch(m -> m != null && Arrays.stream(fragments).allMatch(m::contains));
    }

    /** The messages logged so far, for a failure's message. */
    @Override
    public String toString() {
        return records.size() + " message(s): " + records.stream().map(LogRecord::getMessage).toList();
    }

    @Override
    public void close() {
        logger.removeHandler(handler);
    }
}
