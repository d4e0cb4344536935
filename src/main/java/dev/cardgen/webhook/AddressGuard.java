package dev.cardgen.webhook;

import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Arrays;
import java.util.List;

/**
 * Keeps webhook deliveries away from the service's own network: loopback, private, link-local
 * (which holds the cloud metadata address 169.254.169.254), CGNAT, unique-local, multicast and other
 * reserved ranges, in IPv4 and IPv6, including IPv4 addresses embedded in IPv6 (mapped, NAT64, 6to4).
 * A name is refused when any of its addresses is refused, so a name cannot mix a public and a private
 * answer to pass the check.
 */
public final class AddressGuard {

    /** A resolver, replaceable in tests; in production {@link InetAddress#getAllByName}. */
    public interface Resolver {
        InetAddress[] resolve(String host) throws UnknownHostException;
    }

    /** The destination may not be used; the message says why in words fit for the deliveries list. */
    public static final class Refused extends Exception {
        public Refused(String message) {
            super(message, null, false, false);
        }
    }

    private AddressGuard() {
    }

    /** The addresses to connect to, in the resolver's order; all of them allowed. */
    public static List<InetAddress> resolve(String host, Resolver resolver, boolean allowPrivate) throws Refused {
        InetAddress[] all;
        try {
            all = resolver.resolve(host);
        } catch (UnknownHostException e) {
            throw new Refused("the host name could not be resolved");
        }
        if (all.length == 0) {
            throw new Refused("the host name could not be resolved");
        }
        if (!allowPrivate) {
            for (InetAddress a : all) {
                check(a, false);
            }
        }
        return Arrays.asList(all);
    }

    public static void check(InetAddress a, boolean allowPrivate) throws Refused {
        if (!allowPrivate && forbidden(a)) {
            throw new Refused("the destination address " + a.getHostAddress() + " is not a public address");
        }
    }

    /** True for every address that is not a public unicast one. */
    public static boolean forbidden(InetAddress a) {
        if (a.isAnyLocalAddress() || a.isLoopbackAddress() || a.isLinkLocalAddress() || a.isSiteLocalAddress()
                || a.isMulticastAddress()) {
            return true;
        }
        byte[] b = a.getAddress();
        if (a instanceof Inet4Address) {
            return forbiddenV4(b);
        }
        if (a instanceof Inet6Address) {
            int first = b[0] & 0xff;
            if ((first & 0xfe) == 0xfc) {
                return true; // fc00::/7 unique local
            }
            if (first == 0 && allZero(b, 0, 10) && (b[10] & 0xff) == 0xff && (b[11] & 0xff) == 0xff) {
                return forbiddenV4(Arrays.copyOfRange(b, 12, 16)); // ::ffff:a.b.c.d mapped
            }
            if (allZero(b, 0, 12)) {
                return true; // ::a.b.c.d compatible, ::, ::1
            }
            if (first == 0x00 && (b[1] & 0xff) == 0x64 && (b[2] & 0xff) == 0xff && (b[3] & 0xff) == 0x9b) {
                return forbiddenV4(Arrays.copyOfRange(b, 12, 16)); // 64:ff9b::/96 NAT64
            }
            if (first == 0x20 && (b[1] & 0xff) == 0x02) {
                return forbiddenV4(Arrays.copyOfRange(b, 2, 6)); // 2002::/16 6to4
            }
            return first == 0x20 && (b[1] & 0xff) == 0x01 && (b[2] & 0xff) == 0x0d && (b[3] & 0xff) == 0xb8; // documentation
        }
        return true;
    }

    private static boolean forbiddenV4(byte[] b) {
        int o1 = b[0] & 0xff;
        int o2 = b[1] & 0xff;
        int o3 = b[2] & 0xff;
        return o1 == 0 || o1 == 10 || o1 == 127 || o1 >= 224                 // this network, private, loopback, multicast, reserved
                || (o1 == 100 && o2 >= 64 && o2 <= 127)                       // 100.64/10 CGNAT
                || (o1 == 169 && o2 == 254)                                   // link-local, metadata
                || (o1 == 172 && o2 >= 16 && o2 <= 31)
                || (o1 == 192 && o2 == 168)
                || (o1 == 192 && o2 == 0 && (o3 == 0 || o3 == 2))             // IETF protocol, TEST-NET-1
                || (o1 == 198 && (o2 == 18 || o2 == 19))                      // benchmarking
                || (o1 == 198 && o2 == 51 && o3 == 100) || (o1 == 203 && o2 == 0 && o3 == 113);
    }

    private static boolean allZero(byte[] b, int from, int to) {
        for (int i = from; i < to; i++) {
            if (b[i] != 0) {
                return false;
            }
        }
        return true;
    }
}
