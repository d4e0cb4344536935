package dev.cardgen.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;

/** The temporary folders tests make (a browser profile, a database's data) removed when done with. */
public final class TempFolders {

    private TempFolders() {
    }

    /** Deletes the folder and everything in it; what cannot be deleted is left (it is a temp folder). */
    public static void delete(Path folder) {
        if (folder == null || !Files.exists(folder)) {
            return;
        }
        try (var files = Files.walk(folder)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // a temp folder: the system's cleaner takes what is left
        }
    }
}
