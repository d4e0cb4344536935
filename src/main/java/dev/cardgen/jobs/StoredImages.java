package dev.cardgen.jobs;

import dev.cardgen.storage.BlobNotFoundException;
import dev.cardgen.storage.BlobStore;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/**
 * How a job reads an image stored before it ran (an asset's working copy or mask, a generation's
 * product cut-out). An object that is missing or is not an image would be so on every retry, so it
 * ends the job with the failure the caller names; trouble reaching the store is thrown on, for the
 * queue to retry.
 */
public final class StoredImages {

    private StoredImages() {
    }

    /** The image under {@code key}, decoded from its bytes so a decoding error is never taken for the store's. */
    public static BufferedImage read(BlobStore blobs, String key, JobFailure missing, JobFailure unreadable) {
        return decode(bytes(blobs, key, missing), unreadable);
    }

    /** An image from stored bytes; not an image → {@code unreadable}. */
    public static BufferedImage decode(byte[] bytes, JobFailure unreadable) {
        try {
            BufferedImage img = ImageIO.read(new ByteArrayInputStream(bytes));
            if (img != null) {
                return img;
            }
        } catch (IOException e) {
            // corrupt data: the same failure as a format ImageIO does not know
        }
        throw unreadable;
    }

    /** The stored bytes under {@code key}, for an image the engine decodes itself (a mask). */
    public static byte[] bytes(BlobStore blobs, String key, JobFailure missing) {
        try (InputStream in = blobs.get(key)) {
            return in.readAllBytes();
        } catch (BlobNotFoundException e) {
            throw missing;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
