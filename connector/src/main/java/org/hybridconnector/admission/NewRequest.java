package org.hybridconnector.admission;

/**
 * A request whose head has arrived whole and that no worker has seen yet, as an admission policy
 * may look at it to tell a new session from one it already serves.
 */
public interface NewRequest {

    /** Whether it is the first request on its connection. */
    boolean firstOnConnection();

    /** Whether it carries a cookie named {@code name}. */
    boolean carriesCookie(String name);

    /** Whether its connection already holds one of the policy's session places. */
    boolean holdsSession();

    /**
     * Its connection takes a session place; the policy hears of its end through
     * {@link AdmissionPolicy#sessionEnded()} when the connection closes.
     */
    void holdSession();
}
