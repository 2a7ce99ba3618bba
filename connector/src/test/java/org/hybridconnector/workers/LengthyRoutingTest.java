package org.hybridconnector.workers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

class LengthyRoutingTest {

    private static final long MS = TimeUnit.MILLISECONDS.toNanos(1);
    private final ServiceTimes times = new ServiceTimes(50, 3);
    private final LengthyRouting routing = new LengthyRouting(times, new ReserveRule(2), () -> 8);

    @Test
    void testAPathIsLengthyOnceItsAverageReachesTheCutOff() {
        assertFalse(times.isLengthy("/search"), "unseen paths are quick");
        times.record("/search", 200 * MS);
        assertTrue(times.isLengthy("/search"));
        for (int i = 0; i < 40; i++) {
            times.record("/search", 5 * MS);
        }
        assertFalse(times.isLengthy("/search"), "the average follows the recent requests");
        assertEquals(5, times.averageMillis("/search"), 1);
    }

    @Test
    void testDescribesTheLengthyPathsSlowestFirst() {
        assertEquals("", times.describeLengthy(5));
        times.record("/report", 60 * MS);
        times.record("/search", 200 * MS);
        times.record("/quick", 2 * MS);
        assertEquals("/search (200.0 ms), /report (60.0 ms)", times.describeLengthy(5));
        assertEquals("/search (200.0 ms)", times.describeLengthy(1));
    }

    @Test
    void testLearnsABoundedNumberOfPaths() {
        for (int i = 0; i < 10; i++) {
            times.record("/p" + i, 500 * MS);
        }
        assertEquals(3, times.pathCount());
        assertFalse(times.isLengthy("/p9"), "a path beyond a table of lengthy paths counts as quick");
    }

    /** A crawler's made-up paths (fast 404s) fill the table; a slow page seen afterwards is still learned. */
    @Test
    void testQuickPathsMakeRoomForANewOne() {
        for (String path : new String[] { "/x1", "/x2", "/slow" }) {
            times.record(path, path.equals("/slow") ? 300 * MS : MS);
        }
        times.record("/search", 500 * MS);
        assertTrue(times.isLengthy("/search"));
        assertTrue(times.isLengthy("/slow"), "a lengthy path is kept");
        assertEquals(2, times.pathCount());
    }

    @Test
    void testQuickRequestsAlwaysUseTheGeneralPool() {
        for (int i = 0; i < 20; i++) {
            assertFalse(routing.toLengthyPool("/quick"));
        }
        assertEquals(0, routing.spareGeneral());
    }

    @Test
    void testLengthyRequestsUseGeneralWorkersOnlyAboveTheReserve() {
        times.record("/search", 300 * MS);
        // 8 general workers, reserve 2: six lengthy requests fit, the seventh would leave 2.
        for (int i = 0; i < 6; i++) {
            assertFalse(routing.toLengthyPool("/search"), "request " + i);
        }
        assertEquals(2, routing.spareGeneral());
        assertTrue(routing.toLengthyPool("/search"));
        assertFalse(routing.toLengthyPool("/quick"), "quick requests still get the reserve");
        routing.generalFinished();
        routing.generalFinished();
        assertFalse(routing.toLengthyPool("/search"));
    }

    @Test
    void testTheReserveFollowsSpareGeneralWorkersOnTicks() {
        for (int i = 0; i < 8; i++) {
            routing.toLengthyPool("/quick");
        }
        routing.tick(); // 0 spare: 2 + 2 + 2
        assertEquals(6, routing.reserve());
        for (int i = 0; i < 8; i++) {
            routing.generalFinished();
        }
        routing.tick(); // 8 spare: surplus 2, down by 1
        assertEquals(5, routing.reserve());
    }
}
