package org.hybridconnector.admission;

/**
 * A session's place under a session limit, held by the connection that carries the session and
 * given back when the connection closes.
 * <p>
 * It also tells whether the session is its connection: then the connection must stay open past
 * the keep-alive limit, since the client's next connection would be a new session, liable to
 * wait or be turned away half-way through its visit.
 */
public final class SessionPlace extends Permit {

    private final Runnable ended;
    private final boolean sessionIsItsConnection;

    /**
     * @param ended what the session's end gives back; run once
     * @param sessionIsItsConnection whether the connection keeps the place for its whole life
     */
    public SessionPlace(Runnable ended, boolean sessionIsItsConnection) {
        this.ended = ended;
        this.sessionIsItsConnection = sessionIsItsConnection;
    }

    /** Whether the connection holding the place must not be closed at the keep-alive limit. */
    public boolean sessionIsItsConnection() {
        return sessionIsItsConnection;
    }

    @Override
    protected void onRelease() {
        ended.run();
    }
}
