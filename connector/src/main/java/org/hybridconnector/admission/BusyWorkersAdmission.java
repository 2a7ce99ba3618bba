package org.hybridconnector.admission;

/**
 * The paper's rule: while every worker has work (running, queued for a worker, or a new
 * connection whose first request is on its way), accept nothing.
 * <p>
 * What a client observes: a new client's connection is completed by the kernel and waits in the
 * listen backlog until a worker frees; its request is then served normally. When the backlog
 * ({@code acceptCount}) is full the kernel drops further SYNs and the client retries the
 * connection. Clients already connected are never refused: their keep-alive requests are served in
 * arrival order by the same workers.
 */
public final class BusyWorkersAdmission implements AdmissionPolicy {

    @Override
    public ConnectionGate connectionGate() {
        return load -> load.pending() < load.workerCapacity();
    }

    /** All or nothing, as the rule itself: a new connection waits exactly while no worker is free. */
    @Override
    public int roomPercent(WorkLoad load) {
        return load.pending() < load.workerCapacity() ? 100 : 0;
    }

    @Override
    public String name() {
        return "busyWorkers";
    }
}
