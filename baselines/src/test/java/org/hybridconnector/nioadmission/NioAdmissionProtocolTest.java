package org.hybridconnector.nioadmission;

import static org.hybridconnector.Conditions.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.apache.catalina.core.StandardThreadExecutor;
import org.apache.coyote.Request;
import org.hybridconnector.Conditions;
import org.hybridconnector.PlainTextAdapter;
import org.apache.tomcat.util.net.Acceptor.AcceptorState;
import org.apache.tomcat.util.threads.TaskQueue;
import org.apache.tomcat.util.threads.ThreadPoolExecutor;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The admission rule on real sockets of 127.0.0.1, with a Coyote adapter in place of Catalina
 * whose {@code /hold} requests keep their worker until the test lets one go. Two workers, two held
 * requests: the acceptor must stop taking connections, and pause and stop must not wait for it.
 */
class NioAdmissionProtocolTest {

    private final HoldingAdapter adapter = new HoldingAdapter();
    private final List<Socket> clients = new ArrayList<>();
    private NioAdmissionProtocol protocol;
    private StandardThreadExecutor sharedExecutor;

    @AfterEach
    void stop() throws Exception {
        adapter.releases.release(100);
        Conditions.close(clients, protocol);
        if (sharedExecutor != null) {
            sharedExecutor.stop();
        }
    }

    @Test
    void testNewConnectionWaitsInTheBacklogWhileEveryWorkerIsBusy() throws Exception {
        start(2);
        assertNewConnectionWaitsWhileBothWorkersAreHeld();
    }

    @Test
    void testSharedExecutorWithEveryThreadBusyHoldsTheAcceptorBack() throws Exception {
        sharedExecutor = new StandardThreadExecutor();
        sharedExecutor.setName("shared");
        sharedExecutor.setNamePrefix("shared-exec-");
        sharedExecutor.setMaxThreads(2);
        sharedExecutor.setMinSpareThreads(2);
        sharedExecutor.start();
        protocol = new NioAdmissionProtocol();
        protocol.setExecutor(sharedExecutor);
        start(protocol);
        assertNewConnectionWaitsWhileBothWorkersAreHeld();
    }

    /** With {@code /hold} in both of two workers, the acceptor stops, and goes on once one frees. */
    private void assertNewConnectionWaitsWhileBothWorkersAreHeld() throws Exception {
        Socket waker = holdBothWorkersUntilTheAcceptorWaits();
        long accepted = protocol.getConnectionCount();

        Socket held = send("/quick");
        assertNoReplyWithin(held, 500);
        assertEquals(accepted, protocol.getConnectionCount(), "a connection was accepted while every worker was busy");
        assertEquals(1, protocol.getHeldBackCount(), "one wait, however long, counts once");

        adapter.releases.release(); // one worker frees; the other /hold keeps its worker
        assertEquals(200, status(waker));
        assertEquals(200, status(held));
        assertEquals(1, adapter.holding.get());
    }

    @Test
    void testPauseAndResumeWhileTheAcceptorIsHeldBack() throws Exception {
        start(2);
        Socket waker = holdBothWorkersUntilTheAcceptorWaits();

        // Tomcat's pause waits (at most a second) for the acceptor to leave RUNNING; one that stayed
        // held back would still be RUNNING when the pause gave up.
        protocol.pause();
        assertEquals(AcceptorState.PAUSED, protocol.acceptorState(), "the pause must wake the held-back acceptor");
        protocol.resume();
        // Resumed with both workers still busy: the rule applies again, as a new wait.
        Socket afterResume = send("/quick");
        await(() -> protocol.getHeldBackCount() == 2, "the resumed acceptor must be held back again");
        assertNoReplyWithin(afterResume, 300);

        adapter.releases.release(2);
        assertEquals(200, status(waker));
        assertEquals(200, status(afterResume));
    }

    @Test
    void testStopIsPromptWhileTheAcceptorIsHeldBack() throws Exception {
        start(2);
        holdBothWorkersUntilTheAcceptorWaits();

        // Stop pauses (the test above), then waits for the acceptor to end: a held acceptor that
        // missed the stop would outlive it.
        protocol.stop();
        await(() -> acceptorThreads() == 0, "the acceptor thread must end with the stop");
        assertEquals(AcceptorState.ENDED, protocol.acceptorState());
        protocol.destroy();
        protocol = null;
    }

    @Test
    void testEveryWorkerBusyReadsTheConnectorsOwnPool() throws Exception {
        start(1);
        assertTrue(NioAdmissionEndpoint.hasWorkerBound(protocol.getExecutor()));
        assertEquals(false, NioAdmissionEndpoint.everyWorkerBusy(protocol.getExecutor()));
        send("/hold");
        await(() -> NioAdmissionEndpoint.everyWorkerBusy(protocol.getExecutor()), "one /hold fills one worker");
        assertEquals(false, NioAdmissionEndpoint.everyWorkerBusy(Runnable::run), "a foreign executor has no bound");
        assertEquals(false, NioAdmissionEndpoint.hasWorkerBound(Runnable::run));
    }

