package dev.cardgen.pg;

import org.eclipse.microprofile.config.Config;
import org.jboss.logging.Logger;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Properties;
import java.util.function.Consumer;

/**
 * Tails one PostgreSQL NOTIFY channel on a dedicated connection (not from the pool: it is held for
 * the life of the process) in a daemon thread, reconnecting after failures with a back-off
 * ({@link ListenConfig}). {@code onConnect} runs
 * after every (re)connect, because notifications sent while disconnected are lost and the caller
 * must re-read whatever they announce.
 */
public final class PgListener {

    private static final Logger LOG = Logger.getLogger(PgListener.class);
    private static final int WAIT_MILLIS = 500;

    private final String url;
    private final Properties props = new Properties();
    private final String channel;
    private final Consumer<String> onPayload;
    private final Runnable onConnect;
    private final long retryInitialMillis;
    private final long retryMaxMillis;
    private volatile boolean running;
    private Thread thread;

    public PgListener(Config config, ListenConfig retry, String channel, Consumer<String> onPayload, Runnable onConnect) {
        this.url = config.getValue("quarkus.datasource.jdbc.url", String.class);
        config.getOptionalValue("quarkus.datasource.username", String.class).ifPresent(u -> props.setProperty("user", u));
        config.getOptionalValue("quarkus.datasource.password", String.class).ifPresent(p -> props.setProperty("password", p));
        props.setProperty("ApplicationName", "cardgen-listen-" + channel);
        this.channel = channel;
        this.onPayload = onPayload;
        this.onConnect = onConnect;
        this.retryInitialMillis = Math.max(1, retry.retryInitial().toMillis());
        this.retryMaxMillis = Math.max(retryInitialMillis, retry.retryMax().toMillis());
    }

    public synchronized void start() {
        running = true;
        thread = new Thread(this::loop, "pg-listen-" + channel);
        thread.setDaemon(true);
        thread.start();
    }

    public synchronized void stop() {
        running = false;
        if (thread != null) {
            thread.interrupt();
        }
    }

    private void loop() {
        long backoff = retryInitialMillis;
        while (running) {
            try (Connection conn = DriverManager.getConnection(url, props)) {
                try (Statement st = conn.createStatement()) {
                    st.execute("LISTEN " + channel);
                }
                backoff = retryInitialMillis;
                safely(onConnect);
                PGConnection pg = conn.unwrap(PGConnection.class);
                while (running) {
                    PGNotification[] batch = pg.getNotifications(WAIT_MILLIS);
                    if (batch == null) {
                        continue;
                    }
                    for (PGNotification n : batch) {
                        String payload = n.getParameter();
                        safely(() -> onPayload.accept(payload));
                    }
                }
            } catch (SQLException e) {
                if (!running) {
                    return;
                }
                LOG.warnf("LISTEN %s failed (%s); reconnecting in %d ms", channel, e.getMessage(), backoff);
                try {
                    Thread.sleep(backoff);
                } catch (InterruptedException ie) {
                    return;
                }
                backoff = Math.min(backoff * 2, retryMaxMillis);
            }
        }
    }

    private void safely(Runnable r) {
        try {
            r.run();
        } catch (RuntimeException e) {
            LOG.errorf(e, "Handling a notification on %s failed", channel);
        }
    }
}
