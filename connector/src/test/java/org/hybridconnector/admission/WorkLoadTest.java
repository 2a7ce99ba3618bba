package org.hybridconnector.admission;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;

import org.junit.jupiter.api.Test;
import static org.junit.jupiter.api.Assertions.assertThrows;

class WorkLoadTest {

    private final WorkLoad load = new WorkLoad(2);
    private final AdmissionPolicy busyWorkers = new BusyWorkersAdmission();
    private final AcceptorGate gate = new AcceptorGate(load);

    private boolean admits(AdmissionPolicy policy) {
        return policy.connectionGate().admits(load);
    }

    private RequestPermit running() {
        RequestPermit permit = RequestPermit.take(load, QueueWatcher.NONE, WorkQueue.GENERAL);
        permit.start();
        return permit;
    }

    @Test
    void testBurstOfNewConnectionsCountsBeforeAnyWorkerIsBusy() {
        // Two connections accepted in a burst: no worker is busy yet, but both requests are coming.
        load.connectionAccepted();
        assertTrue(admits(busyWorkers));
        load.connectionAccepted();
        assertFalse(admits(busyWorkers), "a third connection must wait: two requests are on their way");
    }

    @Test
    void testWorkMovesFromFreshToReadyToRunningAndOut() {
        Permit arrival = load.connectionAccepted();
        RequestPermit request = RequestPermit.take(load, QueueWatcher.NONE, WorkQueue.GENERAL);
        arrival.release();
        assertEquals(1, load.pending());
        request.start();
        assertEquals(0, load.ready());
        assertEquals(1, load.running());
        request.release();
        assertEquals(0, load.pending());
    }

    @Test
    void testATricklingClientStopsCountingOnceItsFirstBytesArrive() {
        load.connectionAccepted();
        Permit trickling = load.connectionAccepted();
        trickling.release(); // first byte of a slow head: it now waits in the selector
        assertTrue(admits(busyWorkers));
    }

    @Test
    void testAcceptorWaitsWhileWorkersAreBusyAndWakesWhenOneFrees() throws Exception {
        RequestPermit first = running();
        running();
        CompletableFuture<Boolean> admitted = CompletableFuture.supplyAsync(() -> {
            try {
                return Boolean.valueOf(gate.await(busyWorkers.connectionGate(), () -> true, 10_000));
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        assertThrows(TimeoutException.class, () -> admitted.get(300, TimeUnit.MILLISECONDS));
        assertTrue(gate.isHolding());
        assertEquals(1, gate.heldBackCount());
        first.release();
        // Woken by the finish, not by the 10 s re-check.
        assertTrue(admitted.get(2, TimeUnit.SECONDS).booleanValue());
        assertFalse(gate.isHolding());
    }

    @Test
    void testWaitEndsWithoutAdmissionWhenTheEndpointStops() throws Exception {
        load.connectionAccepted();
        load.connectionAccepted();
        AtomicBoolean running = new AtomicBoolean(true);
        // The gate asks whether to keep waiting only once it has refused: then the acceptor waits.
        CountDownLatch waiting = new CountDownLatch(1);
        CompletableFuture<Boolean> admitted = CompletableFuture.supplyAsync(() -> {
            try {
                return Boolean.valueOf(gate.await(busyWorkers.connectionGate(), () -> {
                    waiting.countDown();
                    return running.get();
                }, 20));
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        assertTrue(waiting.await(2, TimeUnit.SECONDS), "the acceptor never waited at the gate");
        running.set(false);
        assertFalse(admitted.get(2, TimeUnit.SECONDS).booleanValue());
    }

    @Test
    void testPolicyNames() {
        Supplier<AdmissionPolicy> sessions = () -> new SessionAdmission(100, SessionAdmission.TurnAway.REJECT,
                SessionAdmission.NewSessionBy.CONNECTION, "JSESSIONID");
        assertEquals("busyWorkers", AdmissionPolicies.named("busyWorkers", sessions).name());
        assertEquals("none", AdmissionPolicies.named(" NONE ", sessions).name());
        assertEquals("sessions", AdmissionPolicies.named("Sessions", sessions).name());
        assertTrue(admits(AdmissionPolicies.named("none", sessions)));
        assertThrows(IllegalArgumentException.class, () -> AdmissionPolicies.named("random", sessions));
    }
}
