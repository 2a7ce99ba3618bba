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
 * The session policy with {@code turnAway="backlog"} counts a session from its connection's accept
 * to its close, on real sockets of 127.0.0.1. The acceptor asks the gate before {@code accept()}
 * and then waits there for the next client; a place taken at the question would count a session
 * that has not come, for as long as none comes.
 */
@Timeout(60)
class SessionCountTest {

    @RegisterExtension
    final LoopbackProtocol server = new LoopbackProtocol();

    @Test
    void testAnIdleConnectorHasNoSessionInProgressAndEachConnectionIsAdmittedOnce() throws Exception {
        server.start(PlainTextAdapter.ok(), protocol -> {
            protocol.setAdmissionPolicy("sessions");
            protocol.setTurnAway("backlog");
        });
        for (int visit = 1; visit <= 2; visit++) {
            try (Socket client = server.connect()) {
                LoopbackProtocol.get(client, "/page");
                InputStream in = new BufferedInputStream(client.getInputStream());
                ReplyLines.okReply(in);
            }
            // The acceptor is back in accept() by now, waiting for a client that does not come.
            assertTrue(server.await(HybridProtocol::getSessionsInProgress, 0),
                    "an idle connector counts a session in progress");
            assertEquals(visit, server.protocol().getAdmittedSessionCount(), "sessions admitted after visit " + visit);
        }
    }
}
