package org.hybridconnector.admission;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import java.util.concurrent.TimeoutException;

import org.junit.jupiter.api.Test;
import static org.junit.jupiter.api.Assertions.assertThrows;

class WorkLoadTest {

    private final WorkLoad load = new WorkLoad(2);
    private final AdmissionPolicy busyWorkers = new BusyWorkersAdmission();

    @Test
    void testBurstOfNewConnectionsCountsBeforeAnyWorkerIsBusy() {
        // Two connections accepted in a burst: no worker is busy yet, but both requests are coming.
        load.connectionAccepted();
        assertTrue(busyWorkers.admits(load));
        load.connectionAccepted();
        assertFalse(busyWorkers.admits(load), "a third connection must wait: two requests are on their way");
    }

    @Test
    void testWorkMovesFromFreshToReadyToRunningAndOut() {
        load.connectionAccepted();
        load.requestQueued();
        load.freshConnectionSettled();
        assertEquals(1, load.pending());
        load.requestStarted();
        assertEquals(0, load.ready());
        assertEquals(1, load.running());
        load.requestFinished();
        assertEquals(0, load.pending());
    }

    @Test
    void testATricklingClientStopsCountingOnceItsFirstBytesArrive() {
        load.connectionAccepted();
        load.connectionAccepted();
        load.freshConnectionSettled(); // first byte of a slow head: it now waits in the selector
        assertTrue(busyWorkers.admits(load));
    }

    @Test
    void testAcceptorWaitsWhileWorkersAreBusyAndWakesWhenOneFrees() throws Exception {
        load.requestQueued();
        load.requestStarted();
        load.requestQueued();
        load.requestStarted();
        CompletableFuture<Boolean> admitted = CompletableFuture.supplyAsync(() -> {
            try {
                return Boolean.valueOf(load.awaitAdmission(busyWorkers, () -> true, 10_000));
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        assertThrows(TimeoutException.class, () -> admitted.get(300, TimeUnit.MILLISECONDS));
        assertTrue(load.isAcceptorWaiting());
        assertEquals(1, load.heldBackCount());
        load.requestFinished();
        // Woken by the finish, not by the 10 s re-check.
        assertTrue(admitted.get(2, TimeUnit.SECONDS).booleanValue());
        assertFalse(load.isAcceptorWaiting());
    }

    @Test
    void testWaitEndsWithoutAdmissionWhenTheEndpointStops() throws Exception {
        load.connectionAccepted();
        load.connectionAccepted();
        boolean[] running = { true };
        CompletableFuture<Boolean> admitted = CompletableFuture.supplyAsync(() -> {
            try {
                return Boolean.valueOf(load.awaitAdmission(busyWorkers, () -> running[0], 20));
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        Thread.sleep(100);
        running[0] = false;
        assertFalse(admitted.get(2, TimeUnit.SECONDS).booleanValue());
    }

    @Test
    void testPolicyNames() {
        Supplier<AdmissionPolicy> sessions = () -> new SessionAdmission(100, SessionAdmission.TurnAway.REJECT,
                SessionAdmission.NewSessionBy.CONNECTION, "JSESSIONID");
        assertEquals("busyWorkers", AdmissionPolicy.named("busyWorkers", sessions).name());
        assertEquals("none", AdmissionPolicy.named(" NONE ", sessions).name());
        assertEquals("sessions", AdmissionPolicy.named("Sessions", sessions).name());
        assertTrue(AdmissionPolicy.named("none", sessions).admits(load));
        assertThrows(IllegalArgumentException.class, () -> AdmissionPolicy.named("random", sessions));
    }
}
