package org.hybridconnector.bench.headline;

import static org.hybridconnector.bench.headline.Rows.full;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.hybridconnector.bench.headline.Targets.Cell;
import org.hybridconnector.bench.headline.Targets.Row;
import org.hybridconnector.bench.headline.Targets.Status;
import org.junit.jupiter.api.Test;

class TargetsTest {

    /**
     * Saturation 100, and 150 between 1x and 2x; three blocks per load, numbered on across loads (a
     * block holds one load). Per block: nio, nio2, nio-admission, hybrid-all, hybrid-sessions
     * completed/s, and hybrid-all's abandoned/s and quick p99 (stock p99 is 5000 ms everywhere).
     */
    private static List<SteadyRow> table() {
        List<SteadyRow> rows = new ArrayList<>();
        add(rows, 100, new double[] { 90, 95, 90, 94, 95 }, new double[] { 0, 0, 0 }, 100);
        add(rows, 150, new double[] { 85, 98, 85, 99, 99 }, new double[] { 0, 0, 0 }, 100);
        add(rows, 200, new double[] { 80, 100, 80, 108, Double.NaN }, new double[] { 0, 0, 0 }, 400);
        add(rows, 300, new double[] { 50, 60, 84, 80, 70 }, new double[] { 0, 0.5, 0 }, Double.NaN);
        // hybrid-sessions at 2x: 0.9, 1.2 and 1.3 times nio2, a median above 1.15 with an interval reaching 0.9.
        double[] sessions = { 90, 120, 130 };
        for (int i = 0; i < 3; i++) {
            rows.add(full(12 + i, 200, "hybrid-sessions", sessions[i], 0, 100, false));
        }
        return rows;
    }

    private static void add(List<SteadyRow> rows, double load, double[] completed, double[] abandoned, double p99) {
        String[] variants = { "nio", "nio2", "nio-admission", "hybrid-all", "hybrid-sessions" };
        int first = (int) (load / 50) * 3;
        for (int block = first; block < first + 3; block++) {
            for (int v = 0; v < variants.length; v++) {
                if (!Double.isNaN(completed[v])) {
                    boolean hybridAll = variants[v].equals("hybrid-all");
                    rows.add(full(block, load, variants[v], completed[v], hybridAll ? abandoned[block - first] : 0,
                            hybridAll ? p99 : 5000, false));
                }
            }
        }
    }

    private static Cell cell(List<Row> rows, String candidate, String targetStart, int multiple) {
        return rows.stream().filter(r -> r.candidate().equals(candidate) && r.target().startsWith(targetStart))
                .findFirst().orElseThrow().cells().get(multiple - 1);
    }

    @Test
    void testVerdictsOnAHandMadeTable() {
        List<Row> rows = new Targets(new Campaign(table(), new Bootstrap()), 100).rows();
        Cell atSaturation = cell(rows, "hybrid-all", "completed/s over the best stock", 1);
        assertEquals(Status.MET, atSaturation.status(), atSaturation.render());
        assertTrue(atSaturation.figure().contains("vs nio2"), atSaturation.figure());

        Cell twice = cell(rows, "hybrid-all", "completed/s over the best stock", 2);
        assertEquals(Status.MISSED, twice.status());
        assertEquals("1.08x, 0.07 short of 1.15x", twice.shortfall());
        assertEquals("1.08x [1.08, 1.08] vs nio2: **MISSED**, 1.08x, 0.07 short of 1.15x", twice.render());

        assertEquals(Status.MET, cell(rows, "hybrid-all", "completed/s over the best stock", 3).status(), "80/60");
        assertEquals(Status.MET, cell(rows, "hybrid-all", "completed/s ≥ 1.2x nio-admission", 2).status());
        Cell yardstick = cell(rows, "hybrid-all", "completed/s ≥ 1.2x nio-admission", 3);
        assertEquals(Status.MISSED, yardstick.status());
        assertEquals("0.95x, 0.25 short of 1.2x", yardstick.shortfall());

        Cell noCollapse = cell(rows, "hybrid-all", "no collapse", 3);
        assertEquals(Status.MISSED, noCollapse.status(), "80 of 94 is 0.85");
        assertTrue(noCollapse.figure().contains("of medians"), noCollapse.figure());
        assertEquals(Status.MET, cell(rows, "hybrid-all", "no collapse", 2).status());
        assertEquals(Status.NO_TARGET, cell(rows, "hybrid-all", "no collapse", 1).status());

        assertEquals(Status.MET, cell(rows, "hybrid-all", "no session abandoned", 2).status());
        Cell abandoned = cell(rows, "hybrid-all", "no session abandoned", 3);
        assertEquals(Status.MISSED, abandoned.status());
        assertEquals("max 0.50/s over 3 blocks", abandoned.figure());

        Cell p99 = cell(rows, "hybrid-all", "quick-page p99", 2);
        assertEquals(Status.MET, p99.status(), p99.render());
        assertTrue(p99.figure().startsWith("12.50x"), p99.figure());
        assertEquals(Status.NOT_MEASURED, cell(rows, "hybrid-all", "quick-page p99", 3).status(), "p99 not read");
    }

