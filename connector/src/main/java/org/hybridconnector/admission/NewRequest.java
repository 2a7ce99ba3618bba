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

    /** Its connection takes {@code place}, to give it back when it closes. */
    void holdSession(SessionPlace place);
}
