package org.hybridconnector;

/** The kinds of wait in the selector, each with its own fixed time-out (see {@link Parks}). */
enum Deadline {
    /** Between requests: {@code keepAliveTimeout}. */
    KEEP_ALIVE,
    /**
     * A request head, or bytes a processor waits for, on their way: {@code connectionTimeout}
     * (for an upgraded connection with no read time-out, a check that it is still open).
     */
    HEAD,
    /** A new connection's first bytes: {@link Parks#FRESH_GRACE_MILLIS}. */
    FRESH,
    /** A file transfer whose client takes no byte: {@code connectionTimeout} since its last progress. */
    STALL,
    /** A connection half-closed after its last response, until its client closes: {@link Parks#LINGER_MILLIS}. */
    LINGER
}
