package dev.cardgen.asset.image;

import java.io.IOException;
import java.util.Arrays;
import javax.imageio.stream.ImageInputStream;
import javax.imageio.stream.ImageInputStreamImpl;

/**
 * Serves zeros past the end of the file instead of EOF, up to a bound, and records how far the
 * decoder read. TwelveMonkeys' WebP bit reader swallows an EOFException on every refill, so a
 * truncated or hand-crafted lossless stream would otherwise cost one exception per pixel
 * (minutes for a big image). The caller treats reading well past the end as truncation.
 */
final class PaddedImageInputStream extends ImageInputStreamImpl {

    /** Thrown (unchecked, so decoders cannot swallow it) when a decoder keeps reading past the end. */
    static final class PastEndException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        PastEndException() {
            super("decoder read too far past the end of the data", null, false, false);
        }
    }

    static final long MAX_PADDING = 64 * 1024;

    private final ImageInputStream delegate;
    private final long length;
    private long furthest;

    PaddedImageInputStream(ImageInputStream delegate, long length) {
        this.delegate = delegate;
        this.length = length;
    }

    /** How many bytes past the end of the data the decoder has read. */
    long bytesReadPastEnd() {
        return Math.max(0, furthest - length);
    }

    @Override
    public int read() throws IOException {
        checkClosed();
        bitOffset = 0;
        int b;
        if (streamPos < length) {
            delegate.seek(streamPos);
            b = delegate.read();
            if (b < 0) {
                return -1;
            }
        } else {
            pad(1);
            b = 0;
        }
        streamPos++;
        furthest = Math.max(furthest, streamPos);
        return b;
    }

    @Override
    public int read(byte[] buf, int off, int len) throws IOException {
        checkClosed();
        bitOffset = 0;
        if (len == 0) {
            return 0;
        }
        int real = (int) Math.max(0, Math.min(len, length - streamPos));
        if (real > 0) {
            // Read the real part completely so a request spanning the end is never short
            // (ImageInputStreamImpl.readInt/readLong treat a short read as EOF).
            delegate.seek(streamPos);
            delegate.readFully(buf, off, real);
        }
        int n = len;
        if (real < len) {
            pad(len - real);
            Arrays.fill(buf, off + real, off + len, (byte) 0);
        }
        streamPos += n;
        furthest = Math.max(furthest, streamPos);
        return n;
    }

    private void pad(int n) {
        if (Math.max(streamPos, length) + n - length > MAX_PADDING) {
            throw new PastEndException();
        }
    }

    @Override
    public long length() {
        return length;
    }

    @Override
    public void close() throws IOException {
        super.close();
        delegate.close();
    }
}
