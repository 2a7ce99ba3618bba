package org.hybridconnector;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.channels.SocketChannel;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.apache.juli.logging.LogFactory;
import org.apache.tomcat.util.net.AbstractEndpoint.Handler;
import org.apache.tomcat.util.net.AbstractEndpoint.Handler.SocketState;
import org.apache.tomcat.util.net.SocketEvent;
import org.apache.tomcat.util.net.SocketWrapperBase;
import org.hybridconnector.admission.AdmissionPolicy;
import org.hybridconnector.admission.ConnectionGate;
import org.hybridconnector.admission.Permit;
import org.hybridconnector.admission.QueueWatcher;
import org.hybridconnector.admission.SessionPlace;
import org.hybridconnector.admission.WorkLoad;
import org.hybridconnector.admission.WorkQueue;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A request's permit is released exactly once however its turn ends: served, refused by the pool,
 * failed in Coyote, or killed by an error that escapes the worker; work Coyote hands to a worker
 * (an HTTP/2 stream) counts as one request, once; a turn refused or dropped is no longer counted
 * among the connection's {@link Turns}, and an event Coyote raised that the pool refuses ends its
 * connection; and a connection's session place goes back once when it closes.
 */
class DispatcherTest {

    /** A worker pool that is full. */
    private static final Executor REFUSING = task -> {
        throw new RejectedExecutionException("full");
    };

    private final WorkLoad load = new WorkLoad(2);
    private final CountingWatcher watcher = new CountingWatcher();
    private final ReadinessWaiter.Pool waiters = new ReadinessWaiter.Pool();
    private final HybridEndpoint endpoint = new HybridEndpoint();
    private final List<SocketChannel> channels = new ArrayList<>();

    @AfterEach
    void close() throws Exception {
        endpoint.shutdownExecutor(); // the endpoint's own only; a test's executor is left alone
        waiters.close();
        for (SocketChannel channel : channels) {
            channel.close();
        }
    }

    @Test
    void testServedRequestReleasesItsPermitOnce() throws Exception {
        Dispatcher dispatcher = dispatcher(Runnable::run, (connection, event) -> SocketState.OPEN);
        HybridSocketWrapper wrapper = wrapper();
        assertTrue(dispatcher.submit(wrapper, SocketEvent.OPEN_READ, null, true));
        assertEquals(0, load.pending());
        assertEquals("1 queued, 1 started, 0 dropped", watcher.toString());
        assertTrue(wrapper.turns().headIsTheSelectors(), "the turn ended with its request done");
    }

    @Test
    void testRefusedRequestIsDroppedOnce() throws Exception {
        Dispatcher dispatcher = dispatcher(REFUSING, (connection, event) -> SocketState.OPEN);
        HybridSocketWrapper wrapper = wrapper();
        assertFalse(dispatcher.submit(wrapper, SocketEvent.OPEN_READ, null, true));
        assertEquals(0, load.pending());
        assertEquals("1 queued, 0 started, 1 dropped", watcher.toString());
        assertFalse(wrapper.turns().any(), "a turn dropped unrun still counts");
    }

    @Test
    void testFailureInCoyoteReleasesThePermitAndClosesTheConnection() throws Exception {
        Dispatcher dispatcher = dispatcher(Runnable::run, (connection, event) -> {
            throw new IllegalStateException("a broken processor");
        });
        HybridSocketWrapper wrapper = wrapper();
        assertTrue(dispatcher.submit(wrapper, SocketEvent.OPEN_READ, null, true));
        assertTrue(wrapper.isClosed());
        assertEquals(0, load.pending());
        assertEquals("1 queued, 1 started, 0 dropped", watcher.toString());
    }

    @Test
    void testErrorEscapingTheWorkerStillReleasesThePermit() throws Exception {
        Dispatcher dispatcher = dispatcher(Runnable::run, (connection, event) -> {
            throw new InternalError("the JVM is broken");
        });
        assertThrows(InternalError.class, () -> dispatcher.submit(wrapper(), SocketEvent.OPEN_READ, null, true));
        assertEquals(0, load.pending());
        assertEquals("1 queued, 1 started, 0 dropped", watcher.toString());
    }

    @Test
    void testAnEventCoyoteRaisedThatThePoolRefusesEndsTheConnection() throws Exception {
        Dispatcher dispatcher = dispatcher(REFUSING, (connection, event) -> SocketState.OPEN);
        HybridSocketWrapper wrapper = wrapper();
        assertFalse(dispatcher.raise(wrapper, SocketEvent.OPEN_READ, true));
        assertTrue(wrapper.isClosed(), "no turn is left to hand the connection back");
        assertEquals(0, load.pending());
    }

    @Test
    void testWorkCoyoteHandsToAWorkerIsCountedAsARequest() throws Exception {
        Dispatcher dispatcher = dispatcher(Runnable::run, (connection, event) -> SocketState.OPEN);
        AtomicInteger runningMeanwhile = new AtomicInteger(-1);
        dispatcher.run(() -> runningMeanwhile.set(load.running()));
        assertEquals(1, runningMeanwhile.get());
        assertEquals(0, load.pending());
        assertEquals("1 queued, 1 started, 0 dropped", watcher.toString());
    }

