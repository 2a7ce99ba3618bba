package org.hybridconnector;

/** What a {@link Connection} waits for on the selector side. */
enum ConnectionState {
    /** Not in the selector's care: a worker has it, or it waits only for a write. */
    SERVING,
    /** Parked until a complete request head is buffered: between requests, or a head on its way. */
    AWAIT_HEAD,
    /** Parked with a processor attached (a split head, a servlet's non-blocking read): any byte dispatches. */
    AWAIT_DATA,
    /** The selector sends the rest of a response (a file, a cached one) as the client takes it. */
    SENDING;

    /** Whether a connection in this state is parked: waiting for its client, counted in {@code parkedCount}. */
    boolean isParked() {
        return this == AWAIT_HEAD || this == AWAIT_DATA;
    }

    /**
     * Whether a connection in this state is between requests as far as its buffers go: they hold no
     * part of a request a worker serves, so once nothing else holds them they can serve another connection.
     */
    boolean isBetweenRequests() {
        return this == AWAIT_HEAD || this == SENDING;
    }
}
