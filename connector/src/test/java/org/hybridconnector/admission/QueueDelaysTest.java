package org.hybridconnector.admission;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

class QueueDelaysTest {

    private static final long MS = TimeUnit.MILLISECONDS.toNanos(1);
    private static final long WINDOW = 500 * MS;
    /** An arbitrary clock origin, far from zero, as {@link System#nanoTime()} may be. */
    private static final long T0 = Long.MAX_VALUE - 200 * MS;
    private static final long LENGTHY_PATIENCE = WorkQueue.LENGTHY.patience();
    private final QueueDelays delays = new QueueDelays();

    private void serve(WorkQueue queue, int requests, long queuedAt, long waitMillis) {
        for (int i = 0; i < requests; i++) {
            delays.queued(queue, queuedAt);
            delays.started(queue, queuedAt, queuedAt + waitMillis * MS);
        }
    }

    @Test
    void testAQuietWindowWaitedNothing() {
        assertEquals(0, delays.windowEnded(T0 + WINDOW, WINDOW));
    }

    @Test
    void testTheMeanOfRequestsThatStarted() {
        serve(WorkQueue.GENERAL, 3, T0, 10);
        serve(WorkQueue.GENERAL, 1, T0, 50);
        assertEquals(20 * MS, delays.windowEnded(T0 + WINDOW, WINDOW));
        assertEquals(0, delays.windowEnded(T0 + 2 * WINDOW, WINDOW), "each window starts afresh");
    }

    @Test
    void testALongLengthyQueueIsNotHiddenByManyQuickRequests() {
        // 100 quick requests waited 10 ms, 4 searches 2 s: over both, a mean of 86 ms.
        serve(WorkQueue.GENERAL, 100, T0, 10);
        serve(WorkQueue.LENGTHY, 4, T0, 2000);
        assertEquals(2000 * MS / LENGTHY_PATIENCE, delays.windowEnded(T0 + WINDOW, WINDOW));
        assertEquals(10 * MS, delays.lastMeanWait(WorkQueue.GENERAL), "each queue's own mean, for monitoring");
        assertEquals(2000 * MS, delays.lastMeanWait(WorkQueue.LENGTHY));
    }

    @Test
    void testLengthyRequestsMayWaitLongerThanQuickOnes() {
        serve(WorkQueue.GENERAL, 100, T0, 150);
        serve(WorkQueue.LENGTHY, 4, T0, 500);
        assertEquals(150 * MS, delays.windowEnded(T0 + WINDOW, WINDOW), "the quick requests' wait is the worse");
    }

    @Test
    void testRequestsStillWaitingCountWithTheirWaitSoFarInEachWindow() {
        serve(WorkQueue.LENGTHY, 10, T0, 1);
        serve(WorkQueue.GENERAL, 1, T0, 100);
        delays.queued(WorkQueue.GENERAL, T0 + 100 * MS);
        delays.queued(WorkQueue.GENERAL, T0 + 300 * MS);
        // At 500 ms: one started after 100 ms, two wait, for 400 and 200 ms so far.
        assertEquals(233_333_333, delays.windowEnded(T0 + WINDOW, WINDOW));
        serve(WorkQueue.LENGTHY, 10, T0 + WINDOW, 1);
        // At 1 s they still wait, for 900 and 700 ms.
        assertEquals(800 * MS, delays.windowEnded(T0 + 2 * WINDOW, WINDOW));
        delays.started(WorkQueue.GENERAL, T0 + 100 * MS, T0 + 1100 * MS);
        delays.started(WorkQueue.GENERAL, T0 + 300 * MS, T0 + 1100 * MS);
        serve(WorkQueue.LENGTHY, 10, T0 + 2 * WINDOW, 1);
        // Once started, each whole wait counts once more; then nothing waits.
        assertEquals(900 * MS, delays.windowEnded(T0 + 3 * WINDOW, WINDOW));
        serve(WorkQueue.GENERAL, 10, T0 + 3 * WINDOW, 1);
        assertEquals(MS, delays.windowEnded(T0 + 4 * WINDOW, WINDOW));
    }

    @Test
    void testNothingStartedWhileRequestsWaitedTheWholeWindowMeansStuckWorkers() {
        delays.queued(WorkQueue.GENERAL, T0);
        delays.queued(WorkQueue.GENERAL, T0 + 100 * MS);
        assertEquals(450 * MS, delays.windowEnded(T0 + WINDOW, WINDOW),
                "waiting less than a window on average: not stuck yet");
        assertEquals(-1, delays.windowEnded(T0 + 2 * WINDOW, WINDOW));
    }

    @Test
    void testALengthyPoolBusyForAWholeWindowIsNotStuckWhileTheGeneralPoolStartsWork() {
        delays.queued(WorkQueue.LENGTHY, T0);
        serve(WorkQueue.GENERAL, 5, T0 + 600 * MS, 2);
        assertEquals(1000 * MS / LENGTHY_PATIENCE, delays.windowEnded(T0 + 2 * WINDOW, WINDOW));
    }

    @Test
    void testADroppedRequestStopsWaiting() {
        delays.queued(WorkQueue.GENERAL, T0);
        delays.queued(WorkQueue.GENERAL, T0 + 100 * MS);
        delays.dropped(WorkQueue.GENERAL, T0);
        assertEquals(400 * MS, delays.windowEnded(T0 + WINDOW, WINDOW));
    }
}
