package dev.cardgen.testing;

/**
 * Production's defaults where the test default differs, and a blob store that cannot be reached, in
 * one profile so that the two classes testing them cost one start of the application between them:
 * no admin token (the admin API does not exist), a tight rate limit, the playground off, no CORS
 * origins, and S3 pointed at a port nobody answers on. Neither class sees the other's settings:
 * StrictProfileTest never touches a blob, and StorageDownTest creates its account through the service
 * (there is no admin API), under a key of its own whose two requests stay within the burst.
 */
public class StrictProfile extends ConfigOverrides {

    public StrictProfile() {
        // One token every 20 s: the four requests of the rate-limit test cannot be stretched past a
        // refill on a loaded machine (at 0.5/s one refilled after 2 s and the fourth got a 200).
        super("cardgen.admin-token", "", "cardgen.rate-limit.per-second", "0.05", "cardgen.rate-limit.burst", "3",
                "cardgen.playground.enabled", "false", "cardgen.cors.origins", "",
                "cardgen.storage.type", "s3", "cardgen.storage.s3.bucket", "nowhere",
                "quarkus.s3.endpoint-override", "http://127.0.0.1:1", "quarkus.s3.aws.region", "us-east-1",
                "quarkus.s3.aws.credentials.type", "static",
                "quarkus.s3.aws.credentials.static-provider.access-key-id", "x",
                "quarkus.s3.aws.credentials.static-provider.secret-access-key", "y",
                "quarkus.s3.path-style-access", "true");
    }
}
