package dev.cardgen.asset.image;

import java.awt.image.BufferedImage;
import java.awt.image.DataBufferByte;
import java.awt.image.DataBufferInt;

/**
 * A decoded working copy: upright sRGB {@code TYPE_INT_RGB} pixels, and the upload's alpha channel
 * as {@code TYPE_BYTE_GRAY} of the same size, or null when the format or file has none.
 */
public record WorkingCopy(BufferedImage rgb, BufferedImage alpha) {

    private static final int WHITE = 0xffffff;

    /** Un-premultiplies a TYPE_INT_ARGB_PRE image into colours (white where fully transparent) and alpha. */
    static WorkingCopy split(BufferedImage premultiplied) {
        int w = premultiplied.getWidth();
        int h = premultiplied.getHeight();
        int[] src = ((DataBufferInt) premultiplied.getRaster().getDataBuffer()).getData();
        BufferedImage rgb = new BufferedImage(w, h, BufferedImage.TYPE_INT_RGB);
        BufferedImage alpha = new BufferedImage(w, h, BufferedImage.TYPE_BYTE_GRAY);
        int[] c = ((DataBufferInt) rgb.getRaster().getDataBuffer()).getData();
        byte[] a = ((DataBufferByte) alpha.getRaster().getDataBuffer()).getData();
        for (int i = 0; i < src.length; i++) {
            int p = src[i];
            int al = p >>> 24;
            a[i] = (byte) al;
            c[i] = al == 0 ? WHITE : unpremultiply(p, al);
        }
        return new WorkingCopy(rgb, alpha);
    }

    /** The colours composited onto white by the alpha: the photo as a viewer shows it. */
    public BufferedImage flattened() {
        if (alpha == null) {
            return rgb;
        }
        int w = rgb.getWidth();
        int h = rgb.getHeight();
        int[] c = ((DataBufferInt) rgb.getRaster().getDataBuffer()).getData();
        byte[] a = ((DataBufferByte) alpha.getRaster().getDataBuffer()).getData();
        BufferedImage out = new BufferedImage(w, h, BufferedImage.TYPE_INT_RGB);
        int[] o = ((DataBufferInt) out.getRaster().getDataBuffer()).getData();
        for (int i = 0; i < o.length; i++) {
            int al = a[i] & 0xff;
            int p = c[i];
            int r = ((p >> 16) & 0xff) * al + 255 * (255 - al);
            int g = ((p >> 8) & 0xff) * al + 255 * (255 - al);
            int b = (p & 0xff) * al + 255 * (255 - al);
            o[i] = ((r + 127) / 255) << 16 | ((g + 127) / 255) << 8 | ((b + 127) / 255);
        }
        return out;
    }

    private static int unpremultiply(int p, int a) {
        if (a == 255) {
            return p & 0xffffff;
        }
        int r = Math.min(255, (((p >> 16) & 0xff) * 255 + a / 2) / a);
        int g = Math.min(255, (((p >> 8) & 0xff) * 255 + a / 2) / a);
        int b = Math.min(255, ((p & 0xff) * 255 + a / 2) / a);
        return (r << 16) | (g << 8) | b;
    }
}
