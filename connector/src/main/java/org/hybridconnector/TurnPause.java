package org.hybridconnector;

/**
 * The pause (Tomcat pauses its connectors first when it stops) as Coyote sees it from a worker: as
 * it was when the worker's turn began, for the whole turn.
 * <p>
 * {@code Http11Processor} asks whether the protocol is paused before it reads a request line and
 * again right after. A pause that lands between the two looks makes it answer 503 without reading
 * the header fields, and its check for a {@code Host} field then turns that into a 400 to a
 * well-formed request; stock NIO answers so too in that window. Seen from a turn instead, the pause
 * came either before the turn began, and the request is refused unread (the connection closes before
 * the first byte of a response, the webapp never sees it), or after, and the requests the turn
 * reads are served whole; the connection's next turn sees the pause.
 * <p>
 * Threads: each worker's own, through a thread local held for the length of its turn; other
 * threads see the endpoint's pause as it is.
 */
final class TurnPause {

    private static final ThreadLocal<Boolean> PAUSED = new ThreadLocal<>();

    private TurnPause() {
    }

    /**
     * Begins the calling worker's turn with the endpoint paused or not.
     *
     * @return {@code false} if the thread is in a turn already (an event served inline), which keeps
     *         its own view and is not to be ended by the caller
     */
    static boolean begin(boolean paused) {
        if (PAUSED.get() != null) {
            return false;
        }
        PAUSED.set(Boolean.valueOf(paused));
        return true;
    }

    /** Ends the turn that {@link #begin} began, if it did. */
    static void end(boolean began) {
        if (began) {
            PAUSED.remove();
        }
    }

    /** Whether the protocol counts as paused for the calling thread: its turn's view, else {@code paused}. */
    static boolean seen(boolean paused) {
        Boolean turn = PAUSED.get();
        return turn == null ? paused : turn.booleanValue();
    }
}
