package org.hybridconnector;

import java.nio.ByteBuffer;

import org.hybridconnector.admission.NewRequest;
import org.hybridconnector.admission.SessionPlace;

/** A request head still in the read buffer, as an admission policy may look at it. */
final class PeekedRequest implements NewRequest {

    private final HybridSocketWrapper connection;
    private final ByteBuffer head;
    private final boolean firstOnConnection;

    PeekedRequest(HybridSocketWrapper connection, ByteBuffer head, boolean firstOnConnection) {
        this.connection = connection;
        this.head = head;
        this.firstOnConnection = firstOnConnection;
    }

    @Override
    public boolean firstOnConnection() {
        return firstOnConnection;
    }

    @Override
    public boolean carriesCookie(String name) {
        return HeadPeek.carriesCookie(head, name);
    }

    @Override
    public boolean holdsSession() {
        return connection.permits().holdsSession();
    }

    @Override
    public void holdSession(SessionPlace place) {
        connection.permits().holdPlace(place);
    }
}
