package dev.cardgen.asset.image;

import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.CRC32;

/**
 * Sniffs the format from magic bytes and reads stored dimensions and EXIF orientation from
 * the header alone (PNG IHDR, JPEG SOFn + APP1, WebP VP8/VP8L/VP8X + EXIF); never touches pixels.
 */
final class ImageHeaderReader {

    /**
     * Header facts; {@code scanOffset} is the first JPEG SOS marker's offset, {@code declaredLength}
     * the file length the WebP RIFF header claims; both -1 where they do not apply.
     */
    record Header(ImageFormat format, int storedWidth, int storedHeight, int orientation, long scanOffset,
                  long declaredLength, boolean plainJpeg) {

        Header(ImageFormat format, int storedWidth, int storedHeight, int orientation, long scanOffset) {
            this(format, storedWidth, storedHeight, orientation, scanOffset, -1, false);
        }

        Header withDeclaredLength(long length) {
            return new Header(format, storedWidth, storedHeight, orientation, scanOffset, length, plainJpeg);
        }
    }

    private static final byte[] PNG_MAGIC = {(byte) 0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A};
    private static final int MAX_EXIF_BYTES = 1 << 20;

    private ImageHeaderReader() {
    }

    static ImageFormat sniff(byte[] head, int n) {
        if (n >= 3 && (head[0] & 0xFF) == 0xFF && (head[1] & 0xFF) == 0xD8 && (head[2] & 0xFF) == 0xFF) {
            return ImageFormat.JPEG;
        }
        if (n >= 8 && startsWith(head, 0, PNG_MAGIC)) {
            return ImageFormat.PNG;
        }
        if (n >= 12 && ascii(head, 0, 4).equals("RIFF") && ascii(head, 8, 4).equals("WEBP")) {
            return ImageFormat.WEBP;
        }
        return null;
    }

    static Header read(Path file) throws IOException {
        try (DataInputStream in = new DataInputStream(new BufferedInputStream(Files.newInputStream(file), 8192))) {
            byte[] head = new byte[12];
            int n = in.readNBytes(head, 0, head.length);
            ImageFormat format = sniff(head, n);
            if (format == null) {
                throw new ImageRejectedException(ImageRejectedException.Reason.UNSUPPORTED_MEDIA_TYPE,
                        "The file is not a JPEG, PNG or WebP image.");
            }
            try {
                return switch (format) {
                    case PNG -> readPng(in, head);
                    case JPEG -> readJpeg(in, head);
                    case WEBP -> readWebp(in).withDeclaredLength(8 + (le32(head, 4) & 0xFFFFFFFFL));
                };
            } catch (EOFException e) {
                throw ImageRejectedException.unreadable("The image header is incomplete.", e);
            }
        }
    }

    private static Header readPng(DataInputStream in, byte[] head) throws IOException {
        // head holds the 8-byte signature plus the IHDR length (4 bytes).
        int length = (head[8] & 0xFF) << 24 | (head[9] & 0xFF) << 16 | (head[10] & 0xFF) << 8 | (head[11] & 0xFF);
        byte[] chunk = new byte[17];
        in.readFully(chunk);
        long crc = in.readInt() & 0xFFFFFFFFL;
        if (length != 13 || !ascii(chunk, 0, 4).equals("IHDR")) {
            throw ImageRejectedException.unreadable("The PNG image has no valid header.");
        }
        CRC32 crc32 = new CRC32();
        crc32.update(chunk);
        if (crc32.getValue() != crc) {
            throw ImageRejectedException.unreadable("The PNG image header is corrupt.");
        }
        int width = be32(chunk, 4);
        int height = be32(chunk, 8);
        return new Header(ImageFormat.PNG, positive(width), positive(height), 1, -1);
    }

    private static Header readJpeg(DataInputStream in, byte[] head) throws IOException {
        // Re-feed the bytes already consumed after SOI (head[2..11]).
        InputStream rest = new java.io.SequenceInputStream(
                new java.io.ByteArrayInputStream(head, 2, head.length - 2), in);
        DataInputStream d = new DataInputStream(rest);
        long pos = 2;
        int width = -1;
        int height = -1;
        int orientation = 1;
        boolean exifSeen = false;
        // Plain: grey or YCbCr Huffman JPEG with no ICC profile and no Adobe colour transform,
        // which the JDK's own (faster) decoder reads exactly like TwelveMonkeys'.
        boolean plain = true;
        while (true) {
            int b = d.readUnsignedByte();
            pos++;
            if (b != 0xFF) {
                throw ImageRejectedException.unreadable("The JPEG image header is corrupt.");
            }
            int marker = d.readUnsignedByte();
            pos++;
            while (marker == 0xFF) { // fill bytes
                marker = d.readUnsignedByte();
                pos++;
            }
            if (marker == 0x01 || (marker >= 0xD0 && marker <= 0xD7)) {
                continue;
            }
            if (marker == 0xD9 || marker == 0xD8 || marker == 0x00) {
                throw ImageRejectedException.unreadable("The JPEG image has no frame header.");
            }
            if (marker == 0xDA) {
                if (width < 0) {
                    throw ImageRejectedException.unreadable("The JPEG image has no frame header.");
                }
                return new Header(ImageFormat.JPEG, width, height, orientation, pos - 2, -1, plain);
            }
            int len = d.readUnsignedShort();
            pos += 2;
            if (len < 2) {
                throw ImageRejectedException.unreadable("The JPEG image header is corrupt.");
            }
            int payload = len - 2;
            if (marker == 0xE1 && !exifSeen && payload >= 14) {
                byte[] app1 = new byte[payload];
                d.readFully(app1);
                if (ascii(app1, 0, 4).equals("Exif")) {
                    exifSeen = true;
                    orientation = ExifOrientation.parse(app1, 0, app1.length);
                }
            } else if (isSof(marker) && width < 0) {
                if (payload < 6) {
                    throw ImageRejectedException.unreadable("The JPEG image header is corrupt.");
                }
                d.readUnsignedByte(); // sample precision
                height = positive(d.readUnsignedShort());
                width = positive(d.readUnsignedShort());
                int components = d.readUnsignedByte();
                plain &= marker <= 0xC2 && (components == 1 || components == 3);
                d.skipNBytes(payload - 6);
            } else {
                if (marker == 0xE2 || marker == 0xEE) {
                    plain = false; // APP2 (ICC profile) or APP14 (Adobe: CMYK/YCCK transform)
                }
                d.skipNBytes(payload);
            }
            pos += payload;
        }
    }

