package org.hybridconnector;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedInputStream;
import java.io.InputStream;
import java.net.Socket;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A connection parked in the selector and closed by another thread (an application closing its
 * WebSocket, HTTP/2 ending a connection): the selector lets go of it at once, not at its deadline,
 * so the parked count says what is parked.
 */
@Timeout(60)
class ClosedElsewhereTest {

    @RegisterExtension
    final LoopbackProtocol server = new LoopbackProtocol();

    @Test
    void testAParkedConnectionClosedByAnotherThreadLeavesTheParkedCountAtOnce() throws Exception {
        server.start(PlainTextAdapter.ok(), protocol -> protocol.setKeepAliveTimeout("60000"));
        try (Socket socket = server.connect()) {
            LoopbackProtocol.get(socket, "/a");
            InputStream in = new BufferedInputStream(socket.getInputStream());
            ReplyLines.okReply(in);
            assertTrue(server.await(HybridProtocol::getParkedCount, 1), "the connection never parked");

            ((HybridSocketWrapper) server.endpoint().getConnections().iterator().next()).close();
            assertEquals(-1, in.read(), "closed");
            // Before its keep-alive deadline, a minute away.
            assertTrue(server.await(HybridProtocol::getParkedCount, 0), "a closed connection still counts as parked");
        }
    }
}
