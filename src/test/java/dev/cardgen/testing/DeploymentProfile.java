package dev.cardgen.testing;

import java.util.List;

/**
 * Settings a deployment chooses that the test default does not, in one profile so that the classes
 * testing them cost one start of the application between them: blobs in S3 (the shared
 * {@link S3ProxyServer}) with export downloads answered by a redirect to a presigned URL, webhooks to
 * public addresses only (production's default), a 5 MiB upload limit, and a public base URL (as
 * production must have) on a host that does not exist. None of them changes what another of these
 * classes sees: only export downloads redirect, only webhook URLs are checked for private addresses,
 * their uploads are far below 5 MiB, and a class that follows an absolute URL the service wrote
 * swaps {@link #PUBLIC_BASE_URL} for the test's own address.
 */
public class DeploymentProfile extends ConfigOverrides {

    /** {@code cardgen.public-base-url} without its trailing slash. */
    public static final String PUBLIC_BASE_URL = "https://cards.example.test/edge";

    public DeploymentProfile() {
        super("cardgen.storage.redirect-downloads", "true",
                "cardgen.public-base-url", PUBLIC_BASE_URL + "/",
                "cardgen.webhooks.allow-private", "false",
                // 5 MiB file, plus the default's 64 KiB of room for the multipart envelope.
                "cardgen.upload.max-bytes", "5242880", "cardgen.upload.max-request-bytes", "5308416");
    }

    @Override
    public List<TestResourceEntry> testResources() {
        return List.of(new TestResourceEntry(S3ProxyTestResource.class));
    }
}