    @Test
    void testRefusedWorkIsDroppedAndTheRefusalLeftToTheCaller() throws Exception {
        Dispatcher dispatcher = dispatcher(REFUSING, (connection, event) -> SocketState.OPEN);
        assertThrows(RejectedExecutionException.class, () -> dispatcher.run(() -> { }));
        assertEquals(0, load.pending());
        assertEquals("1 queued, 0 started, 1 dropped", watcher.toString());
    }

    @Test
    void testDispatchInlineFromCountedWorkTakesNoSecondPermit() throws Exception {
        AtomicInteger runningInCoyote = new AtomicInteger(-1);
        Dispatcher dispatcher = dispatcher(Runnable::run, (connection, event) -> {
            runningInCoyote.set(load.running());
            return SocketState.OPEN;
        });
        HybridSocketWrapper wrapper = wrapper();
        // An AsyncContext.start task that dispatches: Coyote serves the dispatch on the task's thread.
        dispatcher.run(() -> dispatcher.submit(wrapper, SocketEvent.OPEN_READ, null, false));
        assertEquals(1, runningInCoyote.get());
        assertEquals(0, load.pending());
        assertEquals("1 queued, 1 started, 0 dropped", watcher.toString());
    }

    @Test
    void testSessionPlaceGoesBackOnceWhenTheConnectionCloses() throws Exception {
        AtomicInteger ended = new AtomicInteger();
        HybridSocketWrapper wrapper = wrapper();
        wrapper.permits().holdPlace(new SessionPlace(ended::incrementAndGet, true));
        assertTrue(wrapper.permits().holdsSession());
        wrapper.close();
        wrapper.close();
        assertEquals(1, ended.get());
        assertFalse(wrapper.permits().holdsSession());
        // A place given to a connection that has closed meanwhile goes straight back.
        wrapper.permits().holdPlace(new SessionPlace(ended::incrementAndGet, true));
        assertEquals(2, ended.get());
    }

    @Test
    void testWorkDispatchedAsTheStopDropsTheQueueIsRefusedNotLost() throws Exception {
        // The endpoint's own executor, one worker, kept busy by a request that waits to be let go.
        endpoint.setMaxThreads(1);
        endpoint.setMinSpareThreads(1);
        endpoint.createExecutor();
        CountDownLatch serving = new CountDownLatch(1);
        CountDownLatch letGo = new CountDownLatch(1);
        WorkerPools pools = new WorkerPools(endpoint, load, 1, -1, 1, -1);
        Dispatcher dispatcher = dispatcher(pools, (connection, event) -> {
            serving.countDown();
            try {
                letGo.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return SocketState.OPEN;
        });
        assertTrue(dispatcher.submit(wrapper(), SocketEvent.OPEN_READ, null, true));
        assertTrue(serving.await(10, TimeUnit.SECONDS));
        pools.shutdown(true);
        // A connection the selector still hands over between the drop and the executor's end.
        HybridSocketWrapper late = wrapper();
        assertFalse(dispatcher.submit(late, SocketEvent.OPEN_READ, null, true), "refused once the stop began");
        assertFalse(late.turns().any(), "a turn refused at the stop still counts");
        letGo.countDown();
        endpoint.shutdownExecutor();
        assertEquals(0, load.pending(), "no permit kept by work the executor's end threw away");
        assertEquals("2 queued, 1 started, 1 dropped", watcher.toString());
    }

    private Dispatcher dispatcher(Executor pool, Coyote coyote) {
        endpoint.setExecutor(pool);
        return dispatcher(new WorkerPools(endpoint, load, 2, -1, 2, -1), coyote);
    }

    private Dispatcher dispatcher(WorkerPools pools, Coyote coyote) {
        AdmissionPolicy policy = new AdmissionPolicy() {
            @Override
            public String name() {
                return "test";
            }

            @Override
            public ConnectionGate connectionGate() {
                return l -> true;
            }

            @Override
            public QueueWatcher queueWatcher() {
                return watcher;
            }
        };
        return new Dispatcher(coyote, LogFactory.getLog(DispatcherTest.class), load, policy, pools,
                new SelfServedLog(() -> null, () -> null, null, false, LogFactory.getLog(DispatcherTest.class)), null);
    }

    private HybridSocketWrapper wrapper() throws Exception {
        SocketChannel channel = SocketChannel.open();
        channels.add(channel);
        return new HybridSocketWrapper(channel, endpoint, waiters, new IgnoredHandBack(), null);
    }

    /** Coyote's handler reduced to what a turn asks of it. */
    @FunctionalInterface
    private interface Coyote extends Handler<SocketChannel> {

        @Override
        default Object getGlobal() {
            return null;
        }

        @Override
        default void release(SocketWrapperBase<SocketChannel> socketWrapper) {
        }

        @Override
        default void pause() {
        }

        @Override
        default void recycle() {
        }
    }

    private static final class CountingWatcher implements QueueWatcher {

        private final AtomicInteger queued = new AtomicInteger();
        private final AtomicInteger started = new AtomicInteger();
        private final AtomicInteger dropped = new AtomicInteger();

        @Override
        public void queued(WorkQueue queue, long queuedAt) {
            queued.incrementAndGet();
        }

        @Override
        public void started(WorkQueue queue, long queuedAt, long startedAt) {
            started.incrementAndGet();
        }

        @Override
        public void dropped(WorkQueue queue, long queuedAt) {
            dropped.incrementAndGet();
        }

        @Override
        public String toString() {
            return queued + " queued, " + started + " started, " + dropped + " dropped";
        }
    }
}
