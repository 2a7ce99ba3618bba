package org.hybridconnector.admission;

/**
 * The question asked of a request whose head has just arrived whole, before any worker is spent
 * on it: may it be served? If not, the connector answers at once with {@code 503}, a
 * {@code Retry-After} of {@link #retryAfterSeconds()} and {@code Connection: close}. Asked on the
 * selector thread, so it must be quick.
 */
public interface RequestGate {

    /** Serves every request. */
    RequestGate OPEN = request -> true;

    boolean admits(NewRequest request);

    /** Seconds a client turned away is asked to wait. */
    default int retryAfterSeconds() {
        return 1;
    }
}
