package dev.cardgen.it;

import dev.cardgen.jobs.JobsConfig;
import io.fabric8.knative.serving.v1.Service;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvFromSource;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.KubernetesList;
import io.fabric8.kubernetes.api.model.Probe;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.ServiceAccount;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.autoscaling.v2.HorizontalPodAutoscaler;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import io.smallrye.config.WithDefault;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The manifests the build writes to {@code target/kubernetes} (after {@code package}), read back into
 * fabric8's Kubernetes and Knative model classes: what a cluster would be given. A property change that
 * breaks a probe, the container's size, where settings come from, the scale bounds, the drain or the
 * migration step fails the build here instead of in a cluster.
 */
@Execution(ExecutionMode.CONCURRENT) // reads files only: runs beside the @QuarkusIntegrationTests (pom.xml)
class ManifestsIT {

    private static final Path DIR = Path.of("target/kubernetes");
    private static final String SECRET = "cardgen-secrets";
    private static final String CONFIG_MAP = "cardgen-config";
    private static final String JOB = "cardgen-flyway-init";
    /** Pool size per replica as the manifests set it, plus the two LISTEN connections each instance holds. */
    private static final int CONNECTIONS_PER_REPLICA = 8 + 2;
    /** PostgreSQL's default max_connections, less its 3 superuser-reserved ones and 5 left for people and tools. */
    private static final int CONNECTIONS_AVAILABLE = 100 - 3 - 5;

    @Test
    void everyManifestIsAKnownKind() throws IOException {
        for (String file : List.of("knative.yml", "kubernetes.yml")) {
            List<HasMetadata> all = read(file);
            assertFalse(all.isEmpty(), file);
            for (HasMetadata r : all) {
                assertFalse(r instanceof GenericKubernetesResource, file + ": not a modelled kind: " + r.getKind() + " " + r.getMetadata().getName());
            }
        }
        assertEquals(List.of("ServiceAccount", "Service"), kinds(read("knative.yml")));
        assertEquals(List.of("ServiceAccount", "Role", "RoleBinding", "Service", "Deployment", "HorizontalPodAutoscaler", "Job"),
                kinds(read("kubernetes.yml")));
    }

    @Test
    void knativeServiceScalesToZeroOnTheSmallestSize() throws IOException {
        Service ksvc = one(read("knative.yml"), Service.class, "cardgen");
        Map<String, String> annotations = ksvc.getSpec().getTemplate().getMetadata().getAnnotations();
        assertEquals("0", annotations.get("autoscaling.knative.dev/min-scale"));
        int maxScale = Integer.parseInt(annotations.get("autoscaling.knative.dev/max-scale"));
        assertEquals(8, maxScale);
        assertTrue(maxScale * CONNECTIONS_PER_REPLICA <= CONNECTIONS_AVAILABLE, "max-scale outgrows PostgreSQL's connections");
        assertEquals("4", annotations.get("autoscaling.knative.dev/target"));
        assertEquals(8L, ksvc.getSpec().getTemplate().getSpec().getContainerConcurrency());

        Container c = single(ksvc.getSpec().getTemplate().getSpec().getContainers());
        assertApplicationContainer(c);
        assertEquals(List.of(new EnvVar("QUARKUS_FLYWAY_ACTIVE", "false", null)),
                c.getEnv().stream().filter(e -> e.getName().startsWith("QUARKUS_FLYWAY")).toList());
        assertEquals(8080, single(c.getPorts()).getContainerPort());
        // Knative routes the probes through its queue-proxy: no port of our own.
        assertProbe(c.getReadinessProbe(), "/q/health/ready", null, 5, 3);
        assertProbe(c.getLivenessProbe(), "/q/health/live", null, 10, 3);
    }

