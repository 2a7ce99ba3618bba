package org.hybridconnector;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The keep-alive limit and the session policy on real sockets of 127.0.0.1: a session that is its
 * connection keeps its connection past {@code maxKeepAliveRequests}, since its next connection
 * would be a new session; without the policy, and with sessions told by cookie, the limit holds.
 */
class SessionKeepAliveTest {

    @RegisterExtension
    final LoopbackProtocol server = new LoopbackProtocol();

    @ParameterizedTest(name = "{0} turnAway={1} newSessionBy={2}: {3} replies")
    @CsvSource({
        "busyWorkers, reject,  connection, 2", // no sessions: the limit holds
        "sessions,    reject,  connection, 6", // admitted by its first request: the connection is the session
        "sessions,    backlog, connection, 6", // admitted at accept: the connection is the session
        "sessions,    reject,  cookie,     2", // the session is the cookie: a new connection does not end it
    })
    void testKeepAliveLimitSparesSessionsThatAreTheirConnection(String policy, String turnAway,
            String newSessionBy, int replies) throws Exception {
        start(policy, turnAway, newSessionBy);
        assertEquals(replies, repliesBeforeClose(6));
    }

    private void start(String policy, String turnAway, String newSessionBy) throws Exception {
        server.start(PlainTextAdapter.ok(), protocol -> {
            protocol.setMaxThreads("2");
            protocol.setMaxKeepAliveRequests("2");
            protocol.setAdmissionPolicy(policy);
            protocol.setTurnAway(turnAway);
            protocol.setNewSessionBy(newSessionBy);
        });
    }

    /** Sends up to {@code requests} requests one after another on one connection; counts replies until the server closes. */
    private int repliesBeforeClose(int requests) throws IOException {
        try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), server.port())) {
            socket.setSoTimeout(5_000);
            OutputStream out = socket.getOutputStream();
            InputStream in = new BufferedInputStream(socket.getInputStream());
            for (int i = 1; i <= requests; i++) {
                out.write("GET /page HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
                out.flush();
                boolean close = ReplyLines.okReply(in);
                if (close) {
                    assertEquals(-1, in.read(), "the server said close and must close");
                    return i;
                }
            }
            return requests;
        }
    }
}
