package org.hybridconnector.bench.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.hybridconnector.bench.cluster.ClusterComparison.Pair;
import org.hybridconnector.bench.headline.Bootstrap;
import org.hybridconnector.bench.probe.ProbeResult;
import org.hybridconnector.bench.report.StepRecord;
import org.hybridconnector.bench.report.WindowCounters;
import org.junit.jupiter.api.Test;

class ClusterComparisonTest {

    private static final Pair TWO_OVER_ONE = new Pair("two", "one", 30);

    @Test
    void testRatiosAreTakenWithinEachBlockAndABlockMissingASideIsLeftOut() {
        ClusterComparison comparison = new ClusterComparison(List.of(
                step("one", 30, 1, 10.0, 0), step("two", 30, 1, 12.0, 0),
                step("two", 30, 2, 9.0, 0), step("one", 30, 2, 10.0, 0),
                step("one", 30, 3, 20.0, 0), step("two", 30, 3, 22.0, 0),
                step("two", 30, 4, 50.0, 0),
                step("one", 40, 1, 1.0, 0)), new Bootstrap());
        assertEquals(List.of(1.2, 0.9, 1.1), comparison.completedRatios(TWO_OVER_ONE).stream()
                .map(r -> Math.round(r * 100) / 100.0).toList(), "block 4 has no 'one', and 40/s is another load");
        Bootstrap.Interval ratio = comparison.completedRatio(TWO_OVER_ONE);
        assertEquals(1.1, ratio.median(), 1e-9);
        assertEquals(3, ratio.n());
        assertTrue(ratio.low() <= 0.9 + 1e-9 && ratio.high() >= 1.2 - 1e-9, ratio.toString());
    }

    @Test
    void testTheSummaryHasAMedianRowPerConfigurationAndLoadAndARowPerPair() {
        ClusterComparison comparison = new ClusterComparison(List.of(
                step("one", 30, 1, 10.0, 20), step("two", 30, 1, 12.0, 0),
                step("one", 30, 2, 11.0, 40), step("two", 30, 2, 11.0, 10)), new Bootstrap());
        String md = comparison.summary(List.of(TWO_OVER_ONE));
        assertTrue(md.contains("| one | 30 | 2 | 10.50 | 3.00 |"), md);
        assertTrue(md.contains("| two | 30 | 2 | 11.50 | 0.50 |"), md);
        assertTrue(md.contains("| two / one | 30 | 2 | 1.10x"), md);
        assertTrue(md.contains("[1.20, 1.00]"), md);
    }

    /** A 10-second step that completed {@code completedPerSecond} and abandoned {@code abandoned} sessions. */
    private static StepRecord step(String variant, double load, int block, double completedPerSecond, long abandoned) {
        long completed = Math.round(completedPerSecond * 10);
        return new StepRecord("bidding", variant, "17", load, block, 10, (long) (load * 10), completed, abandoned, 0,
                completed * 10, 12.5, 0.5, 0, 0, 0, 0, 1.0, 0, 30.0, 20.0, -1, 100.0, 90.0, 1, 0, 200.0, 0, abandoned,
                ProbeResult.of(new double[] { 10 }, 0, 0, 0), WindowCounters.UNKNOWN);
    }
}
