package org.hybridconnector.bench.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.hybridconnector.bench.compare.BuildComparison.PageResult;
import org.hybridconnector.bench.compare.BuildComparison.Run;
import org.hybridconnector.bench.headline.Bootstrap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BuildComparisonTest {

    private static final Bootstrap BOOTSTRAP = new Bootstrap();

    /** Rounds whose speed drifts by a factor of two while B stays a fixed share of A within each. */
    private static List<Run> drifting(String page, double bShare, int rounds) {
        List<Run> runs = new ArrayList<>();
        for (int round = 1; round <= rounds; round++) {
            long requestsA = 1000L * (1 + round % 2);     // 1000 or 2000: the machine's drift
            runs.add(new Run(round, "A", page, 1, requestsA, 100, 100));
            runs.add(new Run(round, "B", page, 1, Math.round(requestsA * bShare), 100, 100));
        }
        return runs;
    }

    @Test
    void testRatiosWithinRoundsCancelTheDriftBetweenThem() {
        PageResult r = new BuildComparison(drifting("/p", 0.99, 9), BOOTSTRAP).results().get(0);
        assertEquals(0.99, r.rateRatio().median(), 1e-9);
        assertEquals(0.99, r.rateRatio().low(), 1e-9, "the same ratio in every round leaves no spread");
        assertEquals(1 / 0.99, r.cpuRatio().median(), 1e-3, "the same CPU time over fewer requests");
        assertEquals(9, r.rateRatio().n());
        assertEquals("within 3 %", BuildComparison.verdict(r.rateRatio(), 0.03, true));
        assertEquals("within 3 %", BuildComparison.verdict(r.cpuRatio(), 0.03, false));
    }

    @Test
    void testAClearLossIsWorse() {
        PageResult r = new BuildComparison(drifting("/p", 0.90, 5), BOOTSTRAP).results().get(0);
        assertEquals("worse by more than 3 %", BuildComparison.verdict(r.rateRatio(), 0.03, true));
        assertEquals("worse by more than 3 %", BuildComparison.verdict(r.cpuRatio(), 0.03, false));
    }

    @Test
    void testAWideIntervalAroundOneCannotTell() {
        Bootstrap.Interval wide = new Bootstrap.Interval(1.0, 0.9, 1.1, 10);
        assertEquals("cannot tell at 3 %", BuildComparison.verdict(wide, 0.03, true));
        assertEquals("cannot tell at 3 %", BuildComparison.verdict(wide, 0.03, false));
    }

    @Test
    void testOnlyRoundsWithBothBuildsArePaired() {
        List<Run> runs = new ArrayList<>(drifting("/p", 1.0, 4));
        runs.add(new Run(5, "A", "/p", 1, 5000, 100, 100));     // B's run of round 5 is missing
        PageResult r = new BuildComparison(runs, BOOTSTRAP).results().get(0);
        assertEquals(4, r.rateRatio().n());
        assertEquals(1.0, r.rateRatio().median(), 1e-9);
    }

    @Test
    void testTwoRunsOfOneBuildInOneRoundAreRefused() {
        List<Run> runs = new ArrayList<>(drifting("/p", 1.0, 2));
        runs.add(new Run(1, "B", "/p", 1, 5000, 100, 100));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new BuildComparison(runs, BOOTSTRAP).results());
        assertTrue(e.getMessage().contains("round 1"), e.getMessage());
    }

    @Test
    void testReadsTheScriptsCsvAndWritesOneRowPerPageAndFigure(@TempDir Path dir) throws IOException {
        Path csv = dir.resolve("rounds.csv");
        Files.writeString(csv, """
                round,build,page,seconds,requests,cpu_ticks,clock_ticks_per_s
                1,A,/servlet,5,50000,480,100
                1,B,/servlet,5,49500,480,100
                2,B,/servlet,5,40000,400,100
                2,A,/servlet,5,40000,396,100
                1,A,/8k.txt,5,80000,490,100
                1,B,/8k.txt,5,80000,490,100
                """);
        List<Run> runs = BuildComparison.read(csv);
        assertEquals(6, runs.size());
        assertEquals(96.0, runs.get(0).cpuMicrosPerRequest(), 1e-9, "480 ticks of 10 ms over 50,000 requests");
        String md = new BuildComparison(runs, BOOTSTRAP).summary("bench/compare-builds a b", 0.03);
        assertTrue(md.contains("| /servlet | requests/s | 9000 | 8950 |"), md);
        assertTrue(md.contains("| /8k.txt | CPU µs per request | 61.3 | 61.3 | 1.000 [1.000, 1.000] | 1 | within 3 % |"), md);
    }

    @Test
    void testAMalformedLineIsNamed(@TempDir Path dir) throws IOException {
        Path csv = dir.resolve("rounds.csv");
        Files.writeString(csv, "round,build,page,seconds,requests,cpu_ticks,clock_ticks_per_s\n1,A,/p,5,many,1,100\n");
        IOException e = assertThrows(IOException.class, () -> BuildComparison.read(csv));
        assertTrue(e.getMessage().contains("line 2"), e.getMessage());
    }
}
