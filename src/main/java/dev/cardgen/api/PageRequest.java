package dev.cardgen.api;

/** {@code limit} (1..100, default 20) and {@code starting_after} of a cursor list. */
public record PageRequest(int limit, String startingAfter) {

    public static PageRequest of(String limit, String startingAfter) {
        int n = 20;
        if (limit != null) {
            try {
                n = Integer.parseInt(limit.trim());
            } catch (NumberFormatException e) {
                throw ApiException.invalidParam("limit", "limit must be an integer between 1 and 100.");
            }
            if (n < 1 || n > 100) {
                throw ApiException.invalidParam("limit", "limit must be an integer between 1 and 100.");
            }
        }
        return new PageRequest(n, Strings.isBlank(startingAfter) ? null : startingAfter);
    }
}
