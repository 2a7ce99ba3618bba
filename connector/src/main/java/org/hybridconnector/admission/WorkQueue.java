package org.hybridconnector.admission;

/** The queue a request waits in for a worker: one per worker pool. */
public enum WorkQueue {
    /** The general pool's: every request when there is one pool, quick ones always. */
    GENERAL(1),
    /**
     * The lengthy pool's: lengthy requests while the general pool's spare workers are short; a
     * quarter of the general pool's size (see {@code docs/decisions/0006-lengthy-pool-and-patience.md}).
     */
    LENGTHY(5);

    private final int patience;

    WorkQueue(int patience) {
        this.patience = patience;
    }

    /**
     * How many times the admission target this queue's requests may wait, on average, before the
     * server counts as overloaded: five for the lengthy queue, so that at the 200 ms default a
     * search may wait a second.
     */
    public int patience() {
        return patience;
    }
}
