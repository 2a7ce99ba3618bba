package org.hybridconnector.admission;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

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
 * after a short grace (the selector loop's {@code FRESH_GRACE_MILLIS}), so silent clients cannot
 * keep the acceptor shut either.
 * <p>
 * Thread safety: every method may be called from any thread. The acceptor waits on this object's
 * monitor; it is only notified when it is actually waiting, so the hot path of a worker finishing
 * a request costs one volatile read.
 */
public final class WorkLoad {

    private final AtomicInteger fresh = new AtomicInteger();
    private final AtomicInteger ready = new AtomicInteger();
    private final AtomicInteger running = new AtomicInteger();
    private final AtomicLong heldBack = new AtomicLong();
    private volatile int workerCapacity;
    private volatile boolean acceptorWaiting;

    public WorkLoad(int workerCapacity) {
        this.workerCapacity = workerCapacity;
    }

    public int workerCapacity() {
        return workerCapacity;
    }

    public void setWorkerCapacity(int workerCapacity) {
        this.workerCapacity = workerCapacity;
        wakeAcceptor();
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

    /** How many times the acceptor had to wait before it could take in a connection. */
    public long heldBackCount() {
        return heldBack.get();
    }

    /** Whether the acceptor is waiting for admission now. */
    public boolean isAcceptorWaiting() {
        return acceptorWaiting;
    }

    public void connectionAccepted() {
        fresh.incrementAndGet();
    }

    /** The first bytes of a fresh connection arrived, or it closed before sending any. */
    public void freshConnectionSettled() {
        fresh.decrementAndGet();
        wakeAcceptor();
    }

    public void requestQueued() {
        ready.incrementAndGet();
    }

    public void requestStarted() {
        ready.decrementAndGet();
        running.incrementAndGet();
    }

    public void requestFinished() {
        running.decrementAndGet();
        wakeAcceptor();
    }

    /** A queued request was refused by the worker pool and will never start. */
    public void requestDropped() {
        ready.decrementAndGet();
        wakeAcceptor();
    }

    /**
     * Blocks the calling thread (the acceptor) until {@code policy} admits a new connection or
     * {@code keepWaiting} turns false. The wait is re-checked at least every {@code recheckMillis}
     * so that a policy whose answer depends on time (a measured response time) is re-asked.
     *
     * @return {@code true} if the policy admitted, {@code false} if the wait was cut short
     */
    public boolean awaitAdmission(AdmissionPolicy policy, java.util.function.BooleanSupplier keepWaiting,
            long recheckMillis) throws InterruptedException {
        if (policy.admits(this)) {
            return true;
        }
        heldBack.incrementAndGet();
        synchronized (this) {
            acceptorWaiting = true;
            try {
                while (!policy.admits(this)) {
                    if (!keepWaiting.getAsBoolean()) {
                        return false;
                    }
                    wait(recheckMillis);
                }
                return true;
            } finally {
                acceptorWaiting = false;
            }
        }
    }

    /** Wakes the acceptor if it waits, so it asks its policy again (work finished, or a stop). */
    public void wakeAcceptor() {
        if (acceptorWaiting) {
            synchronized (this) {
                notifyAll();
            }
        }
    }
}
