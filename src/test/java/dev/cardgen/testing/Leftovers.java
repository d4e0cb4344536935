package dev.cardgen.testing;

import dev.cardgen.asset.AssetBlobs;
import dev.cardgen.storage.BlobStore;
import io.agroal.api.AgroalDataSource;
import io.quarkus.arc.Arc;
import org.eclipse.microprofile.config.ConfigProvider;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * What a request may have written, taken before and after it: one account's rows in every table
 * that has an {@code account_id} and the number of accounts (counted), the blobs under
 * {@code assets/} and the upload files spooled in {@code quarkus.http.body.uploads-directory} (by
 * name: others may be deleted meanwhile, by the orphan sweeper or an earlier request's clean-up).
 * A hostile-input test takes a snapshot first and asserts at the end that its refused requests left
 * none of them behind.
 */
public record Leftovers(Map<String, Long> rows, Set<String> blobs, Set<String> spooled) {

    /** Now, for the account with this id. */
    public static Leftovers of(String accountId) {
        Map<String, Long> counts = new TreeMap<>();
        Set<String> blobs;
        AgroalDataSource db = Arc.container().instance(AgroalDataSource.class).get();
        try (Connection c = db.getConnection()) {
            for (String table : tablesWithAccountId(c)) {
                try (PreparedStatement ps = c.prepareStatement("SELECT count(*) FROM " + table + " WHERE account_id = ?")) {
                    ps.setString(1, accountId);
                    counts.put("rows of " + table, single(ps));
                }
            }
            try (PreparedStatement ps = c.prepareStatement("SELECT count(*) FROM accounts")) {
                counts.put("accounts", single(ps));
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
        try (Stream<String> keys = Arc.container().instance(BlobStore.class).get().list(AssetBlobs.PREFIX)) {
            blobs = keys.collect(Collectors.toSet());
        }
        return new Leftovers(Map.copyOf(counts), blobs, spooledUploads());
    }

    /**
     * Asserts that the rows are as in this snapshot and that no blob or spooled file was added.
     * Quarkus deletes a request's spooled upload after the response has gone out, so the files are
     * given a few seconds to go.
     */
    public void assertNothingLeftBehind(String accountId) {
        await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> {
            Leftovers now = of(accountId);
            assertEquals(new TreeMap<>(rows), new TreeMap<>(now.rows()), "rows left behind");
            assertEquals(Set.of(), added(blobs, now.blobs()), "blobs left behind");
            assertEquals(Set.of(), added(spooled, now.spooled()), "spooled upload files left behind");
        });
    }

    private static Set<String> added(Set<String> before, Set<String> now) {
        Set<String> added = new TreeSet<>(now);
        added.removeAll(before);
        return added;
    }

    private static List<String> tablesWithAccountId(Connection c) throws SQLException {
        List<String> tables = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement("""
                SELECT table_name FROM information_schema.columns
                 WHERE table_schema = 'public' AND column_name = 'account_id' ORDER BY table_name""");
             ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                tables.add(rs.getString(1));
            }
        }
        return tables;
    }

    private static long single(PreparedStatement ps) throws SQLException {
        try (ResultSet rs = ps.executeQuery()) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private static Set<String> spooledUploads() {
        Path dir = Path.of(ConfigProvider.getConfig().getValue("quarkus.http.body.uploads-directory", String.class));
        if (!Files.isDirectory(dir)) {
            return Set.of();
        }
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(Files::isRegularFile).map(Path::toString).collect(Collectors.toSet());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