    @Test
    void testAThreadNotYetAtItsQueueIsNotBusy() throws Exception {
        // Holds each pool thread before it runs its worker loop: Tomcat's pool then reports the
        // thread active, as it does for a moment after every start.
        CountDownLatch go = new CountDownLatch(1);
        ThreadFactory heldThreads = work -> new Thread(() -> {
            try {
                go.await();
            } catch (InterruptedException stopping) {
                return;
            }
            work.run();
        });
        ThreadPoolExecutor pool = new ThreadPoolExecutor(1, 1, 60, TimeUnit.SECONDS, new TaskQueue(), heldThreads);
        try {
            pool.prestartAllCoreThreads();
            assertEquals(1, pool.getActiveCount(), "the held thread must read as active, or this test shows nothing");
            assertEquals(false, NioAdmissionEndpoint.everyWorkerBusy(pool));
        } finally {
            go.countDown();
            pool.shutdownNow();
        }
    }

    @Test
    void testNameSaysWhatTheConnectorIs() throws Exception {
        start(1);
        assertTrue(protocol.getName().startsWith("\"http-nio-admission-"), protocol.getName());
    }

    // ------------------------------------------------------------------ helpers

    private void start(int maxThreads) throws Exception {
        protocol = new NioAdmissionProtocol();
        protocol.setMaxThreads(maxThreads);
        protocol.setMinSpareThreads(maxThreads);
        start(protocol);
    }

    private void start(NioAdmissionProtocol protocol) throws Exception {
        protocol.setAddress(InetAddress.getLoopbackAddress());
        protocol.setPort(0);
        protocol.setAdapter(adapter);
        protocol.init();
        protocol.start();
    }

    /**
     * Puts a {@code /hold} request in each of the two workers, then opens one more connection and
     * returns it once the acceptor waits. The acceptor may have checked before its blocking
     * {@code accept()} while a worker was still free, so this connection may be taken; once it
     * is, the acceptor must see every worker busy.
     */
    private Socket holdBothWorkersUntilTheAcceptorWaits() throws Exception {
        send("/hold");
        send("/hold");
        await(() -> adapter.holding.get() == 2, "two /hold requests must occupy both workers");
        Socket waker = send("/quick");
        await(() -> protocol.getHeldBackCount() == 1, "the acceptor must be held back once");
        return waker;
    }

    private long acceptorThreads() {
        String name = protocol.getName().replace("\"", "") + "-Acceptor";
        return Thread.getAllStackTraces().keySet().stream().filter(t -> t.getName().equals(name)).count();
    }

    /** Opens a connection and sends one request that asks the server to close after answering. */
    private Socket send(String path) throws IOException {
        Socket socket = new Socket();
        clients.add(socket);
        socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), protocol.getLocalPort()), 5_000);
        socket.setSoTimeout(10_000);
        socket.getOutputStream().write(("GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
                .getBytes(StandardCharsets.ISO_8859_1));
        return socket;
    }

    /** The status of the whole response, read to the server's close. */
    private static int status(Socket socket) throws IOException {
        ByteArrayOutputStream reply = new ByteArrayOutputStream();
        socket.getInputStream().transferTo(reply);
        String text = reply.toString(StandardCharsets.ISO_8859_1);
        assertTrue(text.startsWith("HTTP/1.1 "), "not a response: " + text);
        return Integer.parseInt(text.substring(9, 12));
    }

    private static void assertNoReplyWithin(Socket socket, int millis) throws IOException {
        socket.setSoTimeout(millis);
        InputStream in = socket.getInputStream();
        assertThrows(SocketTimeoutException.class, in::read, "answered while every worker was busy");
        socket.setSoTimeout(10_000);
    }

    /**
     * Catalina's part: {@code /hold} keeps its worker until the test releases a permit (or the
     * worker is interrupted, as stop does); anything else is answered at once.
     */
    private static final class HoldingAdapter extends PlainTextAdapter {

        final Semaphore releases = new Semaphore(0);
        final AtomicInteger holding = new AtomicInteger();

        @Override
        protected String body(Request req) {
            if (req.requestURI().toString().equals("/hold")) {
                holding.incrementAndGet();
                try {
                    if (!releases.tryAcquire(30, TimeUnit.SECONDS)) {
                        return "never released";
                    }
                } catch (InterruptedException stopping) {
                    Thread.currentThread().interrupt();
                    return "interrupted";
                } finally {
                    holding.decrementAndGet();
                }
            }
            return "done";
        }
    }
}
