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
import java.util.concurrent.atomic.AtomicInteger;

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
    void testAFinishThatLeavesEveryWorkerBusyDoesNotWakeTheAcceptor() throws Exception {
        RequestPermit first = running();
        RequestPermit second = running();
        RequestPermit queued = RequestPermit.take(load, QueueWatcher.NONE, WorkQueue.GENERAL);
        ConnectionGate busy = busyWorkers.connectionGate();
        AtomicInteger asks = new AtomicInteger();
        CountDownLatch askedAgain = new CountDownLatch(1);
        CompletableFuture<Thread> acceptor = new CompletableFuture<>();
        CompletableFuture<Boolean> admitted = CompletableFuture.supplyAsync(() -> {
            acceptor.complete(Thread.currentThread());
            try {
                return Boolean.valueOf(gate.await(l -> {
                    if (Thread.currentThread() == acceptor.join() && asks.incrementAndGet() == 3) {
                        askedAgain.countDown();
                    }
                    return busy.admits(l);
                }, () -> true, 600_000));
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        Thread waiting = acceptor.get(10, TimeUnit.SECONDS);
        // Asked by the gate, then by the wait under the monitor a wake-up needs, held until it sleeps.
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (asks.get() < 2) {
            assertTrue(System.nanoTime() < deadline, waiting + " never waited at the gate");
            Thread.onSpinWait();
        }
        // A worker finishes and takes the queued request: every worker is still busy.
        first.release();
        queued.start();
        assertFalse(askedAgain.await(300, TimeUnit.MILLISECONDS), "woken by a finish that freed no worker");
        // The other one ends: a worker is free, and this wakes the acceptor.
        second.release();
        assertTrue(admitted.get(10, TimeUnit.SECONDS).booleanValue());
        // Once more, woken.
        assertEquals(3, asks.get());
        queued.release();
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
