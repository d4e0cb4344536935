package dev.cardgen.stream;

/** One event of a stream: its position (1, 2, ...), SSE event name and JSON data as sent on the wire. */
public record StreamEvent(String streamId, int seq, String event, String dataJson) {

    /** After {@code done} or {@code error} nothing more is sent and the connection closes. */
    public boolean terminal() {
        return "done".equals(event) || "error".equals(event);
    }
}
