package dev.cardgen.stream;

import io.smallrye.mutiny.subscription.MultiEmitter;

import java.util.List;
import java.util.function.BiFunction;

/**
 * One subscriber of {@link EventLog#follow}: emits each seq exactly once and in order. An event
 * that is not the next one (a gap: a racing append, a missed notification) makes it re-read the
 * table from its last seq instead.
 */
final class StreamFollower {

    private final String streamId;
    private final MultiEmitter<? super StreamEvent> emitter;
    private final BiFunction<String, Integer, List<StreamEvent>> reader;
    private volatile int lastSeq;
    private boolean finished;

    StreamFollower(String streamId, MultiEmitter<? super StreamEvent> emitter, BiFunction<String, Integer, List<StreamEvent>> reader,
                   int afterSeq) {
        this.streamId = streamId;
        this.emitter = emitter;
        this.reader = reader;
        this.lastSeq = afterSeq;
    }

    String streamId() {
        return streamId;
    }

    int lastSeq() {
        return lastSeq;
    }

    synchronized void offer(StreamEvent event) {
        if (finished || event.seq() <= lastSeq) {
            return;
        }
        if (event.seq() == lastSeq + 1) {
            emit(event);
        } else {
            catchUp();
        }
    }

    /** Completes the subscriber without a terminal event (this instance is shutting down). */
    synchronized void end() {
        if (!finished) {
            finished = true;
            emitter.complete();
        }
    }

    /** Emits whatever the table holds after the last emitted seq. */
    synchronized void catchUp() {
        if (finished) {
            return;
        }
        List<StreamEvent> events;
        try {
            events = reader.apply(streamId, lastSeq);
        } catch (RuntimeException e) {
            finished = true;
            emitter.fail(e);
            return;
        }
        for (StreamEvent e : events) {
            if (finished) {
                return;
            }
            emit(e);
        }
    }

    private void emit(StreamEvent event) {
        lastSeq = event.seq();
        if (emitter.isCancelled()) {
            finished = true;
            return;
        }
        emitter.emit(event);
        if (event.terminal()) {
            finished = true;
            emitter.complete();
        }
    }
}
