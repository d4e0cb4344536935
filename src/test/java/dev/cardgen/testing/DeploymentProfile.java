package dev.cardgen.testing;

import java.util.List;

/**
 * Settings a deployment chooses that the test default does not, in one profile so that the classes
 * testing them cost one start of the application between them: blobs in S3 (the shared
 * {@link S3ProxyServer}) with export downloads answered by a redirect to a presigned URL, webhooks to
 * public addresses only (production's default), and a 5 MiB upload limit. None of them changes what
 * another of these classes sees: only export downloads redirect, only webhook URLs are checked for
 * private addresses, and their uploads are far below 5 MiB.
 */
public class DeploymentProfile extends ConfigOverrides {

    public DeploymentProfile() {
        super("cardgen.storage.redirect-downloads", "true",
                "cardgen.webhooks.allow-private", "false",
                // 5 MiB file, plus the default's 64 KiB of room for the multipart envelope.
                "cardgen.upload.max-bytes", "5242880", "cardgen.upload.max-request-bytes", "5308416");
    }

    @Override
    public List<TestResourceEntry> testResources() {
        return List.of(new TestResourceEntry(S3ProxyTestResource.class));
    }
}
