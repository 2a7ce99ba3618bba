package org.hybridconnector.admission;

import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;

/**
 * Where the acceptor waits before each {@code accept()} until its {@link ConnectionGate} lets one
 * more connection in. The wait is woken when work ends, or a session's place is given back, and
 * the gate's answer has turned to yes (the thread that did it asks), and re-asked at least every
 * {@code recheckMillis}, for answers that change otherwise (a session limit rising).
 * <p>
 * Thread safety: the acceptor waits; any thread may read the figures.
 */
public final class AcceptorGate {

    private final WorkLoad load;
    private final AtomicLong heldBack = new AtomicLong();

    public AcceptorGate(WorkLoad load) {
        this.load = load;
    }

    /**
     * Blocks the calling thread (the acceptor) until {@code gate} admits a new connection or
     * {@code keepWaiting} turns false.
     *
     * @return whether the gate admitted one; {@code false} if the wait was cut short
     */
    public boolean await(ConnectionGate gate, BooleanSupplier keepWaiting, long recheckMillis)
            throws InterruptedException {
        if (gate.admits(load)) {
            return true;
        }
        heldBack.incrementAndGet();
        return load.awaitWork(() -> gate.admits(load), keepWaiting, recheckMillis);
    }

    /** How many times the acceptor had to wait before it could take in a connection. */
    public long heldBackCount() {
        return heldBack.get();
    }

    /** Whether the acceptor is waiting now. */
    public boolean isHolding() {
        return load.hasWaiter();
    }

    /** Wakes the acceptor if it waits, so it asks its gate again (a pause or a stop). */
    public void wake() {
        load.wakeWaiters();
    }
}
