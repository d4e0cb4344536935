package dev.cardgen.render.subject;

import java.awt.Rectangle;
import java.awt.image.BufferedImage;
import java.awt.image.DataBufferByte;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import javax.imageio.ImageIO;

/**
 * The isolated product of a photo: a soft foreground mask the size of the input,
 * the product's bounding box in input coordinates, and how sure the extractor is.
 * When {@code detected} is false the mask keeps the whole frame, so generation can go on.
 */
public record Subject(BufferedImage mask, Rectangle box, double confidence, boolean detected) {

    public Subject {
        if (mask == null || mask.getType() != BufferedImage.TYPE_BYTE_GRAY) {
            throw new IllegalArgumentException("mask must be TYPE_BYTE_GRAY");
        }
        if (box == null || box.isEmpty()) {
            throw new IllegalArgumentException("box must be non-empty");
        }
        box = new Rectangle(box);
    }

    /** A subject that keeps the whole frame, for photos where no product stands out. */
    public static Subject fullFrame(int width, int height, double confidence) {
        BufferedImage mask = new BufferedImage(width, height, BufferedImage.TYPE_BYTE_GRAY);
        java.util.Arrays.fill(((DataBufferByte) mask.getRaster().getDataBuffer()).getData(), (byte) 255);
        return new Subject(mask, new Rectangle(0, 0, width, height), confidence, false);
    }

    /**
     * The product of an 8-bit mask of {@code width} x {@code height} made by the stage, boxed where it is at
     * least {@value SubjectMasks#IN_BOX}; the whole frame, confidence 0, where it is nowhere.
     */
    public static Subject of(byte[] mask, int width, int height, double confidence) {
        Rectangle box = SubjectMasks.bounds(mask, width, height);
        if (box == null) {
            return fullFrame(width, height, 0);
        }
        BufferedImage img = new BufferedImage(width, height, BufferedImage.TYPE_BYTE_GRAY);
        System.arraycopy(mask, 0, ((DataBufferByte) img.getRaster().getDataBuffer()).getData(), 0, mask.length);
        return new Subject(img, box, confidence, true);
    }

    /**
     * A mask made outside the stage (an upload's alpha, a seller's mask) as the product, as it is;
     * its box is where it is not (nearly) transparent. The mask must hold something.
     */
    public static Subject ofMask(BufferedImage mask) {
        Rectangle box = SubjectMasks.bounds(mask);
        if (box == null) {
            throw new IllegalArgumentException("the mask is empty");
        }
        return new Subject(mask, box, 1.0, true);
    }

    @Override
    public Rectangle box() {
        return new Rectangle(box);
    }

    /** The product cropped to box, TYPE_INT_ARGB, mask as alpha, edge colours decontaminated. */
    public BufferedImage cutout(BufferedImage source) {
        if (source.getWidth() != mask.getWidth() || source.getHeight() != mask.getHeight()) {
            throw new IllegalArgumentException("source size differs from the mask's");
        }
        return Cutout.cut(source, maskBytes(), mask.getWidth(), box);
    }

    /**
     * The product cropped to box with the mask as alpha and the source's colours as they are: for an
     * upload whose own alpha is the mask, whose edge colours are already the product's.
     */
    public BufferedImage cutoutAsIs(BufferedImage source) {
        if (source.getWidth() != mask.getWidth() || source.getHeight() != mask.getHeight()) {
            throw new IllegalArgumentException("source size differs from the mask's");
        }
        return Cutout.asIs(source, maskBytes(), mask.getWidth(), box);
    }

    /** The mask as a grayscale PNG, for storage. */
    public byte[] maskPng() {
        try {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            ImageIO.write(mask, "png", out);
            return out.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Rebuilds a subject from {@link #maskPng()} and the stored box, confidence and flag. */
    public static Subject fromStored(byte[] maskPng, Rectangle box, double confidence, boolean detected) {
        try {
            BufferedImage read = ImageIO.read(new ByteArrayInputStream(maskPng));
            if (read == null) {
                throw new IllegalArgumentException("not a readable PNG");
            }
            BufferedImage gray = read;
            if (read.getType() != BufferedImage.TYPE_BYTE_GRAY) {
                gray = new BufferedImage(read.getWidth(), read.getHeight(), BufferedImage.TYPE_BYTE_GRAY);
                gray.getRaster().setRect(read.getRaster());
            }
            return new Subject(gray, box, confidence, detected);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    byte[] maskBytes() {
        return ((DataBufferByte) mask.getRaster().getDataBuffer()).getData();
    }
}
