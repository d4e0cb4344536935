package dev.cardgen.asset;

/** The client's file name as we keep it: no path, no control characters, at most 255 characters. */
final class FileNames {
    private FileNames() {
    }

    static String clean(String name) {
        if (name == null) {
            return null;
        }
        String base = name.replace('\\', '/');
        base = base.substring(base.lastIndexOf('/') + 1).replaceAll("\\p{Cntrl}", "").strip();
        if (base.isEmpty()) {
            return null;
        }
        return base.length() <= 255 ? base : base.substring(0, 255);
    }
}
