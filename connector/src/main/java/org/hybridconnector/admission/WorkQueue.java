package org.hybridconnector.admission;

/** The queue a request waits in for a worker: one per worker pool. */
public enum WorkQueue {
    /** The general pool's: every request when there is one pool, quick ones always. */
    GENERAL(1),
    /**
     * The lengthy pool's: lengthy requests while the general pool's spare workers are short. It is
     * a quarter of the general pool's size by design, so that lengthy requests wait rather than
     * take every worker; its clients asked for a search or a report and expect a moment's wait.
     */
    LENGTHY(5);

    private final int patience;

    WorkQueue(int patience) {
        this.patience = patience;
    }

    /**
     * How many times the admission target this queue's requests may wait, on average, before the
     * server counts as overloaded. Five for the lengthy queue: at the 200 ms default a search may
     * wait a second. (At a target of one second that is five, and a queue whose mean is five
     * seconds has waits past a client's ten: another reason to keep the default.)
     */
    public int patience() {
        return patience;
    }
}
