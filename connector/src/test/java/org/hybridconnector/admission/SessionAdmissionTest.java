package org.hybridconnector.admission;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.hybridconnector.admission.SessionAdmission.NewSessionBy;
import org.hybridconnector.admission.SessionAdmission.TurnAway;
import org.junit.jupiter.api.Test;

class SessionAdmissionTest {

    private static final long MS = TimeUnit.MILLISECONDS.toNanos(1);
    private final SessionAdmission admission = new SessionAdmission(200, TurnAway.BACKLOG, NewSessionBy.CONNECTION,
            "JSESSIONID");
    private final WorkLoad load = new WorkLoad(10);
    private long now = 1_000 * MS;

    /** One half-second window in which fifty quick requests wait 20 ms and {@code searches} more queue up. */
    private void window(int searches) {
        admission.clock().tick(now);
        for (int i = 0; i < 50; i++) {
            admission.queueWatcher().queued(WorkQueue.GENERAL, now);
            admission.queueWatcher().started(WorkQueue.GENERAL, now, now + 20 * MS);
        }
        for (int i = 0; i < searches; i++) {
            admission.queueWatcher().queued(WorkQueue.LENGTHY, now);
        }
        now += SessionAdmission.WINDOW_MILLIS * MS;
        admission.clock().tick(now);
    }

    private List<Permit> admitForty() {
        List<Permit> places = new ArrayList<>();
        for (int session = 0; session < 40; session++) {
            ConnectionGate gate = admission.connectionGate();
            assertTrue(gate.admits(load));
            places.add(gate.accepted(load));
        }
        assertEquals(-1, admission.sessionLimit(), "open at first");
        return places;
    }

    @Test
    void testSearchesQueuingForTheLengthyPoolCloseAdmission() {
        admitForty();
        // Searches waiting 1.25 s on average, then 1.5 s: over five times the target, twice.
        for (int window = 0; window < 5; window++) {
            window(1);
        }
        assertEquals(36, admission.sessionLimit(), "0.9 of the 40 sessions in progress");
    }

    @Test
    void testAShortLengthyQueueLeavesAdmissionOpen() {
        admitForty();
        for (int window = 0; window < 20; window++) {
            window(0);
        }
        window(1);
        window(0);
        assertEquals(-1, admission.sessionLimit());
    }

    @Test
    void testAPlaceGivenBackWakesTheWaitingAcceptor() throws Exception {
        List<Permit> places = admitForty();
        for (int window = 0; window < 5; window++) {
            window(1);
        }
        assertEquals(36, admission.sessionLimit());
        for (int session = 0; session < 4; session++) {
            places.remove(0).release();
        }
        ConnectionGate gate = admission.connectionGate();
        assertFalse(gate.admits(load), "36 sessions in progress under a limit of 36");
        AcceptorGate acceptorGate = new AcceptorGate(load);
        CountDownLatch refused = new CountDownLatch(1);
        CompletableFuture<Boolean> admitted = CompletableFuture.supplyAsync(() -> {
            try {
                // A re-check ten minutes away: only the place's release can wake it in time.
                return Boolean.valueOf(acceptorGate.await(gate, () -> {
                    refused.countDown();
                    return true;
                }, 600_000));
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        assertTrue(refused.await(10, TimeUnit.SECONDS), "the acceptor never waited at the gate");
        assertThrows(TimeoutException.class, () -> admitted.get(100, TimeUnit.MILLISECONDS));
        // A session ends (its connection closed) while no request ends.
        places.remove(0).release();
        assertTrue(admitted.get(10, TimeUnit.SECONDS).booleanValue());
    }
}
