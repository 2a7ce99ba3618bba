package org.hybridconnector;

import java.util.concurrent.TimeUnit;

/**
 * A write Coyote waits to make on a connection (a servlet's non-blocking write, an upgraded
 * protocol's, a TLS handshake's next flight): it ends when the selector reports the socket
 * writable, or times out after the wrapper's write time-out ({@code connectionTimeout} unless
 * Coyote set another, none if it turned it off), as stock NIO's poller times out a write interest.
 * It is apart from the connection's other waits, since a listener may wait to read meanwhile.
 * <p>
 * Its deadline is kept with those of asynchronous operations ({@link Parks#addOperationDeadline}),
 * which are as free-form; one entry at a time, however often the wait begins again (a slow reader's
 * download does thousands of times a second): when the entry falls due before the deadline, which
 * each new beginning moves on, the entry is put back for the deadline. A beginning whose deadline
 * comes before the entry (a lowered time-out) puts in one of its own.
 * <p>
 * Thread safety: the selector thread's only, as its {@link Connection}'s.
 */
final class WriteWait {

    private final Selectable connection;
    private final Parks parks;
    private boolean waiting;
    private boolean timed;
    private long deadlineNanos;
    /** Whether an entry in the parks falls due at {@code entryNanos}. */
    private boolean entered;
    private long entryNanos;

    WriteWait(Selectable connection, Parks parks) {
        this.connection = connection;
        this.parks = parks;
    }

    /** Begins a wait, or begins it again: each time Coyote asks, its last write made progress. */
    void begin(long timeoutMillis) {
        waiting = true;
        timed = timeoutMillis > 0;
        if (timed) {
            deadlineNanos = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
            if (!entered || deadlineNanos - entryNanos < 0) { // none, or a later one: a time-out was lowered
                enter(deadlineNanos);
            }
        }
    }

    /** Ends the wait: the socket took bytes, the wait timed out, or the connection ends. */
    void end() {
        waiting = false;
    }

    boolean isWaiting() {
        return waiting;
    }

    /**
     * One of the connection's own deadlines has come ({@link Selectable#operationsDue}).
     *
     * @return whether the wait has timed out
     */
    boolean timedOut(long nowNanos) {
        if (!entered || nowNanos - entryNanos < 0) {
            return false; // another deadline's
        }
        entered = false;
        if (!waiting || !timed) {
            return false;
        }
        if (nowNanos - deadlineNanos >= 0) {
            return true;
        }
        enter(deadlineNanos);
        return false;
    }

    private void enter(long dueNanos) {
        entered = true;
        entryNanos = dueNanos;
        parks.addOperationDeadline(connection, dueNanos);
    }
}
