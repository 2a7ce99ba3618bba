package org.hybridconnector.admission;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

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

    /** Lets {@code sessions} in, then two windows over the target close admission: a tenth under them. */
    private void closeWith(int sessions) {
        admit(sessions);
        limit.windowEnded(150 * MS);
        limit.windowEnded(150 * MS);
    }

    private void end(int sessions) {
        for (int i = 0; i < sessions; i++) {
            limit.ended();
        }
    }

    @Test
    void testOpenAdmitsEverythingWhileDelaysStayUnderTheTarget() {
        assertEquals(1000, admit(1000));
        limit.windowEnded(99 * MS);
        assertTrue(limit.isOpen());
        assertEquals(1000, limit.inProgress());
    }

    @Test
    void testOneWindowOverTheTargetIsABurstNotOverload() {
        admit(50);
        limit.windowEnded(150 * MS);
        limit.windowEnded(60 * MS);
        limit.windowEnded(150 * MS);
        assertTrue(limit.isOpen(), "two bursts a window apart, each drained by the next window");
        limit.windowEnded(150 * MS);
        assertFalse(limit.isOpen(), "a queue that lasted two windows");
    }

    @Test
    void testOverloadCapsSessionsInProgressUnderThoseAdmitted() {
        closeWith(50);
        assertFalse(limit.isOpen());
        assertEquals(45, limit.limit());
        assertEquals(0, admit(10), "no new session until admitted ones end");
        end(6);
        assertEquals(1, admit(10), "one place freed under the limit");
    }

    @Test
    void testADrainingQueueIsTheLastCutBeingFeltNotANewOverload() {
        closeWith(50); // 45
        end(10); // 40 in progress: under the cut
        limit.windowEnded(350 * MS);
        limit.windowEnded(250 * MS);
        limit.windowEnded(180 * MS);
        assertEquals(45, limit.limit(), "over the target, but shorter each window");
        limit.windowEnded(190 * MS);
        assertEquals(36, limit.limit(), "the queue stopped draining over the target: a tenth under the 40 in progress");
    }

    /** As between two benchmark steps: the clients went away at once, their requests still queued. */
    @Test
    void testTheQueueLoadLeavesBehindCutsNothingAndAdmissionReopens() {
        closeWith(250);
        assertEquals(225, limit.limit());
        end(240);
        limit.windowEnded(300 * MS);
        limit.windowEnded(320 * MS);
        limit.windowEnded(340 * MS);
        assertEquals(225, limit.limit(), "10 sessions in progress did not make that queue");
        for (int window = 0; window < SessionLimit.REOPEN_WINDOWS; window++) {
            limit.windowEnded(10 * MS);
        }
        assertTrue(limit.isOpen(), "the tail drained with few sessions in progress");
    }

    @Test
    void testALargeLimitRisesByAFiftiethOfItselfWhileCalmAndBinding() {
        closeWith(223);
        assertEquals(200, limit.limit());
        end(23);
        limit.windowEnded(20 * MS);
        assertEquals(204, limit.limit(), "200 sessions in progress fill the limit");
        end(10);
        limit.windowEnded(20 * MS);
        assertEquals(204, limit.limit(), "190 in progress: the limit does not bind, nothing to raise");
    }

    @Test
    void testAskingForRoomTakesNoPlaceAndASessionLetInCountsEvenIfTheLimitFellMeanwhile() {
        admit(3);
        assertTrue(limit.hasRoom());
        assertEquals(3, limit.inProgress(), "asking takes no place");
        limit.windowEnded(-1);
        assertEquals(2, limit.limit(), "stuck workers cut while the acceptor waits in accept()");
        limit.admitted();
        assertEquals(4, limit.inProgress(), "the connection the gate said yes to counts");
        assertFalse(limit.hasRoom());
    }

    @Test
    void testStuckWorkersCutOncePerRoundAndTheLimitNeverFallsUnderTheFloor() {
        admit(3);
        limit.windowEnded(-1);
        assertEquals(2, limit.limit(), "stuck workers cut at once");
        for (int window = 0; window < 20; window++) {
            limit.windowEnded(-1);
        }
        assertEquals(2, limit.limit(), "no session ends while no request starts: the cut has not been felt yet");
        limit.ended();
        limit.windowEnded(-1);
        assertEquals(1, limit.limit());
        end(2);
        limit.windowEnded(-1);
        assertEquals(1, limit.limit(), "the floor");
        assertEquals(1, admit(5), "the floor still lets a session in");
    }

    @Test
    void testRisesWhileBindingHoldsInTheDeadBandAndReopensOnceDemandFalls() {
        closeWith(20); // 18
        end(2);
        admit(5); // back to 18 in progress: the limit binds
        limit.windowEnded(75 * MS); // dead band: holds
        assertEquals(18, limit.limit());
        limit.windowEnded(20 * MS); // calm and binding: rises by one
        assertEquals(19, limit.limit());
        end(15); // 3 in progress: far under the limit
        for (int window = 0; window < SessionLimit.REOPEN_WINDOWS; window++) {
            assertFalse(limit.isOpen());
            limit.windowEnded(10 * MS);
        }
        assertTrue(limit.isOpen());
        assertEquals(100, admit(100));
    }

    /**
     * One worker completing 100 requests a second. Each admitted session sends 40 requests, each
     * half a second after the previous reply, so the server holds about 2.5 new sessions a second;
     * 6 come, more than twice that. After the first half minute the limit and the delay must stay
     * steady: no swing between closing and reopening, no queue building up.
     */
    @Test
    void testSettlesUnderSteadyOverloadWithoutOscillating() {
        SessionModel model = new SessionModel(1, 6, 40, () -> 500 * MS, () -> 10 * MS);
        SessionModel.Outcome outcome = model.run(new SessionLimit(200, 1), 120, 30);
        List<Integer> lastMinute = outcome.limits().subList(outcome.limits().size() - 120, outcome.limits().size());
        int low = Collections.min(lastMinute);
        int high = Collections.max(lastMinute);
        assertTrue(high < Integer.MAX_VALUE, "more than twice the load it can hold, yet admission opened");
        assertTrue(high - low <= Math.max(3, high / 5), "the limit swings from " + low + " to " + high + ": " + lastMinute);
        assertTrue(outcome.worstDelayNanos() <= 1000 * MS, "queueing delay reached " + outcome.worstDelayNanos() / 1e6 + " ms");
        // The server's capacity goes to admitted sessions: about 2.5 complete a second.
        assertTrue(outcome.completedSessions() >= 2 * 90, "only " + outcome.completedSessions() + " sessions completed in 90 s");
    }

    /**
     * Ten workers sharing one database, most requests quick and one in seven a 40 ms search, think
     * times drawn at random: the queueing delay of a window jumps with the mix of requests in it.
     * The limit must not read each jump as new overload and starve the server: at twice the
     * sessions it can hold, the database stays busy and admitted sessions complete at its rate.
     * (Cutting at every window over the target left it idle up to 10 % of the time.)
     */
    @ParameterizedTest(name = "seed {0}")
    @ValueSource(ints = { 1, 4, 7 })
    void testKeepsTheServerBusyWhenServiceTimesVary(int seed) {
        Random random = new Random(seed);
        // Mean need 7.4 ms: 134 requests/s, 6.7 sessions of 20 requests a second; 13.5 come.
        SessionModel model = new SessionModel(10, 13.5, 20, SessionModel.exponential(random, 700),
                SessionModel.quickAndLengthy(random));
        SessionModel.Outcome outcome = model.run(new SessionLimit(200, 1), 150, 30);
        assertTrue(outcome.turnedAway() > 0, "twice the load it can hold, yet nobody was turned away");
        assertTrue(outcome.busyFraction() >= 0.97, "the database was busy only " + outcome.busyFraction() + " of the time");
        assertTrue(outcome.completedSessions() >= 0.94 * 6.7 * 120,
                "only " + outcome.completedSessions() + " sessions completed in 120 s");
        assertTrue(outcome.p99DelayNanos() <= 1000 * MS, "queueing delay reached " + outcome.p99DelayNanos() / 1e6 + " ms");
    }

    @Test
    void testRoomIsTheFreeShareOfTheLimitAndNeverRoundsAFreePlaceAway() {
        assertEquals(100, limit.roomPercent(), "open");
        closeWith(50); // a limit of 45, all 50 still in progress
        assertEquals(45, limit.limit());
        assertEquals(0, limit.roomPercent(), "over the limit: a load balancer should drain");
        end(50 - 45 + 9); // 36 of 45 in progress
        assertEquals(20, limit.roomPercent());
        admit(8); // 44 of 45
        assertEquals(2, limit.roomPercent());
        SessionLimit large = new SessionLimit(100, 1);
        for (int i = 0; i < 1000; i++) {
            large.tryAdmit();
        }
        large.windowEnded(150 * MS);
        large.windowEnded(150 * MS);
        assertEquals(900, large.limit());
        for (int i = 0; i < 101; i++) {
            large.ended();
        }
        assertEquals(1, large.roomPercent(), "one place free of 900 is still room");
    }
}
