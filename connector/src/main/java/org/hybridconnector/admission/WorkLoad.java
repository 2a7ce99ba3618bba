package org.hybridconnector.admission;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;

/**
 * The work the connector has taken on and not yet finished, as admission policies see it.
 * <p>
 * Three kinds of work are counted, because counting busy workers alone lets a burst of new
 * connections in before any of them has made a worker busy:
 * <ul>
 * <li><b>fresh</b> connections: accepted, no byte received yet (their first request is on its way);</li>
 * <li><b>ready</b> requests: handed to the worker pool, no worker has picked them up yet;</li>
 * <li><b>running</b> requests: a worker is serving them.</li>
 * </ul>
 * A fresh connection stops counting as soon as its first bytes arrive: from then on it is either
 * ready (its head is complete) or parked (a slow client trickling its head, which costs no worker
 * and so must not keep the acceptor shut). A fresh connection that stays silent stops counting
 * after a short grace (the selector's {@code Parks.FRESH_GRACE_MILLIS}), so silent clients cannot
 * keep the acceptor shut either.
 * <p>
 * Work enters and leaves through permits ({@link #connectionAccepted()}, {@link RequestPermit}),
 * each released exactly once, so the counts cannot drift whichever way the work ends.
 * <p>
 * Thread safety: every method may be called from any thread. The acceptor waits on this object's
 * monitor ({@link AcceptorGate}). Work ending, or a session's place given back, wakes it only if
 * its gate would now let a connection in: the thread that ended the work asks the gate's question
 * itself. Under overload a worker finishes a request while others wait in the queue, the gate
 * stays shut, and waking the acceptor for each such finish would cost a context switch per
 * request for nothing. With no acceptor waiting, work ending costs one volatile read.
 */
public final class WorkLoad {

    private final AtomicInteger fresh = new AtomicInteger();
    private final AtomicInteger ready = new AtomicInteger();
    private final AtomicInteger running = new AtomicInteger();
    private volatile int workerCapacity;
    /** The waiting acceptor's question ({@link #awaitWork}), or null while no thread waits. */
    private volatile BooleanSupplier waiter;

    public WorkLoad(int workerCapacity) {
        this.workerCapacity = workerCapacity;
    }

    public int workerCapacity() {
        return workerCapacity;
    }

    public void setWorkerCapacity(int workerCapacity) {
        this.workerCapacity = workerCapacity;
        wakeIfAdmitted();
    }

    /** Connections accepted whose first bytes have not arrived yet. */
    public int fresh() {
        return fresh.get();
    }

    /** Requests handed to the worker pool and not yet picked up by a worker. */
    public int ready() {
        return ready.get();
    }

    /** Requests a worker is serving now. */
    public int running() {
        return running.get();
    }

    /** All work admitted and not finished: what a busy-workers rule must compare with capacity. */
    public int pending() {
        return fresh.get() + ready.get() + running.get();
    }

    /** Whether a thread (the acceptor) waits for work to end now. */
    public boolean hasWaiter() {
        return waiter != null;
    }

    /**
     * Counts a connection just accepted as work on its way, until the returned permit is released
     * (its first bytes arrived, its grace ran out, or it closed), whichever comes first.
     */
    public Permit connectionAccepted() {
        fresh.incrementAndGet();
        return new Permit() {
            @Override
            protected void onRelease() {
                freshConnectionSettled();
            }
        };
    }

    private void freshConnectionSettled() {
        fresh.decrementAndGet();
        wakeIfAdmitted();
    }

    /** Counted by {@link RequestPermit}: queued, started, then finished or dropped. */
    void requestQueued() {
        ready.incrementAndGet();
    }

    void requestStarted() {
        ready.decrementAndGet();
        running.incrementAndGet();
        // The sum the gate reads is three reads, not one: a finish that read ready before this
        // start and running after it counted this request twice and woke nobody. This thread asks
        // after both changes, so it sees that finish.
        wakeIfAdmitted();
    }

    void requestFinished() {
        running.decrementAndGet();
        wakeIfAdmitted();
    }

    /** A queued request was refused by the worker pool and will never start. */
    void requestDropped() {
        ready.decrementAndGet();
        wakeIfAdmitted();
    }

    /**
     * Blocks the calling thread until {@code admits} says yes, {@code keepWaiting} turns false, or
     * the thread is interrupted; {@code admits} is asked again at least every {@code recheckMillis},
     * when {@link #wakeWaiters()} is called, and when work ends and the thread that ended it finds
     * that {@code admits} now says yes. So {@code admits} may be asked on any thread.
     *
     * @return {@code true} once {@code admits} said yes, {@code false} if the wait was cut short
     */
    boolean awaitWork(BooleanSupplier admits, BooleanSupplier keepWaiting, long recheckMillis)
            throws InterruptedException {
        synchronized (this) {
            waiter = admits;
            try {
                while (!admits.getAsBoolean()) {
                    if (!keepWaiting.getAsBoolean()) {
                        return false;
                    }
                    wait(recheckMillis);
                }
                return true;
            } finally {
                waiter = null;
            }
        }
    }

    /** Wakes a thread waiting in {@link #awaitWork}, so it asks again (a pause or a stop). */
    public void wakeWaiters() {
        if (waiter != null) {
            synchronized (this) {
                notifyAll();
            }
        }
    }

    /**
     * Wakes the waiting thread if its question is now answered yes: called after each change of
     * these counts, and by any thread that changed something else a gate reads (a session's place
     * given back). The waiter is published before its first question and each count is atomic, so
     * either the waiter sees this change or this thread sees the waiter. A question over several
     * counts may read them torn; every change that can turn it to yes asks it again after itself
     * ({@link #requestStarted}).
     */
    public void wakeIfAdmitted() {
        BooleanSupplier question = waiter;
        if (question != null && question.getAsBoolean()) {
            synchronized (this) {
                notifyAll();
            }
        }
    }
}
