package org.hybridconnector;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import org.apache.coyote.Request;
import org.apache.juli.logging.LogFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The admission agent answers HAProxy's agent checks with the line HAProxy's {@code agent-check}
 * reads: alone over a selector of the test's, and in a running connector, where pausing it or
 * keeping every worker busy turns the answer to {@code drain}, and where a peer flooding the agent
 * port does not keep the selector thread from the connections.
 */
class AdmissionAgentTest {

    private static final InetAddress LOOPBACK = InetAddress.getLoopbackAddress();

    @RegisterExtension
    final LoopbackProtocol server = new LoopbackProtocol();

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
        int agentPort = LoopbackPorts.free();
        server.start(new PlainTextAdapter() {
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
    void testWhatACheckSentIsDroppedAKilobyteAtATimeAtMost() throws Exception {
        try (LoopbackPair pair = LoopbackPair.open(0); Selector selector = Selector.open()) {
            pair.accepted().register(selector, SelectionKey.OP_READ);
            pair.client().getOutputStream().write("agent-send\n".getBytes(StandardCharsets.US_ASCII));
            assertEquals(1, selector.select(10_000), "the line never arrived");
            assertEquals(11, SelectorLoop.drop(pair.accepted(), ByteBuffer.allocate(256)), "a short line is read whole");
            // A peer that has sent far more: however much is waiting, one call reads four buffers at most.
            pair.client().getOutputStream().write(new byte[64 * 1024]);
            int calls = 0;
            for (int dropped = 0; dropped < 64 * 1024; calls++) {
                selector.selectedKeys().clear();
                assertEquals(1, selector.select(10_000), "the rest never arrived");
                int now = SelectorLoop.drop(pair.accepted(), ByteBuffer.allocate(256));
                assertTrue(now <= 1024, "one call dropped " + now + " bytes");
                dropped += now;
            }
            assertTrue(calls >= 64, calls + " calls");
            pair.client().shutdownOutput();
            selector.selectedKeys().clear();
            assertEquals(1, selector.select(10_000), "the end of the stream never arrived");
            assertEquals(-1, SelectorLoop.drop(pair.accepted(), ByteBuffer.allocate(256)), "the peer's end is told");
        }
    }

    /**
     * One connection to the agent, written to until the agent closes it or {@code flooding} ends:
     * first 8 KiB, which the socket buffers take before the agent accepts, then 64 KiB at a time.
     */
    private static void floodOnce(int port, AtomicBoolean flooding, CountDownLatch sending, CountDownLatch cutOff) {
        try (Socket socket = new Socket(LOOPBACK, port)) {
            try {
                socket.getOutputStream().write(new byte[8 * 1024]);
                sending.countDown();
                byte[] chunk = new byte[64 * 1024];
                while (flooding.get()) {
                    socket.getOutputStream().write(chunk);
                }
            } catch (IOException e) {
                cutOff.countDown();
            }
        } catch (IOException e) {
            // not connected: the test finds nothing sent
        }
    }

    @Test
    void testAConnectorWhoseAgentPortIsFloodedStillServesItsRequests() throws Exception {
        int agentPort = LoopbackPorts.free();
        server.start(PlainTextAdapter.ok(), protocol -> protocol.setAgentPort(Integer.toString(agentPort)));
        AtomicBoolean flooding = new AtomicBoolean(true);
        CountDownLatch cutOff = new CountDownLatch(1);
        CountDownLatch sending = new CountDownLatch(2);
        List<Thread> flooders = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            Thread flooder = new Thread(() -> flood(agentPort, flooding, sending, cutOff), "agent-flooder-" + i);
            flooder.start();
            flooders.add(flooder);
        }
        try {
            assertTrue(sending.await(10, TimeUnit.SECONDS), "the flooders never got their first bytes out");
            for (int i = 0; i < 10; i++) {
                try (Socket client = server.connect()) {
                    LoopbackProtocol.get(client, "/");
                    assertEquals("HTTP/1.1 200", text(client.getInputStream().readNBytes(12)),
                            "a request on the connector's port while its agent port was flooded");
                }
            }
            assertTrue(cutOff.await(10, TimeUnit.SECONDS), "the agent never cut a flood off");
        } finally {
            flooding.set(false);
            for (Thread flooder : flooders) {
                flooder.join(10_000);
            }
        }
        assertFalse(flooders.stream().anyMatch(Thread::isAlive), "a flooder never stopped");
        assertEquals("ready 100%\n", check(agentPort), "checks are answered after the flood");
    }

    /** {@link #floodOnce} again and again, until {@code flooding} ends or 30 s have passed. */
    private static void flood(int port, AtomicBoolean flooding, CountDownLatch sending, CountDownLatch cutOff) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (flooding.get() && System.nanoTime() - deadline < 0) {
            floodOnce(port, flooding, sending, cutOff);
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
}
