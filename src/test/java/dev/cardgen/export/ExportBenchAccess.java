package dev.cardgen.export;

import java.awt.image.BufferedImage;

/** Lets the benchmark time the export encoder, which is package-private. */
public final class ExportBenchAccess {
    private ExportBenchAccess() {
    }

    public static byte[] png(BufferedImage img) {
        return ExportEncoder.encode(img, ExportFormat.PNG);
    }
}