    @Test
    void testAMedianAboveTargetStillMissesIfTheIntervalReachesOne() {
        List<Row> rows = new Targets(new Campaign(table(), new Bootstrap()), 100).rows();
        Cell cell = cell(rows, "hybrid-sessions", "completed/s over the best stock", 2);
        assertEquals(Status.MISSED, cell.status(), cell.render());
        assertEquals("CI's lower end 0.90 not above 1", cell.shortfall());
        Cell noCollapse = cell(rows, "hybrid-sessions", "no collapse", 2);
        assertEquals(Status.MET, noCollapse.status(), "120 of 95");
        assertEquals("1.26x, of medians (no block ran both loads; no CI)", noCollapse.figure());
    }

    @Test
    void testOnlyLoadsWithinOnePercentOfAMultipleAreJudged() {
        Campaign campaign = new Campaign(List.of(full(1, 201.5, "nio", 1, 0, 1, false),
                full(2, 296.9, "nio", 1, 0, 1, false), full(3, 150, "nio", 1, 0, 1, false)), new Bootstrap());
        Study study = new Study("", campaign, 100);
        assertEquals(201.5, study.loadAt(2));
        assertTrue(Double.isNaN(study.loadAt(3)), "296.9 is more than 1 % off 300");
        assertTrue(Double.isNaN(study.loadAt(1)));
    }

    @Test
    void testBlocksThatRanSeveralLoadsPairTheCollapseRatio() {
        List<SteadyRow> rows = List.of(full(1, 100, "hybrid", 100, 0, 1, false), full(1, 200, "hybrid", 95, 0, 1, false),
                full(2, 100, "hybrid", 50, 0, 1, false), full(2, 200, "hybrid", 47.5, 0, 1, false));
        Cell cell = cell(new Targets(new Campaign(rows, new Bootstrap()), 100).rows(), "hybrid", "no collapse", 2);
        assertEquals(Status.MET, cell.status());
        assertEquals("0.95x [0.95, 0.95], paired in 2 blocks", cell.figure());
    }

    @Test
    void testStudiesPoolTheirBlocksRatiosByMultipleOfTheirOwnSaturation() {
        List<Row> rows = new Targets(Rows.twoStudies()).rows();
        Cell overStock = cell(rows, "hybrid", "completed/s over the best stock", 2);
        assertEquals(Status.MISSED, overStock.status(), overStock.render());
        assertEquals("1.10x [0.90, 1.30] vs each study's best: nio (1), nio2 (1)", overStock.figure(),
                "1.5x is not 2x: its 3.0 would make the median 1.2");

        Cell abandoned = cell(rows, "hybrid", "no session abandoned", 2);
        assertEquals("max 0.25/s over 3 blocks", abandoned.figure(), "the worst block of either study");

        Cell noCollapse = cell(rows, "hybrid", "no collapse", 2);
        assertEquals(Status.MET, noCollapse.status(), noCollapse.render());
        assertEquals("1.10x, of medians (the median of 2 studies'; no block ran both loads; no CI)",
                noCollapse.figure(), "a's 12 of 10 and b's 90 of 90: their mean");
        assertEquals(Status.NOT_MEASURED, cell(rows, "hybrid", "completed/s over the best stock", 3).status());
    }
}
