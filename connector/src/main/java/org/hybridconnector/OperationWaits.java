package org.hybridconnector;

import java.nio.channels.SelectionKey;

/**
 * The asynchronous operations of one connection that wait in the selector for their socket: at
 * most one read and one write (Coyote's semaphores let no more be pending), each with its own
 * time-out. They are apart from the connection's {@link ConnectionState}: an upgraded protocol
 * may wait to read and to write at once, while its connection is in no park.
 * <p>
 * An operation whose socket is ready, or whose time-out has passed, goes on on a worker through
 * the {@link Dispatcher}, counted as work like a request. One still waiting when its connection
 * closes is dropped with the key, as stock NIO drops it.
 * <p>
 * Their deadlines are kept in the {@link Parks} one entry at a time, at or before the earliest
 * deadline of a waiting operation, however often operations wait (an HTTP/2 download to a slow
 * reader waits thousands of times a second): when the entry falls due, the next is put in.
 * <p>
 * Thread safety: the selector thread only.
 */
final class OperationWaits {

    /** One operation's wait, since {@code sinceNanos}, for at most {@code timeoutNanos} (-1: no limit). */
    private record Wait(PendingOperation operation, long sinceNanos, long timeoutNanos) {

        boolean isDue(long nowNanos) {
            return timeoutNanos >= 0 && nowNanos - sinceNanos >= timeoutNanos;
        }
    }

    private final Selectable owner;
    private final Parks parks;
    private final Dispatcher dispatcher;
    private Wait read;
    private Wait write;
    /** Whether an entry in the parks falls due at {@code entryNanos}. */
    private boolean entered;
    private long entryNanos;

    OperationWaits(Selectable owner, Parks parks, Dispatcher dispatcher) {
        this.owner = owner;
        this.parks = parks;
        this.dispatcher = dispatcher;
    }

    /** Takes in an operation whose socket was not ready; its time-out counts from {@code nowNanos}. */
    void add(PendingOperation operation, long nowNanos) {
        Wait wait = new Wait(operation, nowNanos, operation.timeoutNanos());
        if (operation.interestOp() == SelectionKey.OP_READ) {
            read = wait;
        } else {
            write = wait;
        }
        enterFor(wait, nowNanos);
    }

    /** Makes sure an entry falls due by {@code wait}'s deadline, if it has one. */
    private void enterFor(Wait wait, long nowNanos) {
        if (wait == null || wait.timeoutNanos() < 0) {
            return;
        }
        long dueNanos = wait.sinceNanos() + wait.timeoutNanos();
        // An entry whose time has come is taken from the parks, or is being: it no longer counts.
        if (!entered || entryNanos - nowNanos <= 0 || dueNanos - entryNanos < 0) {
            entered = true;
            entryNanos = dueNanos;
            parks.addOperationDeadline(owner, dueNanos);
        }
    }

    /** The interest the waiting operations want on the key. */
    int interest() {
        return (read != null ? SelectionKey.OP_READ : 0) | (write != null ? SelectionKey.OP_WRITE : 0);
    }

    /**
     * Hands the operations whose socket is ready to workers.
     *
     * @return the ready operations ({@code readyOps} bits) left for the connection itself, or -1 if
     *         the workers refused an operation and the connection must be closed
     */
    int resume(int readyOps) {
        int left = readyOps;
        if (read != null && (readyOps & SelectionKey.OP_READ) != 0) {
            left &= ~SelectionKey.OP_READ;
            PendingOperation operation = read.operation();
            read = null;
            if (!dispatcher.resume(operation)) {
                return -1;
            }
        }
        if (write != null && (readyOps & SelectionKey.OP_WRITE) != 0) {
            left &= ~SelectionKey.OP_WRITE;
            PendingOperation operation = write.operation();
            write = null;
            if (!dispatcher.resume(operation)) {
                return -1;
            }
        }
        return left;
    }

    /**
     * Fails the operations whose time-out has passed: each goes on on a worker, which hands the
     * time-out to its completion handler. Called when one of the connection's entries falls due;
     * puts in the entry for the operations still waiting.
     *
     * @return {@code false} if the workers refused an operation and the connection must be closed
     */
    boolean expire(long nowNanos) {
        if (read != null && read.isDue(nowNanos)) {
            PendingOperation operation = read.operation();
            read = null;
            operation.timedOut();
            if (!dispatcher.resume(operation)) {
                return false;
            }
        }
        if (write != null && write.isDue(nowNanos)) {
            PendingOperation operation = write.operation();
            write = null;
            operation.timedOut();
            if (!dispatcher.resume(operation)) {
                return false;
            }
        }
        enterFor(read, nowNanos);
        enterFor(write, nowNanos);
        return true;
    }

    /** Drops the waiting operations: the connection is closing. */
    void clear() {
        read = null;
        write = null;
    }
}
