package org.hybridconnector.blocking;

import static org.hybridconnector.Conditions.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.apache.coyote.Request;
import org.hybridconnector.Conditions;
import org.hybridconnector.PlainTextAdapter;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The protocol over real sockets of 127.0.0.1 with a minimal Coyote adapter in place of Catalina:
 * the defaults, thread-per-connection ownership, {@code maxConnections} = {@code maxThreads},
 * and the BIO keep-alive rule.
 */
class BlockingProtocolTest {

    private BlockingProtocol protocol;
    private final List<Socket> clients = new ArrayList<>();

    @AfterEach
    void stop() throws Exception {
        Conditions.close(clients, protocol);
    }

    @Test
    void testDefaultsAreTomcatsAndTheBioConnectors() {
        BlockingProtocol fresh = new BlockingProtocol();
        assertEquals(200, fresh.getMaxThreads());
        assertEquals(75, fresh.getDisableKeepAlivePercentage());
        assertFalse(fresh.isSendfileSupported());
        fresh.setDisableKeepAlivePercentage(140);
        assertEquals(100, fresh.getDisableKeepAlivePercentage());
    }

    @Test
    void testMaxConnectionsDefaultsToMaxThreads() throws Exception {
        start(4, 20_000);
        assertEquals(4, protocol.getMaxConnections());
    }

    @Test
    void testKeepAliveHoldsUnderLightLoad() throws Exception {
        start(4, 20_000);
        Socket client = connect();
        for (int i = 0; i < 3; i++) {
            Reply reply = exchange(client, "/r" + i);
            assertEquals(200, reply.status);
            assertNull(reply.connection, "one busy thread of four must keep the connection alive");
        }
        assertEquals(1, protocol.getOwnedConnectionCount());
        assertEquals(0, protocol.getKeepAliveDisabledCount());
    }

    @Test
    void testIdleConnectionsHoldAThreadEachAndBusyThreadsSwitchKeepAliveOff() throws Exception {
        start(4, 20_000);
        for (int i = 0; i < 3; i++) {
            connect(); // says nothing: still owns a thread
        }
        await(() -> protocol.getOwnedConnectionCount() == 3, "three silent connections must own three threads");

        Socket fourth = connect();
        Reply reply = exchange(fourth, "/busy");
        assertEquals(200, reply.status);
        assertEquals("close", reply.connection, "4 of 4 threads busy is above 75 %: the response must close");
        assertEquals(1, protocol.getKeepAliveDisabledCount());
        assertEquals(-1, fourth.getInputStream().read(), "the server must close after that response");
    }

    @Test
    void testConnectionBeyondMaxThreadsWaitsInTheBacklogUntilAThreadFrees() throws Exception {
        start(2, 20_000);
        Socket first = connect();
        connect();
        await(() -> protocol.getOwnedConnectionCount() == 2, "two connections must own both threads");
        Socket third = connect(); // the kernel completes the handshake; the acceptor does not take it
        third.getOutputStream().write(request("/third"));
        third.setSoTimeout(700);
        try {
            third.getInputStream().read();
            throw new AssertionError("the third connection was served while both threads were owned");
        } catch (SocketTimeoutException expected) {
            // waits in the backlog
        }
        first.close();
        third.setSoTimeout(10_000);
        assertEquals(200, readReply(third).status);
    }

    @Test
    void testSilentConnectionClosesAtTheConnectionTimeout() throws Exception {
        start(2, 500);
        Socket silent = connect();
        await(() -> protocol.getOwnedConnectionCount() == 1, "the connection must own a thread");
        silent.setSoTimeout(5_000);
        assertEquals(-1, silent.getInputStream().read());
        await(() -> protocol.getOwnedConnectionCount() == 0, "the thread must be released");
        assertEquals(1, protocol.getIdleClosedCount());
    }

    @Test
    void testHeadSplitAcrossWritesIsServed() throws Exception {
        start(2, 5_000);
        Socket client = connect();
        byte[] whole = request("/split");
        OutputStream out = client.getOutputStream();
        out.write(whole, 0, 10);
        out.flush();
        Thread.sleep(200);
        out.write(whole, 10, whole.length - 10);
        out.flush();
        Reply reply = readReply(client);
        assertEquals(200, reply.status);
        assertEquals("/split", reply.body);
    }

    // ------------------------------------------------------------------ helpers

    private void start(int maxThreads, int connectionTimeout) throws Exception {
        protocol = new BlockingProtocol();
        protocol.setAddress(InetAddress.getLoopbackAddress());
        protocol.setPort(0);
        protocol.setMaxThreads(maxThreads);
        protocol.setConnectionTimeout(connectionTimeout);
        protocol.setAdapter(new PathEchoAdapter());
        protocol.init();
        protocol.start();
    }

    private Socket connect() throws IOException {
        Socket socket = new Socket();
        socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), protocol.getLocalPort()), 5_000);
        socket.setSoTimeout(10_000);
        clients.add(socket);
        return socket;
    }

    private static byte[] request(String path) {
        return ("GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1);
    }

    private static Reply exchange(Socket socket, String path) throws IOException {
        socket.getOutputStream().write(request(path));
        socket.getOutputStream().flush();
        return readReply(socket);
    }

    private record Reply(int status, String connection, String body) {
    }

    /** Reads one response framed by Content-Length, byte by byte so nothing of the next one is consumed. */
    private static Reply readReply(Socket socket) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.ISO_8859_1), 1);
        String statusLine = in.readLine();
        if (statusLine == null) {
            throw new IOException("closed before a response");
        }
        String connection = null;
        int length = 0;
        String line;
        while (!(line = in.readLine()).isEmpty()) {
            String lower = line.toLowerCase(Locale.ROOT);
            if (lower.startsWith("connection:")) {
                connection = line.substring(11).trim();
            } else if (lower.startsWith("content-length:")) {
                length = Integer.parseInt(line.substring(15).trim());
            }
        }
        char[] body = new char[length];
        int read = 0;
        while (read < length) {
            read += in.read(body, read, length - read);
        }
        return new Reply(Integer.parseInt(statusLine.split(" ")[1]), connection, new String(body));
    }

    /** Catalina's part, reduced to answering 200 with the request's path as the body. */
    private static final class PathEchoAdapter extends PlainTextAdapter {

        @Override
        protected String body(Request req) {
            return req.requestURI().toString();
        }
    }
}
