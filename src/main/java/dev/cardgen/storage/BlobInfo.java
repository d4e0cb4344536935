package dev.cardgen.storage;

import java.time.Instant;

/** What a store knows about an object without reading it. {@code etag} is opaque and unquoted. */
public record BlobInfo(String key, long size, String contentType, String etag, Instant lastModified) {
}
