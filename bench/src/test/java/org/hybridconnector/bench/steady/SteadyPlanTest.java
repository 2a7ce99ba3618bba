package org.hybridconnector.bench.steady;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

/** Where a steady step's httperf processes start and how many sessions each offers. */
class SteadyPlanTest {

    @Test
    void testSegmentsAreCutOnTheFiveSecondGridWithinEachProcesssLimits() {
        SteadyPlan plan = new SteadyPlan(32, 60, 120, 300, 30);
        assertEquals(List.of("r", "w", "m", "t"), plan.segments().stream().map(SteadyPlan.Segment::tag).toList());
        // At 32/s a slice of 800 sessions lasts 25 s; at the ramp's 16/s, 50 s.
        assertEquals(25, plan.segments().get(2).sliceSeconds());
        assertEquals(50, plan.segments().get(0).sliceSeconds());
        for (SteadyPlan.Slice slice : plan.slices()) {
            assertEquals(0, slice.offsetSeconds() % 5, slice.toString());
            assertTrue(slice.sessions() <= 800, slice.toString());
        }
        // The ramp: 50 s at 16/s, then the 10 s left of its 60 s.
        List<SteadyPlan.Slice> ramp = plan.segments().get(0).slices();
        assertEquals(List.of(0, 50), ramp.stream().map(SteadyPlan.Slice::offsetSeconds).toList());
        assertEquals(List.of(800, 160), ramp.stream().map(SteadyPlan.Slice::sessions).toList());
        // The interval starts a slice at its first second and offers its 300 s x 32/s in all.
        List<SteadyPlan.Slice> interval = plan.segments().get(2).slices();
        assertEquals(180, interval.get(0).offsetSeconds());
        assertEquals(9600, interval.stream().mapToInt(SteadyPlan.Slice::sessions).sum());
        assertEquals(800, plan.segments().get(2).sessionsPerFile());
    }

    @Test
    void testSlowRatesAndFastOnesStayWithinASliceOfFiveToSixtySeconds() {
        assertEquals(60, new SteadyPlan(2, 0, 0, 300, 0).segments().get(0).sliceSeconds());
        SteadyPlan fast = new SteadyPlan(200, 0, 0, 60, 0);
        assertEquals(5, fast.segments().get(0).sliceSeconds());
        assertEquals(1000, fast.segments().get(0).sessionsPerFile());
        // A slice would hold more sessions than httperf reads from one file: it would offer some twice.
        assertThrows(IllegalArgumentException.class, () -> new SteadyPlan(201, 0, 0, 60, 0));
    }

    @Test
    void testEmptySegmentsAreLeftOutAndBadDurationsRefused() {
        assertEquals(List.of("m"), new SteadyPlan(10, 0, 0, 60, 0).segments().stream()
                .map(SteadyPlan.Segment::tag).toList());
        assertThrows(IllegalArgumentException.class, () -> new SteadyPlan(10, 0, 7, 60, 0));
        assertThrows(IllegalArgumentException.class, () -> new SteadyPlan(10, 0, 0, 0, 0));
        assertThrows(IllegalArgumentException.class, () -> new SteadyPlan(0, 0, 0, 60, 0));
    }
}
