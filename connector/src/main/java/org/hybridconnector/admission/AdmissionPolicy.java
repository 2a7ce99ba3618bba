package org.hybridconnector.admission;

import java.util.Locale;
import java.util.function.Supplier;

/**
 * Decides whether the acceptor may take in one more connection. The acceptor asks before every
 * {@code accept()}; while the answer is no, new clients wait in the kernel's listen backlog
 * ({@code acceptCount}) and the connections already admitted keep being served.
 * <p>
 * A policy is a pure decision over the {@link WorkLoad}; the waiting is done by the caller. Each
 * implementation says in its javadoc what a client observes.
 * <p>
 * Selected in {@code server.xml} with {@code admissionPolicy="busyWorkers"} (the default),
 * {@code "sessions"} ({@link SessionAdmission}) or {@code "none"}.
 */
public interface AdmissionPolicy {

    boolean admits(WorkLoad load);

    /**
     * Whether a request whose head has just arrived whole may be served; {@code false} has the
     * connector answer it at once with {@code 503} and close the connection. Asked on the selector
     * thread, so it must be quick. By default every request is served.
     */
    default boolean admitsRequest(NewRequest request) {
        return true;
    }

    /**
     * Whether each connection the acceptor takes in holds a session place of this policy (its
     * {@link #admits} let a session in), to be given back through {@link #sessionEnded()}.
     */
    default boolean placePerConnection() {
        return false;
    }

    /** A connection that held a session place has closed. */
    /**
     * Whether a session place, once taken, is its connection's for the connection's life: then
     * the connection must not be closed at the keep-alive limit, or the client's next connection
     * would be a new session, liable to wait or be turned away half-way through.
     */
    default boolean sessionIsItsConnection() {
        return false;
    }

    default void sessionEnded() {
    }

    /** A request joined {@code queue} at {@code queuedAt} ({@link System#nanoTime()}) to wait for a worker. */
    default void requestQueued(WorkQueue queue, long queuedAt) {
    }

    /** A worker picked up, at {@code startedAt}, a request that joined {@code queue} at {@code queuedAt}. */
    default void requestStarted(WorkQueue queue, long queuedAt, long startedAt) {
    }

    /** A request that joined {@code queue} at {@code queuedAt} was refused by its pool and will never start. */
    default void requestDropped(WorkQueue queue, long queuedAt) {
    }

    /** Seconds a client turned away by {@link #admitsRequest} is asked to wait ({@code Retry-After}). */
    default int retryAfterSeconds() {
        return 1;
    }

    /** Whether {@link #tick} must be called often (at least every 100 ms) rather than once a second. */
    default boolean measuresOverTime() {
        return false;
    }

    /**
     * Called by the selector thread at least once a second, and every 100 ms or more often if
     * {@link #measuresOverTime()}, for policies that measure over time windows.
     */
    default void tick(long nowNanos, WorkLoad load) {
    }

    /** The name used in {@code server.xml}. */
    String name();

    /**
     * The policy named {@code name} in {@code server.xml}; {@code sessions}, which has attributes
     * of its own, is built by {@code sessions}.
     *
     * @throws IllegalArgumentException if no policy has that name
     */
    static AdmissionPolicy named(String name, Supplier<AdmissionPolicy> sessions) {
        switch (name.trim().toLowerCase(Locale.ROOT)) {
            case "busyworkers":
                return new BusyWorkersAdmission();
            case "none":
                return new OpenAdmission();
            case "sessions":
                return sessions.get();
            default:
                throw new IllegalArgumentException("expected one of " + NAMES);
        }
    }

    /** The names {@code server.xml} may use, for messages. */
    String NAMES = "busyWorkers, sessions, none";
}
