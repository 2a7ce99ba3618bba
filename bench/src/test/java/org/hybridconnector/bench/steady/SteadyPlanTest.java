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
        SteadyPlan.Segment fast = new SteadyPlan(160, 0, 0, 60, 0).segments().get(0);
        assertEquals(1, fast.lanes());
        assertEquals(5, fast.sliceSeconds());
        assertEquals(800, fast.sessionsPerFile());
    }

    @Test
    void testARateBeyondOneProcesssSliceIsSplitIntoLanesThatAddUpToIt() {
        // 400/s would put 2,000 sessions into a 5 s slice: three lanes of 133.3/s, 667 sessions each.
        SteadyPlan.Segment segment = new SteadyPlan(400, 0, 0, 60, 0).segments().get(0);
        assertEquals(3, segment.lanes());
        assertEquals(400.0 / 3, segment.laneRate(), 1e-9);
        assertEquals(5, segment.sliceSeconds());
        List<SteadyPlan.Slice> slices = segment.slices();
        assertEquals(36, slices.size());
        assertEquals(List.of(0, 0, 0, 5), slices.subList(0, 4).stream().map(SteadyPlan.Slice::offsetSeconds).toList());
        assertEquals(List.of(1, 2, 3, 4), slices.subList(0, 4).stream().map(SteadyPlan.Slice::index).toList());
        assertTrue(slices.stream().allMatch(s -> s.sessions() == 667), slices.toString());
        // Just past one process's 800 sessions in 5 s: two lanes of 80.5/s, 403 sessions each.
        SteadyPlan.Segment past = new SteadyPlan(161, 0, 0, 60, 0).segments().get(0);
        assertEquals(2, past.lanes());
        assertEquals(403, past.sessionsPerFile());
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
