package dev.cardgen.bench;

import dev.cardgen.render.fixtures.RealComposites;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The outcome of one photo of the backdrop families, and its line in a tab-separated file, so two
 * runs (two settings of the stage) can be compared afterwards.
 *
 * @param kind        the photo's kind (NO_PRODUCT for a bare backdrop)
 * @param familyKind  the kind of the photo's family (a bare blurred photo counts under blurred)
 * @param iou         IoU against the truth, 0 when declined; NaN for a bare backdrop
 * @param shadowShare share of the cast shadow's pixels kept in the mask (value at least 128); NaN
 *                    when the photo has no cast shadow or was declined
 */
record FamilyResult(String family, RealComposites.Kind familyKind, RealComposites.Kind kind, boolean frozen, String name,
                    boolean detected, double confidence, double iou, double shadowShare, double ms) {

    boolean product() {
        return kind != RealComposites.Kind.NO_PRODUCT;
    }

    String line() {
        return String.join("\t", family, familyKind.name(), kind.name(), Boolean.toString(frozen), name,
                Boolean.toString(detected), String.format(Locale.ROOT, "%.4f", confidence),
                String.format(Locale.ROOT, "%.5f", iou), String.format(Locale.ROOT, "%.5f", shadowShare),
                String.format(Locale.ROOT, "%.1f", ms));
    }

    static FamilyResult parse(String line) {
        String[] f = line.split("\t");
        return new FamilyResult(f[0], RealComposites.Kind.valueOf(f[1]), RealComposites.Kind.valueOf(f[2]),
                Boolean.parseBoolean(f[3]), f[4], Boolean.parseBoolean(f[5]), Double.parseDouble(f[6]),
                Double.parseDouble(f[7]), Double.parseDouble(f[8]), Double.parseDouble(f[9]));
    }

    static void write(Path file, List<FamilyResult> rows) throws IOException {
        List<String> lines = new ArrayList<>();
        rows.forEach(r -> lines.add(r.line()));
        Files.write(file, lines, StandardCharsets.UTF_8);
    }

    static List<FamilyResult> read(Path file) throws IOException {
        return Files.readAllLines(file, StandardCharsets.UTF_8).stream().filter(l -> !l.isBlank()).map(FamilyResult::parse).toList();
    }
}
