package org.hybridconnector;

/**
 * A connection as the {@link SelectorLoop} sees it, and all it sees of one: the loop reports
 * readiness and passed deadlines, and asks parked connections to close on a stop. What a
 * connection does about it, and which interest it wants on its key next, is the connection's
 * business ({@link Connection}).
 * <p>
 * Thread safety: every method is called on the selector thread only.
 */
interface Selectable {

    /** The channel is ready for {@code readyOps} ({@link java.nio.channels.SelectionKey} bits). */
    void selected(int readyOps);

    /** A deadline of the connection's current wait has passed; one that keeps none ignores it. */
    default void expired(Deadline deadline, long nowNanos) {
    }

    /**
     * A deadline it keeps apart from its wait's may have passed: an asynchronous operation's
     * ({@link OperationWaits}), or its {@link WriteWait}'s. One that keeps none ignores it.
     */
    default void operationsDue(long nowNanos) {
    }

    /** The endpoint is stopping: close now if nothing is in progress (parked between requests or idle). */
    void closeIfParked();

    /** The loop is ending: close whatever the state. */
    void closeNow();
}
