package dev.cardgen.bench;

import dev.cardgen.testing.BadUploads;
import dev.cardgen.testing.SmallContainer;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The cold-start matrix of the packaged service: for each JVM option set (BENCH_STARTUP_JVM,
 * ';'-separated; default: plain and the archive this JDK can use; {@code image}: Dockerfile.aot's
 * options and environment with {@code -XX:MaxRAM=512m}, the container the manifests ask for, and any
 * options after the word), with and without the schema migration at start (BENCH_MIGRATE,
 * {@code yes,no}; {@code no} alone: a serverless replica's start), BENCH_STARTS starts (5) of:
 * process start → /q/health/ready, process start → {@code done} of a first 3-variant generation, the
 * service's CPU time at both (what a loaded, shared machine changes least), RSS when idle after ready
 * and its peak during that generation. The load average is printed with every set: the build VM is
 * shared.
 */
final class StartupBench {

    private final ServiceBench bench;

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
        for (String variant : variants.split(";", -1)) {
            bench.environment.clear();
            List<String> jvm;
            if (variant.strip().startsWith("image")) {
                // As the image runs in a 512 MB container (on this machine's cores): Dockerfile.aot's options and
                // environment, then what follows the word (later options win).
                jvm = new ArrayList<>(List.of(SmallContainer.imageEnvironment().get("JAVA_OPTS").strip().split("\\s+")));
                jvm.add("-XX:MaxRAM=" + SmallContainer.LIMIT_MB + "m");
                String more = variant.strip().substring("image".length()).strip();
                if (!more.isEmpty()) {
                    jvm.addAll(Arrays.asList(more.split("\\s+")));
                }
                bench.environment.putAll(SmallContainer.environment());
            } else {
                jvm = variant.isBlank() ? List.of() : Arrays.asList(variant.strip().split("\\s+"));
            }
            if (jvm.stream().anyMatch(o -> o.contains("app.aot") || o.contains("app-cds.jsa"))
                    && !Files.exists(ServiceBench.appDir().resolve(jdk25 ? "app.aot" : "app-cds.jsa"))) {
                System.out.println("startup: skipped (no archive in " + ServiceBench.appDir() + "): " + variant);
                continue;
            }
            for (String migrate : System.getenv().getOrDefault("BENCH_MIGRATE", "yes,no").split(",")) {
                measure(jvm, migrate.strip().equals("yes"), asset, starts);
            }
        }
        bench.environment.clear();
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

    private void measure(List<String> jvm, boolean migrate, String asset, int starts) throws Exception {
        List<String> options = new ArrayList<>(jvm);
        options.add("-Dquarkus.flyway.migrate-at-start=" + migrate);
        options.add("-Dquarkus.flyway.active=" + migrate); // a serverless replica: Flyway not even set up
        List<Long> ready = new ArrayList<>();
        List<Long> cpu = new ArrayList<>();
        List<Long> firstCard = new ArrayList<>();
        List<Long> cpuCard = new ArrayList<>();
        List<Long> rssIdle = new ArrayList<>();
        List<Long> rssPeak = new ArrayList<>();
        String loadBefore = load();
        for (int i = 0; i < starts; i++) {
            long t0 = System.nanoTime();
            ready.add(bench.start(options, false));
            long pid = bench.app.pid();
            cpu.add(ServiceBench.cpuMillis(pid));
            bench.runGeneration(asset);
            firstCard.add((System.nanoTime() - t0) / 1_000_000);
            cpuCard.add(ServiceBench.cpuMillis(pid));
            rssPeak.add(status(pid, "VmHWM"));
            bench.stop();
            // Idle RSS from a separate start: the generation above would have grown it.
            bench.start(options, false);
            java.util.concurrent.locks.LockSupport.parkNanos(2_000_000_000L); // let start-up stragglers settle
            rssIdle.add(status(bench.app.pid(), "VmRSS"));
            bench.stop();
        }
        String how = (bench.environment.isEmpty() ? "" : bench.environment.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
                .collect(java.util.stream.Collectors.joining(" ", "", " "))) + "java " + String.join(" ", options) + " -jar quarkus-run.jar (java " + Runtime.version() + ")";
        System.out.println("startup: " + how + "; load average before " + loadBefore + ", after " + load());
        ServiceBench.report("  process start → /q/health/ready UP (ms)", ready);
        ServiceBench.report("  CPU (user+sys) of the service at ready (ms)", cpu);
        ServiceBench.report("  process start → done of a first 3-variant generation (ms)", firstCard);
        ServiceBench.report("  CPU (user+sys) of the service at that done (ms)", cpuCard);
        ServiceBench.report("  RSS idle 2 s after ready (MB)", rssIdle);
        ServiceBench.report("  peak RSS through the first generation (MB)", rssPeak);
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
