package dev.cardgen.bench;

import dev.cardgen.testing.BadUploads;
import dev.cardgen.testing.SmallContainer;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * The cold-start matrix of the packaged service: for each JVM option set (BENCH_STARTUP_JVM,
 * ';'-separated; default: plain and the archive this JDK can use; {@code image}: Dockerfile.aot's
 * options and environment with {@code -XX:MaxRAM=512m}, the container the manifests ask for, and any
 * options after the word), with and without the schema migration at start (BENCH_MIGRATE,
 * {@code yes,no}; {@code no} alone: a serverless replica's start), BENCH_STARTS starts (5) of:
 * process start → /q/health/ready, process start → {@code done} of a first 3-variant generation, the
 * service's CPU time at both (what a loaded, shared machine changes least), RSS when idle after ready
 * and its peak during that generation (BENCH_IDLE_RSS=no skips the separate start for the idle RSS), and
 * the CPU at ready of the JIT's compiler threads, the main thread, the GC and the rest. The sets take
 * turns, one start each per round, so a busy minute on the shared build VM falls on all of them; the
 * load average is printed with every set. A set that begins with {@code dir=FOLDER} starts the packaged
 * application of that folder (another build, each trained in its own folder) instead of BENCH_APP_DIR's.
 */
final class StartupBench {

    private final ServiceBench bench;
    /** The option sets being measured, in the order they take turns. */
    private final List<Config> configs = new ArrayList<>();

    StartupBench(ServiceBench bench) {
        this.bench = bench;
    }

    void run() throws Exception {
        int starts = Integer.parseInt(System.getenv().getOrDefault("BENCH_STARTS", "5"));
        boolean jdk25 = Runtime.version().feature() >= 25;
        String archive = jdk25 ? "-XX:AOTCache=app.aot" : "-XX:SharedArchiveFile=app-cds.jsa";
        String variants = System.getenv().getOrDefault("BENCH_STARTUP_JVM", ";" + archive);
        migrateOnly();
        // One start that creates the bench key and uploads the photo every later first card uses.
        bench.start(List.of("-Dquarkus.flyway.migrate-at-start=false"), true);
        String asset = bench.uploadAsset(BadUploads.photoJpeg(4000, 3000));
        bench.stop();
        for (String set : variants.split(";", -1)) {
            Path dir = ServiceBench.appDir();
            String variant = set;
            if (set.strip().startsWith("dir=")) {
                String[] split = set.strip().split("\\s+", 2);
                dir = Path.of(split[0].substring("dir=".length()));
                variant = split.length > 1 ? split[1] : "";
            }
            List<String> jvm;
            Map<String, String> environment = new java.util.HashMap<>();
            if (variant.strip().startsWith("image")) {
                // As the image runs in a 512 MB container (on this machine's cores): Dockerfile.aot's options and
                // environment, then what follows the word (later options win).
                jvm = new ArrayList<>(List.of(SmallContainer.imageEnvironment().get("JAVA_OPTS").strip().split("\\s+")));
                jvm.add("-XX:MaxRAM=" + SmallContainer.LIMIT_MB + "m");
                String more = variant.strip().substring("image".length()).strip();
                if (!more.isEmpty()) {
                    jvm.addAll(Arrays.asList(more.split("\\s+")));
                }
                environment.putAll(SmallContainer.environment());
            } else {
                jvm = variant.isBlank() ? List.of() : Arrays.asList(variant.strip().split("\\s+"));
            }
            if (jvm.stream().anyMatch(o -> o.contains("app.aot") || o.contains("app-cds.jsa"))
                    && !Files.exists(dir.resolve(jdk25 ? "app.aot" : "app-cds.jsa"))) {
                System.out.println("startup: skipped (no archive in " + dir + "): " + variant);
                continue;
            }
            for (String migrate : System.getenv().getOrDefault("BENCH_MIGRATE", "yes,no").split(",")) {
                List<String> options = new ArrayList<>(jvm);
                options.add("-Dquarkus.flyway.migrate-at-start=" + migrate.strip().equals("yes"));
                options.add("-Dquarkus.flyway.active=" + migrate.strip().equals("yes")); // a serverless replica: Flyway not even set up
                configs.add(new Config(dir, options, environment));
            }
        }
        // Round by round, each set once per round: on a shared machine a slow minute then falls on every set alike.
        for (int i = 0; i < starts; i++) {
            for (Config c : configs) {
                measure(c, asset);
            }
        }
        for (Config c : configs) {
            c.report();
        }
        bench.environment.clear();
        bench.launchDir = ServiceBench.appDir();
    }

    /** One JVM option set and environment, and what its starts measured. */
    private final class Config {
        final Path dir;
        final List<String> options;
        final Map<String, String> environment;
        final List<Long> ready = new ArrayList<>();
        final List<Long> cpu = new ArrayList<>();
        final List<Long> firstCard = new ArrayList<>();
        final List<Long> cpuCard = new ArrayList<>();
        final List<Long> rssIdle = new ArrayList<>();
        final List<Long> rssPeak = new ArrayList<>();
        /** CPU at ready per group of the service's threads (THREAD_GROUPS), one value per start. */
        final Map<String, List<Long>> threads = new java.util.TreeMap<>();
        final List<String> loads = new ArrayList<>();

        Config(Path dir, List<String> options, Map<String, String> environment) {
            this.dir = dir;
            this.options = options;
            this.environment = environment;
        }

        void report() {
            String how = (environment.isEmpty() ? "" : environment.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
                    .collect(java.util.stream.Collectors.joining(" ", "", " "))) + "java " + String.join(" ", options) + " -jar quarkus-run.jar (in " + dir + ", java " + Runtime.version() + ")";
            System.out.println("startup: " + how + "; load average at its starts " + String.join(", ", loads));
            ServiceBench.report("  process start → /q/health/ready UP (ms)", ready);
            ServiceBench.report("  CPU (user+sys) of the service at ready (ms)", cpu);
            // Groups that took 50 ms or more in some start (a thread that starts late is missing from earlier starts' lists).
            threads.forEach((group, ms) -> {
                if (ms.stream().anyMatch(m -> m >= 50)) {
                    ServiceBench.report("    of which " + group + " (ms)", ms);
                }
            });
            ServiceBench.report("  process start → done of a first 3-variant generation (ms)", firstCard);
            ServiceBench.report("  CPU (user+sys) of the service at that done (ms)", cpuCard);
            if (!rssIdle.isEmpty()) {
                ServiceBench.report("  RSS idle 2 s after ready (MB)", rssIdle);
            }
            ServiceBench.report("  peak RSS through the first generation (MB)", rssPeak);
        }
    }

    /**
     * The one-shot migration step of a serverless deployment: must create the schema on an empty
     * database and exit 0 without opening HTTP (the port is never answered).
     */
    private void migrateOnly() throws Exception {
        long t0 = System.nanoTime();
        Process p = bench.launch(bench.command(List.of("-Dquarkus.init-and-exit=true", "-Dquarkus.flyway.active=true", "-Dquarkus.flyway.migrate-at-start=true"), false, 0));
        if (!p.waitFor(300, java.util.concurrent.TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IllegalStateException("the migrate-only run failed; see app.log");
        }
        System.out.printf("startup: migrate-only run (quarkus.init-and-exit) on an empty database: exit 0 after %d ms; load average %s%n",
                (System.nanoTime() - t0) / 1_000_000, load());
    }

    private void measure(Config c, String asset) throws Exception {
        bench.launchDir = c.dir;
        bench.environment.clear();
        bench.environment.putAll(c.environment);
        c.loads.add(load());
        long t0 = System.nanoTime();
        c.ready.add(bench.start(c.options, false));
        long pid = bench.app.pid();
        Map<String, Long> threads = threadCpu(pid);
        long total = ServiceBench.cpuMillis(pid);
        c.cpu.add(total);
        threads.put("threads ended before ready", Math.max(0, total - threads.values().stream().mapToLong(Long::longValue).sum()));
        threads.forEach((group, ms) -> c.threads.computeIfAbsent(group, g -> new ArrayList<>()).add(ms));
        bench.runGeneration(asset);
        c.firstCard.add((System.nanoTime() - t0) / 1_000_000);
        c.cpuCard.add(ServiceBench.cpuMillis(pid));
        c.rssPeak.add(status(pid, "VmHWM"));
        bench.stop();
        // Start by start, so sets that took turns can be compared in pairs (on a loaded VM the medians alone mislead).
        System.out.printf("startup: set %d, start %d: ready %d ms, CPU at ready %d ms (start-up thread %d ms), first card %d ms, load %s%n",
                configs.indexOf(c) + 1, c.ready.size(), c.ready.get(c.ready.size() - 1), total, threads.getOrDefault("'java'", -1L),
                c.firstCard.get(c.firstCard.size() - 1), c.loads.get(c.loads.size() - 1));
        if (!"no".equals(System.getenv("BENCH_IDLE_RSS"))) {
            // Idle RSS from a separate start: the generation above would have grown it.
            bench.start(c.options, false);
            java.util.concurrent.locks.LockSupport.parkNanos(2_000_000_000L); // let start-up stragglers settle
            c.rssIdle.add(status(bench.app.pid(), "VmRSS"));
            bench.stop();
        }
    }

    /** Thread names grouped: the JIT's compilers, the GC, the rest by name with its numbers left out. */
    private static final Map<String, java.util.regex.Pattern> THREAD_GROUPS = new java.util.LinkedHashMap<>(Map.of(
            "C2 compiler threads", java.util.regex.Pattern.compile("C2 Compiler.*"),
            "C1 compiler threads", java.util.regex.Pattern.compile("C1 Compiler.*"),
            "GC and VM threads", java.util.regex.Pattern.compile("VM .*|GC .*|G1 .*|Serial.*")));

    /**
     * CPU (ms) of each of THREAD_GROUPS and of the other threads by name, digits left out ("java" is the
     * main thread), in the process so far (Linux /proc).
     */
    static Map<String, Long> threadCpu(long pid) throws IOException {
        Map<String, Long> out = new java.util.TreeMap<>();
        try (var tasks = Files.list(Path.of("/proc/" + pid + "/task"))) {
            for (Path t : (Iterable<Path>) tasks::iterator) {
                String stat;
                try {
                    stat = Files.readString(t.resolve("stat"));
                } catch (IOException gone) {
                    continue; // the thread ended
                }
                String name = stat.substring(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
                String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
                long ms = (Long.parseLong(f[11]) + Long.parseLong(f[12])) * 10;
                String group = THREAD_GROUPS.entrySet().stream().filter(e -> e.getValue().matcher(name).matches())
                        .map(Map.Entry::getKey).findFirst().orElse("'" + name.replaceAll("\\d+", "#") + "'");
                out.merge(group, ms, Long::sum);
            }
        }
        return out;
    }

    /** A /proc/PID/status memory line in MB (also read by SubjectBench for its own process). */
    static long status(long pid, String key) throws IOException {
        return Files.readAllLines(Path.of("/proc/" + pid + "/status")).stream().filter(l -> l.startsWith(key + ":"))
                .map(l -> Long.parseLong(l.replaceAll("\\D", "")) / 1024).findFirst().orElse(-1L);
    }

    private static String load() throws IOException {
        String[] f = Files.readString(Path.of("/proc/loadavg")).split(" ");
        return f[0] + " " + f[1] + " " + f[2];
    }
}
