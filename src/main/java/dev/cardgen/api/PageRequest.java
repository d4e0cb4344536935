package dev.cardgen.api;

/** {@code limit} (1..100, default 20) and {@code starting_after} of a cursor list. */
public record PageRequest(int limit, String startingAfter) {

    public static final int DEFAULT_LIMIT = 20;
    public static final int MAX_LIMIT = 100;

    public static PageRequest of(String limit, String startingAfter) {
        int n = DEFAULT_LIMIT;
        if (limit != null) {
            try {
                n = Integer.parseInt(limit.trim());
            } catch (NumberFormatException e) {
                throw ApiException.invalidParam("limit", "limit must be an integer between 1 and " + MAX_LIMIT + ".");
            }
            if (n < 1 || n > MAX_LIMIT) {
                throw ApiException.invalidParam("limit", "limit must be an integer between 1 and " + MAX_LIMIT + ".");
            }
        }
        return new PageRequest(n, Strings.isBlank(startingAfter) ? null : startingAfter);
    }
}
