package dev.cardgen.api;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Which configurations the start-up check refuses (the check itself, without starting the service). */
@Execution(ExecutionMode.CONCURRENT) // no application: runs beside the @QuarkusTest classes (pom.xml)
class PublicBaseUrlCheckTest {

    private static final Optional<String> NONE = Optional.empty();
    private static final Optional<String> BASE = Optional.of("https://cards.example.com");

    @Test
    void productionWithoutAPublicBaseUrlIsRefused() {
        List<String> refusals = PublicBaseUrlCheck.refusals(true, NONE, false, false, List.of());
        assertEquals(1, refusals.size(), refusals::toString);
        assertTrue(refusals.get(0).startsWith("cardgen.public-base-url (CARDGEN_PUBLIC_BASE_URL) is not set."), refusals.get(0));
        assertEquals(refusals, PublicBaseUrlCheck.refusals(true, Optional.of("  "), false, false, List.of()), "blank is unset");
    }

    @Test
    void productionStartsWithAPublicBaseUrlOrTheExplicitOptOut() {
        assertEquals(List.of(), PublicBaseUrlCheck.refusals(true, BASE, false, false, List.of()));
        assertEquals(List.of(), PublicBaseUrlCheck.refusals(true, Optional.of("http://10.0.0.7:8080/cards/"), false, false, List.of()));
        assertEquals(List.of(), PublicBaseUrlCheck.refusals(true, NONE, true, false, List.of()));
    }

    @Test
    void devAndTestBuildFromTheRequestWithoutRefusing() {
        assertEquals(List.of(), PublicBaseUrlCheck.refusals(false, NONE, false, false, List.of()));
    }

    @Test
    void aPublicBaseUrlThatIsNotAnHttpBaseIsRefusedInEveryMode() {
        for (boolean production : new boolean[] {true, false}) {
            assertRefusedAs(production, "cards.example.com", "it must start with https:// or http://");
            assertRefusedAs(production, "ftp://cards.example.com", "it must start with https:// or http://");
            assertRefusedAs(production, "https://", "it is not a URL");
            assertRefusedAs(production, "https:///path", "it has no host");
            assertRefusedAs(production, "https://cards.example.com/?a=b", "it must not have user info, a query or a fragment");
            assertRefusedAs(production, "https://u:p@cards.example.com", "it must not have user info, a query or a fragment");
            assertRefusedAs(production, "https://cards.example.com/ x", "it is not a URL");
        }
    }

    @Test
    void forwardingWithoutTrustedProxiesIsRefusedInEveryMode() {
        for (boolean production : new boolean[] {true, false}) {
            List<String> refusals = PublicBaseUrlCheck.refusals(production, BASE, false, true, List.of());
            assertEquals(1, refusals.size(), refusals::toString);
            assertTrue(refusals.get(0).startsWith("quarkus.http.proxy.proxy-address-forwarding=true without quarkus.http.proxy.trusted-proxies"),
                    refusals.get(0));
            assertEquals(refusals, PublicBaseUrlCheck.refusals(production, BASE, false, true, List.of(" ")));
            assertEquals(List.of(), PublicBaseUrlCheck.refusals(production, BASE, false, true, List.of("10.0.0.5", "10.0.1.0/24")));
            assertEquals(List.of(), PublicBaseUrlCheck.refusals(production, BASE, false, false, List.of()));
        }
    }

    @Test
    void everyReasonIsReportedAtOnce() {
        List<String> refusals = PublicBaseUrlCheck.refusals(true, NONE, false, true, List.of());
        assertEquals(2, refusals.size(), refusals::toString);
    }

    private static void assertRefusedAs(boolean production, String base, String why) {
        List<String> refusals = PublicBaseUrlCheck.refusals(production, Optional.of(base), false, false, List.of());
        assertEquals(1, refusals.size(), () -> base + ": " + refusals);
        assertTrue(refusals.get(0).startsWith("cardgen.public-base-url is '" + base + "': " + why), refusals.get(0));
    }
}
