package org.hybridconnector;

import java.nio.channels.CancelledKeyException;
import java.util.PriorityQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import org.apache.tomcat.util.net.AbstractEndpoint;

/**
 * The deadlines of the connections that wait in the selector, and the counts of what waits there.
 * <p>
 * Each kind of wait has one fixed time-out, so each is an {@link ExpiryQueue}: a connection
 * between requests expires {@code keepAliveTimeout} after it was parked; one whose request head
 * (or, with a processor attached, whose next bytes) is on its way, {@code connectionTimeout}
 * after that wait began; a file transfer whose client took no byte for {@code connectionTimeout};
 * a new connection stops counting as work on its way after {@link #FRESH_GRACE_MILLIS}; and one
 * half-closed after its last response is closed {@link #LINGER_MILLIS} after that if its client
 * has not closed first ({@link Deadline} names them).
 * Trickling bytes does not extend a head's deadline, so a client that sends its head one byte at
 * a time holds a buffer for {@code connectionTimeout} at most, and never a worker.
 * <p>
 * The asynchronous operations of upgraded protocols ({@link OperationWaits}) come each with a
 * time-out of their own, so their deadlines wait in a heap, earliest first; a deadline whose
 * operation went on meanwhile is found stale by its connection.
 * <p>
 * Thread safety: the queues and the counts of parked, transferring and lingering connections are
 * written by the selector thread only; the counts are read by monitoring from any thread.
 */
final class Parks {

    /**
     * How long a new connection counts as work for admission control while its first bytes have
     * not arrived: see {@code docs/decisions/0002-admission-counts-coming-work.md}.
     */
    static final long FRESH_GRACE_MILLIS = 50;

    /**
     * How long a connection half-closed after its last response waits for its client to close
     * first: see {@code docs/decisions/0015-a-closing-connection-lingers.md}.
     */
    static final long LINGER_MILLIS = 2000;

    private final AbstractEndpoint<?,?> settings;
    private final ExpiryQueue<Selectable> keepAlive;
    private final ExpiryQueue<Selectable> head;
    private final ExpiryQueue<Selectable> fresh;
    private final ExpiryQueue<Selectable> stall;
    private final ExpiryQueue<Selectable> linger = new ExpiryQueue<>(LINGER_MILLIS);
    private final PriorityQueue<OperationDeadline> operations = new PriorityQueue<>(
            (a, b) -> Long.signum(a.deadlineNanos() - b.deadlineNanos()));
    private final AtomicLong idleClosed = new AtomicLong();
    private volatile int parked;
    private volatile int transfers;
    private volatile int lingering;

    /** @param settings whose time-outs apply, read again before each select (JMX may change them) */
    Parks(AbstractEndpoint<?,?> settings) {
        this.settings = settings;
        this.keepAlive = new ExpiryQueue<>(settings.getKeepAliveTimeout());
        this.head = new ExpiryQueue<>(settings.getConnectionTimeout());
        this.stall = new ExpiryQueue<>(settings.getConnectionTimeout());
        this.fresh = new ExpiryQueue<>(FRESH_GRACE_MILLIS); // ends whatever the connection does by then
    }

    /**
     * Sets a deadline for the wait a connection began at {@code nowNanos}, holding its
     * {@code place} in the deadline's queue until the wait ends ({@link ExpiryQueue.Place#leave()}).
     */
    void add(Deadline deadline, ExpiryQueue.Place<Selectable> place, long nowNanos) {
        queue(deadline).add(place, nowNanos);
    }

    /** An asynchronous operation's deadline: {@code connection}'s operation may be due then. */
    private record OperationDeadline(Selectable connection, long deadlineNanos) {
    }

    /** Sets a deadline of {@code connection}'s own: an asynchronous operation's, or a write wait's. */
    void addOperationDeadline(Selectable connection, long deadlineNanos) {
        operations.add(new OperationDeadline(connection, deadlineNanos));
    }

    /** The deadlines of connections' own in the queue, some of them stale: for tests. */
    int operationDeadlines() {
        return operations.size();
    }

    /** Nanoseconds until the next deadline, or {@code limitNanos} if none is nearer. */
    long nanosUntilNext(long now, long limitNanos) {
        keepAlive.setTimeoutMillis(settings.getKeepAliveTimeout());
        head.setTimeoutMillis(settings.getConnectionTimeout());
        stall.setTimeoutMillis(settings.getConnectionTimeout());
        long wait = limitNanos;
        for (Deadline deadline : Deadline.values()) {
            long next = queue(deadline).nanosUntilNext(now);
            if (next >= 0) {
                wait = Math.min(wait, next);
            }
        }
        OperationDeadline operation = operations.peek();
        if (operation != null) {
            wait = Math.min(wait, Math.max(0, operation.deadlineNanos() - now));
        }
        return wait;
    }

    /** Tells every connection whose current wait is past its deadline. */
    void expire(long now) {
        for (Deadline deadline : Deadline.values()) {
            queue(deadline).expire(now, connection -> tell(connection, () -> connection.expired(deadline, now)));
        }
        OperationDeadline operation;
        while ((operation = operations.peek()) != null && operation.deadlineNanos() - now <= 0) {
            operations.poll();
            Selectable connection = operation.connection();
            tell(connection, () -> connection.operationsDue(now));
        }
    }

    /**
     * Tells {@code connection} of a deadline. Should that fail, it closes: quietly if another thread
     * closed its channel meanwhile (the key is cancelled), and before the loop logs it if a defect.
     */
    private static void tell(Selectable connection, Runnable news) {
        try {
            news.run();
        } catch (CancelledKeyException e) {
            connection.closeNow();
        } catch (RuntimeException e) {
            connection.closeNow();
            throw e;
        }
    }

    void clear() {
        for (Deadline deadline : Deadline.values()) {
            queue(deadline).clear();
        }
        operations.clear();
    }

    /** {@code connectionTimeout} in nanoseconds: how long a transfer may stall. */
    long stallNanos() {
        return TimeUnit.MILLISECONDS.toNanos(settings.getConnectionTimeout());
    }

    private ExpiryQueue<Selectable> queue(Deadline deadline) {
        return switch (deadline) {
            case KEEP_ALIVE -> keepAlive;
            case HEAD -> head;
            case FRESH -> fresh;
            case STALL -> stall;
            case LINGER -> linger;
        };
    }

    // ------------------------------------------------------------------ counts

    void parkedChanged(int delta) {
        parked += delta;
    }

    void transfersChanged(int delta) {
        transfers += delta;
    }

    void lingeringChanged(int delta) {
        lingering += delta;
    }

    void idleClosed() {
        idleClosed.incrementAndGet();
    }

    /** Connections parked now (idle keep-alive ones and those whose head is on its way). */
    int parkedCount() {
        return parked;
    }

    /** File transfers the selector is finishing now. */
    int transferCount() {
        return transfers;
    }

    /** Connections half-closed after their last response, waiting for their clients to close. */
    int lingeringCount() {
        return lingering;
    }

    /**
     * Connections closed so far because they stayed idle past their time-out, or their client took
     * no byte of a file for {@code connectionTimeout}.
     */
    long idleClosedCount() {
        return idleClosed.get();
    }
}
