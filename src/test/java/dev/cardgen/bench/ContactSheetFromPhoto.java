package dev.cardgen.bench;

import dev.cardgen.asset.image.ImageInspector;
import dev.cardgen.render.fixtures.SyntheticPhotos;
import dev.cardgen.render.subject.Subject;
import dev.cardgen.render.subject.SubjectExtractor;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import javax.imageio.ImageIO;

/**
 * The whole pipeline as the service runs it, for looking at: photo → working copy → subject
 * cut-out → every template × ratio (through {@link ContactSheet}). Without a photo, a synthetic
 * product photo is used. Usage: ContactSheetFromPhoto out-dir [photo] [title] [subtitle] [facts;…] [badge]
 */
public final class ContactSheetFromPhoto {
    public static void main(String[] args) throws Exception {
        Path out = Path.of(args.length > 0 ? args[0] : "target/contact-sheet");
        Files.createDirectories(out);
        Path photo;
        if (args.length > 1 && !args[1].isEmpty()) {
            photo = Path.of(args[1]);
        } else {
            photo = out.resolve("photo.jpg");
            BufferedImage img = SyntheticPhotos.product(SyntheticPhotos.Shape.BOTTLE, SyntheticPhotos.Backdrop.RADIAL,
                    SyntheticPhotos.PALETTES.get(0), true, 1600, 1200, 11).image();
            ImageIO.write(img, "jpg", photo.toFile());
        }
        BufferedImage working = ImageInspector.decodeWorkingCopy(ImageInspector.inspect(photo), 1600);
        Subject subject = SubjectExtractor.extract(working);
        System.out.printf("subject detected=%s confidence=%.2f box=%s%n", subject.detected(), subject.confidence(), subject.box());
        Path cutout = out.resolve("cutout.png");
        ImageIO.write(subject.cutout(working), "png", cutout.toFile());
        String[] rest = args.length > 2 ? Arrays.copyOfRange(args, 2, args.length) : new String[0];
        String[] sheetArgs = new String[2 + rest.length];
        sheetArgs[0] = out.toString();
        sheetArgs[1] = cutout.toString();
        System.arraycopy(rest, 0, sheetArgs, 2, rest.length);
        ContactSheet.render(sheetArgs, subject.detected());
    }
}
