package dev.cardgen.storage;

import java.util.Optional;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** Where blobs live. Every key is listed in README's configuration table. */
@ConfigMapping(prefix = "cardgen.storage")
public interface StorageConfig {

    /** {@code fs} (a local folder, the embedded default) or {@code s3}. */
    @WithDefault("fs")
    Type type();

    Fs fs();

    S3 s3();

    /**
     * With {@code s3}: answer file downloads with a redirect to a presigned S3 URL instead of
     * streaming the bytes through the service. Ignored with {@code fs}.
     */
    @WithDefault("false")
    boolean redirectDownloads();

    enum Type {
        FS,
        S3
    }

    interface Fs {
        /** Folder holding the blobs; relative paths resolve against the working directory. */
        @WithDefault(".cardgen/blobs")
        String root();
    }

    interface S3 {
        /** Required when {@code type=s3}. The client itself is configured with {@code quarkus.s3.*}. */
        Optional<String> bucket();

        /** Create the bucket at startup if missing: for dev and test servers, not production. */
        @WithDefault("false")
        boolean createBucket();
    }
}