    @Test
    void kubernetesDeploymentDrainsWithinItsGraceAndWaitsForTheMigration() throws IOException {
        List<HasMetadata> all = read("kubernetes.yml");
        Deployment deployment = one(all, Deployment.class, "cardgen");
        var pod = deployment.getSpec().getTemplate().getSpec();
        Duration drain = Duration.parse("PT" + shutdownGraceDefault().toUpperCase());
        assertEquals(30L, pod.getTerminationGracePeriodSeconds());
        assertTrue(drain.plusSeconds(5).toSeconds() <= pod.getTerminationGracePeriodSeconds(),
                "cardgen.jobs.shutdown-grace " + drain + " leaves no time for the rest of the shutdown");

        Container c = single(pod.getContainers());
        assertApplicationContainer(c);
        assertEquals(List.of(new EnvVar("QUARKUS_FLYWAY_ACTIVE", "false", null)),
                c.getEnv().stream().filter(e -> e.getName().startsWith("QUARKUS_FLYWAY")).toList());
        assertProbe(c.getReadinessProbe(), "/q/health/ready", 8080, 5, 3);
        assertProbe(c.getLivenessProbe(), "/q/health/live", 8080, 10, 3);
        assertProbe(c.getStartupProbe(), "/q/health/started", 8080, 1, 60);

        Container wait = single(pod.getInitContainers());
        assertEquals(List.of("job", JOB), wait.getArgs());

        var service = one(all, io.fabric8.kubernetes.api.model.Service.class, "cardgen");
        assertEquals(80, single(service.getSpec().getPorts()).getPort());
        assertEquals(8080, single(service.getSpec().getPorts()).getTargetPort().getIntVal());
        assertEquals(deployment.getSpec().getSelector().getMatchLabels(), service.getSpec().getSelector());

        HorizontalPodAutoscaler hpa = one(all, HorizontalPodAutoscaler.class, "cardgen");
        assertEquals("Deployment", hpa.getSpec().getScaleTargetRef().getKind());
        assertEquals("cardgen", hpa.getSpec().getScaleTargetRef().getName());
        assertEquals(1, hpa.getSpec().getMinReplicas());
        assertEquals(8, hpa.getSpec().getMaxReplicas());
        assertTrue(hpa.getSpec().getMaxReplicas() * CONNECTIONS_PER_REPLICA <= CONNECTIONS_AVAILABLE, "maxReplicas outgrows PostgreSQL's connections");
        var cpu = single(hpa.getSpec().getMetrics()).getResource();
        assertEquals("cpu", cpu.getName());
        assertEquals(70, cpu.getTarget().getAverageUtilization());
    }

    @Test
    void migrationJobRunsTheImageOnceAndExits() throws IOException {
        List<HasMetadata> all = read("kubernetes.yml");
        Job job = one(all, Job.class, JOB);
        assertEquals("migrate", job.getMetadata().getLabels().get("cardgen.dev/step"));
        assertEquals("migrate", one(all, ServiceAccount.class, "cardgen").getMetadata().getLabels().get("cardgen.dev/step"));
        assertEquals(3, job.getSpec().getBackoffLimit());
        assertEquals("OnFailure", job.getSpec().getTemplate().getSpec().getRestartPolicy());
        Container c = single(job.getSpec().getTemplate().getSpec().getContainers());
        Container app = single(one(all, Deployment.class, "cardgen").getSpec().getTemplate().getSpec().getContainers());
        assertEquals(app.getImage(), c.getImage());
        // The image's own entry point, told to run the init tasks (the Flyway migration) and exit.
        assertTrue(c.getCommand().isEmpty(), c.getCommand().toString());
        assertTrue(c.getArgs().isEmpty(), c.getArgs().toString());
        Map<String, String> env = c.getEnv().stream().collect(Collectors.toMap(EnvVar::getName, EnvVar::getValue));
        assertEquals("true", env.get("QUARKUS_INIT_AND_EXIT"));
        assertEquals("true", env.get("QUARKUS_FLYWAY_ACTIVE"));
        assertNull(env.get("QUARKUS_FLYWAY_MIGRATE_AT_START"), "the default (true) must stay");
        assertEquals(envFrom(app), envFrom(c));
        assertNull(c.getLivenessProbe());
        assertNull(c.getReadinessProbe());
    }

