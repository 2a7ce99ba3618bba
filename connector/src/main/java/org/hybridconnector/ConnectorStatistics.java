package org.hybridconnector;

import java.util.function.IntSupplier;

import org.hybridconnector.admission.AcceptorGate;
import org.hybridconnector.admission.WorkLoad;
import org.hybridconnector.workers.ServiceTimes;

/**
 * The hybrid's own figures, as the endpoint's and the protocol's JMX getters show them: read
 * from the pieces that keep them (the work load, the acceptor's gate, the selector's parks, the
 * worker pools), never counted twice. Before the endpoint starts, and for the pieces a stopped
 * endpoint no longer has, the figures are those of an idle connector.
 * <p>
 * Thread safety: any thread reads; the endpoint sets the running pieces on start.
 */
final class ConnectorStatistics {

    /** How many lengthy paths {@link #lengthyPaths()} lists: enough to see the pattern. */
    private static final int LENGTHY_PATHS_SHOWN = 20;

    private final WorkLoad load;
    private final AcceptorGate gate;
    private final IntSupplier configuredWorkers;
    private volatile Parks parks;
    private volatile WorkerPools pools;

    /**
     * @param configuredWorkers the worker count before start: an adaptive count's minimum, where it
     *            will start, else {@code maxThreads} or the executor's
     */
    ConnectorStatistics(WorkLoad load, AcceptorGate gate, IntSupplier configuredWorkers) {
        this.load = load;
        this.gate = gate;
        this.configuredWorkers = configuredWorkers;
    }

    void started(Parks parks, WorkerPools pools) {
        this.parks = parks;
        this.pools = pools;
    }

    /** Connections parked in the selector, idle or with a request head on its way. */
    int parkedCount() {
        Parks p = parks;
        return p == null ? 0 : p.parkedCount();
    }

    /** Files the selector is still sending. */
    int transferCount() {
        Parks p = parks;
        return p == null ? 0 : p.transferCount();
    }

    /** Connections half-closed after their last response, waiting for their clients to close. */
    int lingeringCount() {
        Parks p = parks;
        return p == null ? 0 : p.lingeringCount();
    }

    /** Connections closed for idleness, or for a client that took no byte of a file in time. */
    long idleClosedCount() {
        Parks p = parks;
        return p == null ? 0 : p.idleClosedCount();
    }

    /** Requests whose head is complete, waiting for a free worker. */
    int readyCount() {
        return load.ready();
    }

    /** Requests a worker is serving now. */
    int runningCount() {
        return load.running();
    }

    /** Accepted connections whose first bytes have not arrived yet. */
    int freshCount() {
        return load.fresh();
    }

    /** How many times admission control made the acceptor wait before taking in a connection. */
    long heldBackCount() {
        return gate.heldBackCount();
    }

    /** Whether admission control holds the acceptor back now. */
    boolean isAcceptorHeldBack() {
        return gate.isHolding();
    }

    /** General workers allowed now: {@code maxThreads}, or the adaptive count. */
    int workerCount() {
        WorkerPools p = pools;
        return p == null ? configuredWorkers.getAsInt() : p.generalCapacity();
    }

    /** Spare general workers lengthy requests leave to quick ones now; -1 with one pool. */
    int lengthyReserve() {
        WorkerPools p = pools;
        return p == null ? -1 : p.reserve();
    }

    /** The request paths counted lengthy now, slowest first, with their averages; empty with one pool. */
    String lengthyPaths() {
        WorkerPools p = pools;
        ServiceTimes times = p == null ? null : p.serviceTimes();
        return times == null ? "" : times.describeLengthy(LENGTHY_PATHS_SHOWN);
    }
}
