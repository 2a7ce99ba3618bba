package org.hybridconnector;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.apache.coyote.Request;
import org.apache.juli.logging.LogFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The admission agent answers HAProxy's agent checks with the line HAProxy's {@code agent-check}
 * reads: alone over a selector of the test's, and in a running connector, where pausing it or
 * keeping every worker busy turns the answer to {@code drain}.
 */
class AdmissionAgentTest {

    private static final InetAddress LOOPBACK = InetAddress.getLoopbackAddress();

    private LoopbackProtocol server;

    @AfterEach
    void stop() throws Exception {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void testAnswersAreWhatHaproxysAgentCheckReads() {
        assertEquals("ready 100%\n", text(AdmissionAgent.answer(100)));
        assertEquals("ready 37%\n", text(AdmissionAgent.answer(37)));
        assertEquals("ready 1%\n", text(AdmissionAgent.answer(1)));
        assertEquals("drain\n", text(AdmissionAgent.answer(0)));
        assertEquals("ready 100%\n", text(AdmissionAgent.answer(250)), "a weight above the configured one is capped");
    }

    @Test
    void testEachCheckGetsTheRoomAsItIsWhenItConnects() throws Exception {
        AtomicInteger room = new AtomicInteger(100);
        AdmissionAgent agent = AdmissionAgent.open(new InetSocketAddress(LOOPBACK, 0), room::get,
                LogFactory.getLog(AdmissionAgentTest.class));
        try (Selector selector = Selector.open()) {
            agent.register(selector);
            assertEquals("ready 100%\n", check(agent.port(), selector));
            room.set(40);
            assertEquals("ready 40%\n", check(agent.port(), selector));
            room.set(0);
            assertEquals("drain\n", check(agent.port(), selector));
        } finally {
            agent.closeNow();
        }
    }

    @Test
    void testAPortInUseFailsNamingTheAttribute() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, LOOPBACK)) {
            IOException e = assertThrows(IOException.class, () -> AdmissionAgent.open(
                    new InetSocketAddress(LOOPBACK, taken.getLocalPort()), () -> 100,
                    LogFactory.getLog(AdmissionAgentTest.class)));
            assertTrue(e.getMessage().contains("agentPort"), e.getMessage());
        }
    }

    @Test
    void testAConnectorDrainsWhilePausedOrWhileEveryWorkerIsBusy() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch started = new CountDownLatch(2);
        int agentPort = freePort();
        server = LoopbackProtocol.start(new PlainTextAdapter() {
            @Override
            protected String body(Request req) throws InterruptedException {
                started.countDown();
                release.await(10, TimeUnit.SECONDS);
                return "done";
            }
        }, protocol -> {
            protocol.setMaxThreads("2");
            protocol.setAgentPort(Integer.toString(agentPort));
        });
        assertEquals("ready 100%\n", check(agentPort));

        server.protocol().pause();
        assertEquals("drain\n", check(agentPort));
        server.protocol().resume();
        assertEquals("ready 100%\n", check(agentPort));

        Socket[] clients = new Socket[2];
        try {
            for (int i = 0; i < clients.length; i++) {
                clients[i] = new Socket(LOOPBACK, server.port());
                clients[i].getOutputStream().write("GET / HTTP/1.1\r\nHost: a\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            }
            assertTrue(started.await(10, TimeUnit.SECONDS), "the two requests never reached a worker");
            assertEquals("drain\n", check(agentPort), "both workers busy: a new session would wait");
            release.countDown();
            for (Socket client : clients) {
                client.setSoTimeout(10_000);
                assertTrue(new String(client.getInputStream().readNBytes(12), StandardCharsets.US_ASCII)
                        .startsWith("HTTP/1.1 200"));
            }
            assertEquals("ready 100%\n", awaitAnswer(agentPort, "ready 100%\n"), "the workers are free again");
        } finally {
            release.countDown();
            for (Socket client : clients) {
                if (client != null) {
                    client.close();
                }
            }
        }
    }

    @Test
    void testAgentAttributesAreValidatedAndApplied() {
        HybridProtocol bad = new HybridProtocol();
        bad.setAgentPort("70000");
        bad.setAgentAddress("no such host.invalid");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, bad::init);
        assertTrue(e.getMessage().contains("attribute [agentPort]"), e.getMessage());
        assertTrue(e.getMessage().contains("attribute [agentAddress]"), e.getMessage());
        HybridProtocol offset = new HybridProtocol();
        offset.setAgentPort("65000");
        offset.setPortOffset(1000);
        e = assertThrows(IllegalArgumentException.class, offset::init);
        assertTrue(e.getMessage().contains("attribute [agentPort] plus portOffset (1000) is 66000"), e.getMessage());
        HybridProtocol good = new HybridProtocol();
        assertEquals(-1, good.getAgentPort(), "off by default");
        good.setAgentPort("9180");
        good.setAgentAddress("127.0.0.1");
        assertEquals(9180, good.getAgentPort());
        assertEquals("127.0.0.1", good.getAgentAddress());
    }

    /** One check against an agent the test's own selector drives. */
    private static String check(int port, Selector selector) throws IOException {
        try (Socket socket = new Socket(LOOPBACK, port)) {
            socket.setSoTimeout(5_000);
            assertEquals(1, selector.select(5_000), "the agent's key was never ready");
            for (SelectionKey key : selector.selectedKeys()) {
                ((Selectable) key.attachment()).selected(key.readyOps());
            }
            selector.selectedKeys().clear();
            return text(socket.getInputStream().readAllBytes());
        }
    }

    /** One check against a running connector's agent, as HAProxy makes it. */
    private static String check(int port) throws IOException {
        try (Socket socket = new Socket(LOOPBACK, port)) {
            socket.setSoTimeout(5_000);
            InputStream in = socket.getInputStream();
            return text(in.readAllBytes());
        }
    }

    /** Checks until the answer is {@code expected} or 10 s have passed; the last answer. */
    private static String awaitAnswer(int port, String expected) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        String answer = check(port);
        while (!answer.equals(expected) && System.nanoTime() - deadline < 0) {
            Thread.sleep(10);
            answer = check(port);
        }
        return answer;
    }

    private static String text(byte[] bytes) {
        return new String(bytes, StandardCharsets.US_ASCII);
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, LOOPBACK)) {
            return socket.getLocalPort();
        }
    }
}
