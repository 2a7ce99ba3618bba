package org.hybridconnector;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedInputStream;
import java.io.InputStream;
import java.net.Socket;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import org.apache.tomcat.util.net.SocketEvent;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A second worker turn queued for a connection while the first waits to run, as when Coyote raises
 * an event for it from another thread (an application's, or the async time-outs'): the first turn
 * ends with its request done, and the selector must leave the connection to the second, which
 * reads what comes next, until that one hands it back, even if it found no request at all. Had the
 * selector parked it on the first hand-back, it would read the next head into the buffers the
 * second turn reads too. The workers are the test's: each turn runs when the test runs it, on the
 * test's thread.
 */
@Timeout(60)
class SecondTurnTest {

    @RegisterExtension
    final LoopbackProtocol server = new LoopbackProtocol();

    /** What the connector queues for its workers. */
    private final BlockingQueue<Runnable> queued = new LinkedBlockingQueue<>();

    @ParameterizedTest
    @EnumSource(names = { "OPEN_READ", "TIMEOUT" })
    void testOnlyTheLastTurnsHandBackLetsTheSelectorReadTheNextHead(SocketEvent late) throws Exception {
        server.start(PlainTextAdapter.ok(), protocol -> protocol.setExecutor(queued::add));
        try (Socket bystander = server.connect()) {
            HybridSocketWrapper bystanderWrapper = onlyConnection();
            try (Socket client = server.connect()) {
                assertTrue(server.await(p -> server.endpoint().getConnections().size(), 2), "never accepted");
                HybridSocketWrapper wrapper = server.endpoint().getConnections().stream()
                        .map(HybridSocketWrapper.class::cast).filter(c -> c != bystanderWrapper).findFirst().get();
                LoopbackProtocol.get(client, "/first");
                Runnable first = nextTurn();
                wrapper.processSocket(late, true);
                Runnable second = nextTurn();

                first.run();
                InputStream in = new BufferedInputStream(client.getInputStream());
                ReplyLines.okReply(in);
                // The selector runs what other threads queue in order: the bystander's close after
                // the first turn's hand-back. Once it has run, only the client's park would count.
                bystanderWrapper.close();
                assertTrue(server.await(HybridProtocol::getParkedCount, 0),
                        "the selector took the connection back while a turn was still to run");

                second.run(); // nothing more has come (or no request to time out): it hands the connection back
                assertTrue(server.await(HybridProtocol::getParkedCount, 1), "the last turn's hand-back was not taken");
                LoopbackProtocol.get(client, "/next");
                nextTurn().run();
                assertFalse(ReplyLines.okReply(in));
                assertTrue(queued.isEmpty(), "a turn too many: " + queued);
            }
        }
    }

    /**
     * The keep-alive time-out falls due while a turn raised elsewhere is queued: that turn holds the
     * connection (and would hold its processor while it runs), so the time-out reaches it as an
     * ERROR turn after it, as stock NIO's poller dispatches one, instead of closing the socket under
     * it. The time-out is 3 s so that the raise, made at once, comes first on any machine.
     */
    @Test
    void testATimeOutWhileATurnIsQueuedIsAnErrorTurnAfterIt() throws Exception {
        server.start(PlainTextAdapter.ok(), protocol -> {
            protocol.setExecutor(queued::add);
            protocol.setKeepAliveTimeout("3000");
        });
        try (Socket client = server.connect()) {
            HybridSocketWrapper wrapper = onlyConnection();
            LoopbackProtocol.get(client, "/first");
            nextTurn().run();
            InputStream in = new BufferedInputStream(client.getInputStream());
            assertFalse(ReplyLines.okReply(in));
            assertTrue(server.await(HybridProtocol::getParkedCount, 1), "not parked for its next head");
            wrapper.processSocket(SocketEvent.TIMEOUT, true);
            Runnable raised = nextTurn();
            Runnable timedOut = nextTurn();
            assertFalse(wrapper.isClosed(), "closed under a queued turn");
            raised.run();
            timedOut.run();
            assertEquals(-1, in.read(), "the time-out's ERROR turn ends the connection");
            assertTrue(server.await(p -> server.endpoint().getConnections().size(), 0), "a connection left open");
            assertTrue(queued.isEmpty(), "a turn too many: " + queued);
        }
    }

    private HybridSocketWrapper onlyConnection() throws InterruptedException {
        assertTrue(server.await(p -> server.endpoint().getConnections().size(), 1), "never accepted");
        return (HybridSocketWrapper) server.endpoint().getConnections().iterator().next();
    }

    private Runnable nextTurn() throws InterruptedException {
        Runnable turn = queued.poll(10, TimeUnit.SECONDS);
        assertNotNull(turn, "no turn was queued");
        return turn;
    }
}
