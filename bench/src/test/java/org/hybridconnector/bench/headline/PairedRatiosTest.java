package org.hybridconnector.bench.headline;

import static org.hybridconnector.bench.headline.Rows.full;
import static org.hybridconnector.bench.headline.Rows.row;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.hybridconnector.bench.headline.PairedRatios.Ratio;
import org.hybridconnector.bench.headline.PairedRatios.Side;
import org.junit.jupiter.api.Test;

class PairedRatiosTest {

    private final Bootstrap bootstrap = new Bootstrap();

    @Test
    void testRatiosPairOnlyWithinBlocksAndABlockWithoutTheReferenceIsSkipped() {
        List<SteadyRow> rows = List.of(row(1, 50, "hybrid", 10), row(1, 50, "nio", 5),
                row(2, 50, "hybrid", 100),
                row(3, 50, "hybrid", 30), row(3, 50, "nio", 10));
        Ratio ratio = PairedRatios.completed(rows, 50, "hybrid", "nio", bootstrap);
        assertEquals(2, ratio.pairs());
        assertEquals(1, ratio.skipped(), "block 2 has no nio row");
        assertEquals(2.5, ratio.median(), "median of 10/5 and 30/10; block 2's 100 takes no part");
    }

    @Test
    void testDriftBetweenBlocksCancels() {
        // The machine ran twice as fast in block 2: the same ratio in both blocks, so no spread.
        List<SteadyRow> rows = List.of(row(1, 50, "hybrid", 10), row(1, 50, "nio", 8),
                row(2, 50, "hybrid", 20), row(2, 50, "nio", 16));
        Ratio ratio = PairedRatios.completed(rows, 50, "hybrid", "nio", bootstrap);
        assertEquals(new Bootstrap.Interval(1.25, 1.25, 1.25, 2), ratio.interval());
    }

    @Test
    void testOtherLoadsAndFilesAreNotPaired() {
        List<SteadyRow> rows = List.of(row(1, 50, "hybrid", 10), row(1, 100, "nio", 5),
                new SteadyRow("other.csv", 1, 50, "nio", "abc1234", 4, 0, 100, false));
        Ratio ratio = PairedRatios.completed(rows, 50, "hybrid", "nio", bootstrap);
        assertEquals(0, ratio.pairs(), "block 1 of another file is another block");
        assertEquals(2, ratio.skipped());
        assertEquals(0, ratio.interval().n());
    }

    @Test
    void testAZeroReferenceGivesInfinityAndZeroOverZeroIsSkipped() {
        List<SteadyRow> rows = List.of(row(1, 50, "hybrid", 10), row(1, 50, "nio", 5),
                row(2, 50, "hybrid", 10), row(2, 50, "nio", 0),
                row(3, 50, "hybrid", 10), row(3, 50, "nio", 5),
                row(4, 50, "hybrid", 0), row(4, 50, "nio", 0));
        Ratio ratio = PairedRatios.completed(rows, 50, "hybrid", "nio", bootstrap);
        assertEquals(3, ratio.pairs());
        assertEquals(1, ratio.skipped(), "0/0 says nothing");
        assertEquals(2, ratio.median());
        assertEquals(Double.POSITIVE_INFINITY, ratio.interval().high());
    }

    @Test
    void testClientLimitedRowsCountAsAbsent() {
        List<SteadyRow> rows = List.of(row(1, 50, "hybrid", 10), full(1, 50, "nio", 1, 0, 100, true),
                row(2, 50, "hybrid", 12), row(2, 50, "nio", 8));
        Ratio ratio = PairedRatios.completed(rows, 50, "hybrid", "nio", bootstrap);
        assertEquals(1, ratio.pairs());
        assertEquals(1.5, ratio.median());
    }

    @Test
    void testSidesMayBeAtDifferentLoadsAndAnyFigure() {
        List<SteadyRow> rows = List.of(full(1, 50, "nio", 9, 0, 4000, false), full(1, 50, "hybrid", 9, 0, 250, false),
                full(1, 100, "hybrid", 8, 0, 500, false));
        assertEquals(16, PairedRatios.of(rows, new Side("nio", 50), new Side("hybrid", 50),
                SteadyRow::quickP99Millis, bootstrap).median());
        assertEquals(2, PairedRatios.of(rows, new Side("hybrid", 100), new Side("hybrid", 50),
                SteadyRow::quickP99Millis, bootstrap).median());
    }
}
