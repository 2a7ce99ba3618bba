package org.hybridconnector;

/**
 * An asynchronous read or write of Coyote's vectored I/O ({@link VectoredSocketWrapper}) whose
 * socket was not ready: it waits in the selector, holding no thread, until the socket is ready or
 * its time-out passes, and then goes on as a task on a worker ({@link #run()}).
 * <p>
 * Thread safety: the selector thread calls {@link #interestOp()}, {@link #timeoutNanos()} and
 * {@link #timedOut()}; {@link #run()} runs on the worker the operation is handed to.
 */
interface PendingOperation extends Runnable {

    /** {@link java.nio.channels.SelectionKey#OP_READ} or {@code OP_WRITE}: what the operation waits for. */
    int interestOp();

    /** How long the operation may wait for its socket, in nanoseconds; -1 for no limit. */
    long timeoutNanos();

    /** The wait has timed out: the next {@link #run()} fails the operation with a time-out. */
    void timedOut();
}
