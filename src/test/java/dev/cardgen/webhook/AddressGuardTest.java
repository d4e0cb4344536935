package dev.cardgen.webhook;

import dev.cardgen.testing.OwnVertx;
import dev.cardgen.testing.WebhookReceiver;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The SSRF guard with allow-private off: addresses, names resolving to them, and a real send to loopback refused. */
class AddressGuardTest {

    @RegisterExtension
    static final OwnVertx VERTX = new OwnVertx();

    @Test
    void nonPublicAddressesAreForbidden() throws Exception {
        for (String a : new String[]{"127.0.0.1", "127.9.9.9", "10.0.0.1", "10.255.1.2", "172.16.0.1", "172.31.255.255", "192.168.1.1",
                "169.254.169.254", "169.254.1.1", "100.64.0.1", "100.127.255.254", "0.0.0.0", "224.0.0.1", "255.255.255.255",
                "::1", "::", "fe80::1", "fc00::1", "fd00:ec2::254", "::ffff:10.0.0.1", "::ffff:127.0.0.1", "64:ff9b::a9fe:a9fe",
                "2002:7f00:1::1", "ff02::1"}) {
            assertTrue(AddressGuard.forbidden(InetAddress.getByName(a)), a);
        }
        for (String a : new String[]{"93.184.216.34", "8.8.8.8", "100.128.0.1", "172.32.0.1", "2606:2800:220:1:248:1893:25c8:1946",
                "2a00:1450:4001:82b::200e"}) {
            assertFalse(AddressGuard.forbidden(InetAddress.getByName(a)), a);
        }
    }

    @Test
    void aNameIsCheckedByEveryAddressItResolvesTo() throws Exception {
        Map<String, String[]> dns = Map.of(
                "metadata.example", new String[]{"169.254.169.254"},
                "intranet.example", new String[]{"10.1.2.3"},
                "mixed.example", new String[]{"93.184.216.34", "127.0.0.1"},
                "v6loop.example", new String[]{"::1"},
                "public.example", new String[]{"93.184.216.34"});
        AddressGuard.Resolver resolver = host -> {
            String[] found = dns.get(host);
            if (found == null) {
                throw new UnknownHostException(host);
            }
            InetAddress[] out = new InetAddress[found.length];
            for (int i = 0; i < found.length; i++) {
                out[i] = InetAddress.getByName(found[i]);
            }
            return out;
        };
        for (String host : new String[]{"metadata.example", "intranet.example", "mixed.example", "v6loop.example"}) {
            AddressGuard.Refused r = assertThrows(AddressGuard.Refused.class, () -> AddressGuard.resolve(host, resolver, false), host);
            assertTrue(r.getMessage().contains("is not a public address"), r.getMessage());
        }
        assertEquals("93.184.216.34", AddressGuard.resolve("public.example", resolver, false).get(0).getHostAddress());
        assertEquals("the host name could not be resolved",
                assertThrows(AddressGuard.Refused.class, () -> AddressGuard.resolve("nowhere.example", resolver, false)).getMessage());
        assertEquals(1, AddressGuard.resolve("intranet.example", resolver, true).size(), "allow-private lets it through");
    }

    @Test
    void aSendToLoopbackIsRefusedBeforeConnectingUnlessPrivateIsAllowed() throws Exception {
        try (WebhookReceiver receiver = new WebhookReceiver();
             WebhookSender guarded = new WebhookSender(VERTX.get(), InetAddress::getAllByName, false, Duration.ofSeconds(5));
             WebhookSender open = new WebhookSender(VERTX.get(), InetAddress::getAllByName, true, Duration.ofSeconds(5))) {
            for (String url : new String[]{receiver.url("/a"), "http://localhost:" + receiver.port() + "/a",
                    "http://[::1]:" + receiver.port() + "/a"}) {
                WebhookSender.Outcome o = guarded.post(url, "{}", "t=1,v1=00");
                assertNull(o.statusCode(), url);
                assertTrue(o.error().contains("is not a public address"), url + ": " + o.error());
            }
            assertEquals(0, receiver.received().size(), "nothing reached the receiver");
            WebhookSender.Outcome ok = open.post(receiver.url("/a"), "{}", "t=1,v1=00");
            assertEquals(200, ok.statusCode());
            assertTrue(ok.succeeded());
            assertEquals(1, receiver.received().size());
        }
    }

    @Test
    void aRedirectIsAFailedAttemptAndNotFollowed() throws Exception {
        try (WebhookReceiver receiver = new WebhookReceiver().script(302);
             WebhookSender open = new WebhookSender(VERTX.get(), InetAddress::getAllByName, true, Duration.ofSeconds(5))) {
            WebhookSender.Outcome o = open.post(receiver.url("/a"), "{}", "t=1,v1=00");
            assertEquals(302, o.statusCode());
            assertFalse(o.succeeded());
            assertEquals(1, receiver.received().size());
        }
    }
}
