package dev.cardgen.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * CPU time from {@code /proc} (Linux): a JVM's threads summed by group (JIT, GC, job workers and the
 * pool's deflate, HTTP, other) and every PostgreSQL process on the machine, in milliseconds. The clock
 * tick is 10 ms, so one reading is coarse; medians over rounds are what to read.
 */
final class ProcessCpu {

    private static final long MS_PER_TICK = 10;

    private ProcessCpu() {
    }

    static Map<String, Long> snapshot(long pid) throws IOException {
        Map<String, Long> ticks = new TreeMap<>();
        try (Stream<Path> tasks = Files.list(Path.of("/proc", Long.toString(pid), "task"))) {
            for (Path task : (Iterable<Path>) tasks::iterator) {
                long[] t = ticks(task.resolve("stat"));
                if (t != null) {
                    ticks.merge(group(Files.readString(task.resolve("comm")).strip()), t[0], Long::sum);
                }
            }
        }
        try (Stream<Path> procs = Files.list(Path.of("/proc"))) {
            for (Path p : (Iterable<Path>) procs::iterator) {
                if (p.getFileName().toString().chars().allMatch(Character::isDigit)) {
                    try {
                        if (Files.readString(p.resolve("comm")).strip().equals("postgres")) {
                            long[] t = ticks(p.resolve("stat"));
                            if (t != null) {
                                ticks.merge("postgres", t[0], Long::sum);
                            }
                        }
                    } catch (IOException gone) {
                        // the process ended between the listing and the read
                    }
                }
            }
        }
        return ticks;
    }

    /** Per group, the milliseconds between two snapshots (a process or thread that ended is left out). */
    static Map<String, Long> since(Map<String, Long> before, Map<String, Long> after) {
        Map<String, Long> ms = new TreeMap<>();
        long service = 0;
        for (Map.Entry<String, Long> e : after.entrySet()) {
            long d = Math.max(0, e.getValue() - before.getOrDefault(e.getKey(), 0L)) * MS_PER_TICK;
            ms.put(e.getKey(), d);
            if (!e.getKey().equals("postgres")) {
                service += d;
            }
        }
        ms.put("service", service);
        return ms;
    }

    static Map<String, Long> medians(List<Map<String, Long>> rounds) {
        Map<String, Long> out = new LinkedHashMap<>();
        for (String key : List.of("service", "workers", "jit", "gc", "http", "other", "postgres")) {
            List<Long> v = new ArrayList<>();
            for (Map<String, Long> r : rounds) {
                v.add(r.getOrDefault(key, 0L));
            }
            Collections.sort(v);
            out.put(key, v.get(v.size() / 2));
        }
        return out;
    }

    private static String group(String thread) {
        if (thread.startsWith("C1 Compiler") || thread.startsWith("C2 Compiler")) {
            return "jit";
        }
        if (thread.startsWith("G1") || thread.startsWith("GC ") || thread.startsWith("VM Periodic") || thread.equals("VM Thread")) {
            return "gc";
        }
        if (thread.startsWith("executor-thread") || thread.startsWith("ForkJoinPool") || thread.startsWith("cardgen-")) {
            return "workers";
        }
        if (thread.startsWith("vert.x")) {
            return "http";
        }
        return "other";
    }

    /** utime + stime in clock ticks, or null when the entry is gone. */
    private static long[] ticks(Path stat) {
        try {
            String s = Files.readString(stat);
            String[] f = s.substring(s.lastIndexOf(')') + 2).split(" ");
            return new long[]{Long.parseLong(f[11]) + Long.parseLong(f[12])};
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }
}
