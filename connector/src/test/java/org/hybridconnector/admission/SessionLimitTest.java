package org.hybridconnector.admission;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

class SessionLimitTest {

    private static final long MS = TimeUnit.MILLISECONDS.toNanos(1);
    private final SessionLimit limit = new SessionLimit(100, 1);

    private int admit(int sessions) {
        int admitted = 0;
        for (int i = 0; i < sessions; i++) {
            if (limit.tryAdmit()) {
                admitted++;
            }
        }
        return admitted;
    }

    @Test
    void testOpenAdmitsEverythingWhileDelaysStayUnderTheTarget() {
        assertEquals(1000, admit(1000));
        limit.windowEnded(99 * MS);
        assertTrue(limit.isOpen());
        assertEquals(1000, limit.inProgress());
    }

    @Test
    void testOverloadCapsSessionsInProgressUnderThoseAdmitted() {
        admit(50);
        limit.windowEnded(150 * MS);
        assertFalse(limit.isOpen());
        assertEquals(45, limit.limit());
        assertEquals(0, admit(10), "no new session until admitted ones end");
        for (int i = 0; i < 6; i++) {
            limit.ended();
        }
        assertEquals(1, admit(10), "one place freed under the limit");
    }

    @Test
    void testStuckWorkersCountAsOverloadAndTheLimitNeverFallsUnderTheFloor() {
        admit(3);
        for (int window = 0; window < 20; window++) {
            limit.windowEnded(-1);
        }
        assertEquals(1, limit.limit());
        limit.ended();
        limit.ended();
        limit.ended();
        assertEquals(1, admit(5), "the floor still lets a session in");
    }

    @Test
    void testRisesWhileBindingHoldsInTheDeadBandAndReopensOnceDemandFalls() {
        admit(20);
        limit.windowEnded(150 * MS); // 18
        limit.ended();
        limit.ended();
        admit(5); // back to 18 in progress: the limit binds
        limit.windowEnded(75 * MS); // dead band: holds
        assertEquals(18, limit.limit());
        limit.windowEnded(20 * MS); // calm and binding: rises by one
        assertEquals(19, limit.limit());
        for (int i = 0; i < 15; i++) {
            limit.ended(); // 3 in progress: far under the limit
        }
        for (int window = 0; window < SessionLimit.REOPEN_WINDOWS; window++) {
            assertFalse(limit.isOpen());
            limit.windowEnded(10 * MS);
        }
        assertTrue(limit.isOpen());
        assertEquals(100, admit(100));
    }

    /**
     * A model server that completes 100 requests a second. Each admitted session sends 40
     * requests, each half a second after the previous reply, so the server holds about 2.5 new
     * sessions a second; 6 come, more than twice that. The limit sees the queueing delay of the
     * server's FIFO queue. After the first half minute, the limit and the delay must stay steady:
     * no swing between closing and reopening, no queue building up.
     */
    @Test
    void testSettlesUnderSteadyOverloadWithoutOscillating() {
        SessionLimit steered = new SessionLimit(200, 1);
        long step = 10 * MS;
        long serviceNanos = 10 * MS;
        Deque<long[]> queue = new ArrayDeque<>(); // {queued at, session index}
        List<long[]> sessions = new ArrayList<>(); // {next request at (-1 waiting), requests left}
        long nextArrival = 0;
        long busyUntil = 0;
        long delaySum = 0;
        int started = 0;
        int completedSessions = 0;
        List<Integer> limits = new ArrayList<>();
        long worstDelay = 0;
        for (long now = 0; now < TimeUnit.SECONDS.toNanos(120); now += step) {
            while (nextArrival <= now) {
                if (steered.tryAdmit()) {
                    sessions.add(new long[] { now, 40 });
                }
                nextArrival += 1_000_000_000L / 6;
            }
            for (int i = 0; i < sessions.size(); i++) {
                long[] session = sessions.get(i);
                if (session[0] >= 0 && session[0] <= now && session[1] > 0) {
                    queue.add(new long[] { now, i });
                    session[0] = -1;
                }
            }
            while (!queue.isEmpty() && busyUntil <= now) {
                long[] request = queue.poll();
                long delay = now - request[0];
                delaySum += delay;
                started++;
                if (now > TimeUnit.SECONDS.toNanos(30)) {
                    worstDelay = Math.max(worstDelay, delay);
                }
                busyUntil = Math.max(busyUntil, now) + serviceNanos;
                long[] session = sessions.get((int) request[1]);
                if (--session[1] == 0) {
                    steered.ended();
                    completedSessions++;
                    session[0] = Long.MAX_VALUE;
                } else {
                    session[0] = busyUntil + 500 * MS;
                }
            }
            if ((now + step) % (500 * MS) == 0) {
                steered.windowEnded(started == 0 ? (queue.isEmpty() ? 0 : -1) : delaySum / started);
                delaySum = 0;
                started = 0;
                limits.add(steered.limit());
            }
        }
        assertFalse(steered.isOpen(), "more than twice the load it can hold, yet admission is open");
        List<Integer> lastMinute = limits.subList(limits.size() - 120, limits.size());
        int low = lastMinute.stream().mapToInt(Integer::intValue).min().orElseThrow();
        int high = lastMinute.stream().mapToInt(Integer::intValue).max().orElseThrow();
        assertTrue(high - low <= Math.max(3, high / 5), "the limit swings from " + low + " to " + high + ": " + lastMinute);
        assertTrue(worstDelay <= TimeUnit.MILLISECONDS.toNanos(1000), "queueing delay reached " + worstDelay / 1e6 + " ms");
        // The server's capacity goes to admitted sessions: about 2.5 complete a second.
        assertTrue(completedSessions >= 2 * 90, "only " + completedSessions + " sessions completed in 120 s");
    }
}
