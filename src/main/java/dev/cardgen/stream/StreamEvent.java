package dev.cardgen.stream;

/** One event of a stream: its position (1, 2, ...), SSE event name and JSON data as sent on the wire. */
public record StreamEvent(String streamId, int seq, String event, String dataJson) {

    /** The SSE event names; clients switch on them, so they are part of the API. */
    public static final String PROGRESS = "progress";
    public static final String VARIANT = "variant";
    public static final String DONE = "done";
    public static final String ERROR = "error";

    /** After {@code done} or {@code error} nothing more is sent and the connection closes. */
    public boolean terminal() {
        return isTerminal(event);
    }

    /** Whether an event of this name ends its stream. */
    public static boolean isTerminal(String event) {
        return DONE.equals(event) || ERROR.equals(event);
    }
}
