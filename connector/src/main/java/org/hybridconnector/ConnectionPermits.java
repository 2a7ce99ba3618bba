package org.hybridconnector;

import org.hybridconnector.admission.Permit;
import org.hybridconnector.admission.SessionPlace;

/**
 * What admission control handed one connection, and gives back through it: the connection's
 * claim as work on its way, until its first bytes arrive or its grace ends, and the policy's place
 * (a session's, or none), until the connection closes.
 * <p>
 * Thread safety: the acceptor hands the permits over, the selector thread and workers settle
 * them, and the close may run on any thread; each permit is given back once however many threads
 * release it, and a place handed over after the close is given back at once.
 */
final class ConnectionPermits {

    private volatile Permit arrival = Permit.none();
    private volatile Permit place = Permit.none();
    private volatile boolean closed;

    /** Holds {@code permit} as the connection's claim as work on its way, until its first bytes. */
    void holdArrival(Permit permit) {
        arrival = permit;
    }

    /**
     * Marks the end of the connection's first wait: its first bytes arrived, its grace ran out, or
     * it closed. Until then it counts as pending work for admission control.
     */
    void settleFresh() {
        arrival.release();
    }

    /** Holds {@code permit} (a session place, or none) until the connection closes. */
    void holdPlace(Permit permit) {
        place = permit;
        if (closed) {
            // Closed meanwhile: the close has already given back what it found.
            permit.release();
        }
    }

    boolean holdsSession() {
        return place instanceof SessionPlace session && session.isHeld();
    }

    /** Whether the connection carries a session that is the connection itself (see {@link SessionPlace}). */
    boolean sessionIsTheConnection() {
        return place instanceof SessionPlace session && session.isHeld() && session.sessionIsItsConnection();
    }

    /**
     * The connection closed: everything goes back, each release waking a waiting acceptor whose
     * gate it opens.
     */
    void releaseAll() {
        closed = true;
        place.release();
        arrival.release();
    }
}