    /** The image, the container's size and where its settings come from: the same in both manifests. */
    private static void assertApplicationContainer(Container c) {
        assertTrue(c.getImage().matches("docker\\.io/cardgen/cardgen-(aot|native):.+"), c.getImage());
        Map<String, Quantity> limits = c.getResources().getLimits();
        Map<String, Quantity> requests = c.getResources().getRequests();
        assertEquals(new Quantity("512Mi"), limits.get("memory"));
        assertEquals(new Quantity("512Mi"), requests.get("memory"));
        assertEquals(new Quantity("1000m"), limits.get("cpu"));
        assertEquals(new Quantity("1000m"), requests.get("cpu"));
        assertEquals(List.of("configmap:" + CONFIG_MAP, "secret:" + SECRET), envFrom(c));
        // Nothing about the database, the bucket or a key is written into the manifest itself.
        for (EnvVar e : c.getEnv()) {
            assertFalse(e.getName().matches(".*(JDBC_URL|USERNAME|PASSWORD|SECRET|ACCESS_KEY|SIGNING_KEY|ADMIN_TOKEN|BUCKET|ENDPOINT).*"), e.getName());
        }
        assertEquals("8", c.getEnv().stream().filter(e -> e.getName().equals("QUARKUS_DATASOURCE_JDBC_MAX_SIZE"))
                .map(EnvVar::getValue).findFirst().orElse(null));
    }

    private static void assertProbe(Probe p, String path, Integer port, int period, int failures) {
        assertEquals(path, p.getHttpGet().getPath());
        assertEquals(port, p.getHttpGet().getPort() == null ? null : p.getHttpGet().getPort().getIntVal());
        assertEquals(0, p.getInitialDelaySeconds(), "a scale-from-zero must not wait for a fixed delay");
        assertEquals(period, p.getPeriodSeconds());
        assertEquals(failures, p.getFailureThreshold());
    }

    /** The container's env sources, sorted: the build writes them in no fixed order, and their keys do not overlap. */
    private static List<String> envFrom(Container c) {
        return c.getEnvFrom().stream().map(ManifestsIT::source).sorted().toList();
    }

    private static String source(EnvFromSource s) {
        return s.getSecretRef() != null ? "secret:" + s.getSecretRef().getName() : "configmap:" + s.getConfigMapRef().getName();
    }

    private static String shutdownGraceDefault() {
        try {
            return JobsConfig.class.getMethod("shutdownGrace").getAnnotation(WithDefault.class).value();
        } catch (NoSuchMethodException e) {
            throw new AssertionError(e);
        }
    }

    @SuppressWarnings("unchecked")
    static List<HasMetadata> read(String file) throws IOException {
        Path path = DIR.resolve(file);
        assertTrue(Files.isRegularFile(path), path + " missing: run after `package`");
        try (InputStream in = Files.newInputStream(path)) {
            Object parsed = new KubernetesSerialization().unmarshal(in);
            if (parsed instanceof List<?> list) {
                return (List<HasMetadata>) list;
            }
            if (parsed instanceof KubernetesList list) {
                return list.getItems();
            }
            return List.of((HasMetadata) parsed);
        }
    }

    private static List<String> kinds(List<HasMetadata> all) {
        return all.stream().map(HasMetadata::getKind).toList();
    }

    private static <T extends HasMetadata> T one(List<HasMetadata> all, Class<T> type, String name) {
        List<T> found = all.stream().filter(type::isInstance).map(type::cast).filter(r -> r.getMetadata().getName().equals(name)).toList();
        assertEquals(1, found.size(), type.getSimpleName() + " " + name);
        return found.get(0);
    }

    private static <T> T single(List<T> items) {
        assertEquals(1, items.size(), items.toString());
        return items.get(0);
    }
}
