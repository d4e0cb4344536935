package dev.cardgen.testing;

import java.util.List;

/**
 * Settings a deployment chooses that the test default does not, in one profile so that the classes
 * testing them cost one start of the application between them: blobs in S3 (the shared
 * {@link S3ProxyServer}) with export downloads answered by a redirect to a presigned URL, webhooks to
 * public addresses only (production's default), a 5 MiB upload limit, a public base URL (as
 * production must have) on a host that does not exist, and the {@code market3-3x4} preset bound to a
 * marketplace with its own numbers ({@link #MARKETPLACE}). None of them changes what another of these
 * classes sees: only export downloads redirect, only webhook URLs are checked for private addresses,
 * their uploads are far below 5 MiB, a class that follows an absolute URL the service wrote swaps
 * {@link #PUBLIC_BASE_URL} for the test's own address, and only ExportChecksConfigTest exports to or
 * reads {@code market3-3x4}.
 */
public class DeploymentProfile extends ConfigOverrides {

    /** {@code cardgen.public-base-url} without its trailing slash. */
    public static final String PUBLIC_BASE_URL = "https://cards.example.test/edge";

    /** The marketplace {@code market3-3x4} is bound to, with a 1000-byte limit, JPEG only, at least 2000×2000. */
    public static final String MARKETPLACE = "examplemart";

    public DeploymentProfile() {
        super("cardgen.storage.redirect-downloads", "true",
                "cardgen.public-base-url", PUBLIC_BASE_URL + "/",
                "cardgen.webhooks.allow-private", "false",
                // 5 MiB file, plus the default's 64 KiB of room for the multipart envelope.
                "cardgen.upload.max-bytes", "5242880", "cardgen.upload.max-request-bytes", "5308416",
                "cardgen.checks.presets.market3-3x4.marketplace", MARKETPLACE,
                "cardgen.checks.presets.market3-3x4.max-bytes", "1000",
                "cardgen.checks.presets.market3-3x4.formats", "jpeg",
                "cardgen.checks.presets.market3-3x4.min-width", "2000",
                "cardgen.checks.presets.market3-3x4.min-height", "2000");
    }

    @Override
    public List<TestResourceEntry> testResources() {
        return List.of(new TestResourceEntry(S3ProxyTestResource.class));
    }
}
