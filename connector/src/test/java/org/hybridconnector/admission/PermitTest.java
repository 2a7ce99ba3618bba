package org.hybridconnector.admission;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;

import org.hybridconnector.admission.SessionAdmission.NewSessionBy;
import org.hybridconnector.admission.SessionAdmission.TurnAway;
import org.junit.jupiter.api.Test;

/** Every permit admission control hands out comes back exactly once, whichever way its work ends. */
class PermitTest {

    private final WorkLoad load = new WorkLoad(4);
    private final RecordingWatcher watcher = new RecordingWatcher();

    @Test
    void testServedRequestCountsReadyThenRunningThenNothing() {
        RequestPermit permit = RequestPermit.take(load, watcher, WorkQueue.GENERAL);
        assertEquals(1, load.ready());
        permit.start();
        assertEquals(0, load.ready());
        assertEquals(1, load.running());
        releaseTwiceAndExpect(permit, "started");
    }

    @Test
    void testRequestRefusedBeforeItStartedIsADropNotAFinish() {
        releaseTwiceAndExpect(RequestPermit.take(load, watcher, WorkQueue.LENGTHY), "dropped");
    }

    /** A second release changes nothing: the load is empty and the watcher heard {@code end} once. */
    private void releaseTwiceAndExpect(RequestPermit permit, String end) {
        permit.release();
        permit.release();
        assertEquals(0, load.pending());
        assertEquals(List.of("queued", end), watcher.events);
    }

    @Test
    void testStartAfterReleaseCountsNothing() {
        RequestPermit permit = RequestPermit.take(load, watcher, WorkQueue.GENERAL);
        permit.release();
        permit.start();
        assertEquals(0, load.running());
        assertEquals(0, load.pending());
    }

    @Test
    void testConcurrentReleasesGiveBackOnce() throws Exception {
        AtomicInteger released = new AtomicInteger();
        Permit permit = new Permit() {
            @Override
            protected void onRelease() {
                released.incrementAndGet();
            }
        };
        CountDownLatch go = new CountDownLatch(1);
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            Thread thread = new Thread(() -> {
                try {
                    go.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                permit.release();
            });
            thread.start();
            threads.add(thread);
        }
        go.countDown();
        for (Thread thread : threads) {
            thread.join();
        }
        assertEquals(1, released.get());
        assertFalse(permit.isHeld());
    }

    @Test
    void testArrivalSettlesOnceWhicheverComesFirst() {
        Permit arrival = load.connectionAccepted();
        assertEquals(1, load.fresh());
        arrival.release(); // first bytes
        arrival.release(); // the grace ran out
        arrival.release(); // the connection closed
        assertEquals(0, load.fresh());
    }

    @Test
    void testSessionPlaceGoesBackToTheLimitOnce() {
        SessionAdmission sessions = new SessionAdmission(200, TurnAway.BACKLOG, NewSessionBy.CONNECTION, "JSESSIONID");
        ConnectionGate gate = sessions.connectionGate();
        assertTrue(gate.admits(load));
        assertEquals(0, sessions.sessionsInProgress(), "asking before accept() takes no place");
        Permit place = gate.accepted(load);
        assertTrue(place instanceof SessionPlace session && session.sessionIsItsConnection());
        assertEquals(1, sessions.sessionsInProgress());
        place.release();
        place.release();
        assertEquals(0, sessions.sessionsInProgress());
    }

    @Test
    void testBusyWorkersGateGivesNoPlaceAndWaitsWhenFull() {
        ConnectionGate gate = new BusyWorkersAdmission().connectionGate();
        assertTrue(gate.admits(load));
        assertFalse(gate.accepted(load) instanceof SessionPlace);
        for (int i = 0; i < 4; i++) {
            load.connectionAccepted();
        }
        assertFalse(gate.admits(load));
    }

    private static final class RecordingWatcher implements QueueWatcher {

        final List<String> events = new ArrayList<>();

        @Override
        public void queued(WorkQueue queue, long queuedAt) {
            events.add("queued");
        }

        @Override
        public void started(WorkQueue queue, long queuedAt, long startedAt) {
            events.add("started");
        }

        @Override
        public void dropped(WorkQueue queue, long queuedAt) {
            events.add("dropped");
        }
    }
}
