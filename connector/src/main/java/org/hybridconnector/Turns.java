package org.hybridconnector;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * Whose a connection's next request head is: its worker turns' ({@link ServeTask}s) while any is
 * queued or running; the selector's at first, and again once the last of them has ended with its
 * request done (or only a file left for the selector to finish) and no turn was queued since.
 * Two turns may be queued for one connection: the selector's, when it is readable and writable in
 * one select, or an event Coyote raises on another thread (an async completion, a time-out); they
 * run one after another under the connection's lock, and the last of them reads what comes next.
 * Were the selector to take the connection back on an earlier turn's hand-back, it would read the
 * next head into the buffers a turn still to run reads too, or give them to the pool under it.
 * Not covered: a file a turn leaves for the selector to finish is sent even while another turn
 * is queued (sendfile with an event raised meanwhile); the next head still waits for both.
 * <p>
 * Thread safety: any thread; one atomic word. A turn is counted before it is queued and ends
 * before it hands the connection back, so the selector, running the hand-back, sees both.
 */
final class Turns {

    /** The count once the last turn has handed the connection back for its next head. */
    private static final int HEAD_IS_THE_SELECTORS = -1;

    /** Turns queued or running, or {@link #HEAD_IS_THE_SELECTORS}. */
    private final AtomicInteger count = new AtomicInteger(HEAD_IS_THE_SELECTORS);

    /** A turn is made, to be queued or run inline. */
    void queued() {
        count.getAndUpdate(n -> Math.max(n, 0) + 1);
    }

    /**
     * A turn ends, or is dropped unrun.
     *
     * @param headNext whether the next request head comes next: Coyote is done with the request
     *            ({@code OPEN}), or left the selector only a file to finish ({@code SENDFILE})
     * @return whether the next head is now the selector's: the turn was the last, and the caller
     *         must hand the connection back for it
     */
    boolean ended(boolean headNext) {
        if (headNext && count.compareAndSet(1, HEAD_IS_THE_SELECTORS)) {
            return true;
        }
        count.getAndUpdate(n -> n > 0 ? n - 1 : n);
        return false;
    }

    /** Whether the selector may read the next head: the last turn left it that, and none was queued since. */
    boolean headIsTheSelectors() {
        return count.get() == HEAD_IS_THE_SELECTORS;
    }

    /** Whether a turn is queued or running: the connection's buffers may be in use. */
    boolean any() {
        return count.get() > 0;
    }
}