    private static boolean isSof(int marker) {
        return marker >= 0xC0 && marker <= 0xCF && marker != 0xC4 && marker != 0xC8 && marker != 0xCC;
    }

    private static Header readWebp(DataInputStream in) throws IOException {
        int width = -1;
        int height = -1;
        int orientation = 1;
        boolean wantExif = false;
        boolean first = true;
        while (true) {
            byte[] hdr = new byte[8];
            int n = in.readNBytes(hdr, 0, 8);
            if (n < 8) {
                if (width > 0) {
                    return new Header(ImageFormat.WEBP, width, height, orientation, -1);
                }
                throw ImageRejectedException.unreadable("The WebP image header is incomplete.");
            }
            String fourcc = ascii(hdr, 0, 4);
            long size = le32(hdr, 4) & 0xFFFFFFFFL;
            long padded = size + (size & 1);
            if (first) {
                first = false;
                switch (fourcc) {
                    case "VP8X" -> {
                        byte[] c = readChunk(in, size, 10);
                        wantExif = (c[0] & 0x08) != 0;
                        width = 1 + le24(c, 4);
                        height = 1 + le24(c, 7);
                        in.skipNBytes(padded - 10);
                        if (!wantExif) {
                            return new Header(ImageFormat.WEBP, width, height, 1, -1);
                        }
                        continue;
                    }
                    case "VP8 " -> {
                        byte[] c = readChunk(in, size, 10);
                        if ((c[3] & 0xFF) != 0x9D || (c[4] & 0xFF) != 0x01 || (c[5] & 0xFF) != 0x2A) {
                            throw ImageRejectedException.unreadable("The WebP image header is corrupt.");
                        }
                        width = positive(le16(c, 6) & 0x3FFF);
                        height = positive(le16(c, 8) & 0x3FFF);
                        return new Header(ImageFormat.WEBP, width, height, 1, -1);
                    }
                    case "VP8L" -> {
                        byte[] c = readChunk(in, size, 5);
                        if ((c[0] & 0xFF) != 0x2F) {
                            throw ImageRejectedException.unreadable("The WebP image header is corrupt.");
                        }
                        int bits = le32(c, 1);
                        width = 1 + (bits & 0x3FFF);
                        height = 1 + ((bits >>> 14) & 0x3FFF);
                        return new Header(ImageFormat.WEBP, width, height, 1, -1);
                    }
                    default -> throw ImageRejectedException.unreadable("The WebP image header is corrupt.");
                }
            }
            if (fourcc.equals("EXIF") && wantExif) {
                if (size > MAX_EXIF_BYTES) {
                    return new Header(ImageFormat.WEBP, width, height, 1, -1);
                }
                byte[] exif = new byte[(int) size];
                in.readFully(exif);
                orientation = ExifOrientation.parse(exif, 0, exif.length);
                return new Header(ImageFormat.WEBP, width, height, orientation, -1);
            }
            in.skipNBytes(padded);
        }
    }

    private static byte[] readChunk(DataInputStream in, long size, int need) throws IOException {
        if (size < need) {
            throw ImageRejectedException.unreadable("The WebP image header is corrupt.");
        }
        byte[] c = new byte[need];
        in.readFully(c);
        return c;
    }

    private static int positive(int v) {
        if (v <= 0) {
            throw ImageRejectedException.unreadable("The image header declares an invalid size.");
        }
        return v;
    }

    private static boolean startsWith(byte[] b, int off, byte[] prefix) {
        for (int i = 0; i < prefix.length; i++) {
            if (b[off + i] != prefix[i]) {
                return false;
            }
        }
        return true;
    }

    private static String ascii(byte[] b, int off, int len) {
        return b.length < off + len ? "" : new String(b, off, len, StandardCharsets.ISO_8859_1);
    }

    private static int be32(byte[] b, int p) {
        return (b[p] & 0xFF) << 24 | (b[p + 1] & 0xFF) << 16 | (b[p + 2] & 0xFF) << 8 | (b[p + 3] & 0xFF);
    }

    private static int le16(byte[] b, int p) {
        return (b[p] & 0xFF) | (b[p + 1] & 0xFF) << 8;
    }

    private static int le24(byte[] b, int p) {
        return le16(b, p) | (b[p + 2] & 0xFF) << 16;
    }

    private static int le32(byte[] b, int p) {
        return le24(b, p) | (b[p + 3] & 0xFF) << 24;
    }
}
