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

    /**
     * Forks of two rounds each, whose speed drifts by a factor of two while B stays a fixed share
     * of A within each round.
     */
    private static List<Run> drifting(String page, double bShare, int forks) {
        List<Run> runs = new ArrayList<>();
        for (int fork = 1; fork <= forks; fork++) {
            for (int round = 1; round <= 2; round++) {
                long requestsA = 1000L * (1 + (fork + round) % 2);     // 1000 or 2000: the machine's drift
                runs.add(new Run(fork, round, "A", page, 1, requestsA, 100, 100));
                runs.add(new Run(fork, round, "B", page, 1, Math.round(requestsA * bShare), 100, 100));
            }
        }
        return runs;
    }

    @Test
    void testRatiosWithinRoundsCancelTheDriftBetweenThem() {
        PageResult r = new BuildComparison(drifting("/p", 0.99, 9), BOOTSTRAP).results().get(0);
        assertEquals(0.99, r.rateRatio().median(), 1e-9);
        assertEquals(0.99, r.rateRatio().low(), 1e-9, "the same ratio in every round leaves no spread");
        assertEquals(1 / 0.99, r.cpuRatio().median(), 1e-3, "the same CPU time over fewer requests");
        assertEquals(9, r.rateRatio().n(), "one ratio a fork");
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
    void testAForksRoundsGiveOneRatioTheirMedian() {
        List<Run> runs = new ArrayList<>();
        double[][] shares = { { 0.90, 0.92, 0.97 }, { 1.00, 1.01, 1.05 }, { 0.98, 0.99, 0.99 } };
        for (int fork = 1; fork <= shares.length; fork++) {
            for (int round = 1; round <= 3; round++) {
                runs.add(new Run(fork, round, "A", "/p", 1, 10_000, 100, 100));
                runs.add(new Run(fork, round, "B", "/p", 1, Math.round(10_000 * shares[fork - 1][round - 1]), 100, 100));
            }
        }
        PageResult r = new BuildComparison(runs, BOOTSTRAP).results().get(0);
        assertEquals(3, r.rateRatio().n());
        assertEquals(0.99, r.rateRatio().median(), 1e-9, "the median of the forks' 0.92, 1.01 and 0.99");
        assertEquals(0.92, r.rateRatio().low(), 1e-9);
    }

    @Test
    void testTooFewForksGiveNoVerdict() {
        PageResult r = new BuildComparison(drifting("/p", 1.0, 2), BOOTSTRAP).results().get(0);
        assertEquals("cannot tell: 2 fork(s), fewer than 3", BuildComparison.verdict(r.rateRatio(), 0.03, true));
    }

    @Test
    void testOnlyRoundsWithBothBuildsArePaired() {
        List<Run> runs = new ArrayList<>(drifting("/p", 1.0, 4));
        runs.add(new Run(5, 1, "A", "/p", 1, 5000, 100, 100));     // B's run of fork 5 is missing
        PageResult r = new BuildComparison(runs, BOOTSTRAP).results().get(0);
        assertEquals(4, r.rateRatio().n());
        assertEquals(1.0, r.rateRatio().median(), 1e-9);
    }

    @Test
    void testTwoRunsOfOneBuildInOneRoundAreRefused() {
        List<Run> runs = new ArrayList<>(drifting("/p", 1.0, 2));
        runs.add(new Run(1, 2, "B", "/p", 1, 5000, 100, 100));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new BuildComparison(runs, BOOTSTRAP).results());
        assertTrue(e.getMessage().contains("fork 1, round 2"), e.getMessage());
    }

    @Test
    void testReadsTheScriptsCsvAndWritesOneRowPerPageAndFigure(@TempDir Path dir) throws IOException {
        Path csv = dir.resolve("rounds.csv");
        Files.writeString(csv, """
                fork,round,build,page,seconds,requests,cpu_ticks,clock_ticks_per_s
                1,1,A,/servlet,5,50000,480,100
                1,1,B,/servlet,5,49500,480,100
                1,2,B,/servlet,5,40000,400,100
                1,2,A,/servlet,5,40000,396,100
                1,1,A,/8k.txt,5,80000,490,100
                1,1,B,/8k.txt,5,80000,490,100
                """);
        List<Run> runs = BuildComparison.read(csv);
        assertEquals(6, runs.size());
        assertEquals(96.0, runs.get(0).cpuMicrosPerRequest(), 1e-9, "480 ticks of 10 ms over 50,000 requests");
        String md = new BuildComparison(runs, BOOTSTRAP).summary("bench/compare-builds a b", 0.03);
        assertTrue(md.contains("| /servlet | requests/s | 9000 | 8950 |"), md);
        assertTrue(md.contains("| /8k.txt | CPU µs per request | 61.3 | 61.3 | 1.000 [1.000, 1.000] | 1 | cannot tell: 1 fork(s)"), md);
    }

    @Test
    void testAMalformedLineIsNamed(@TempDir Path dir) throws IOException {
        Path csv = dir.resolve("rounds.csv");
        Files.writeString(csv, "fork,round,build,page,seconds,requests,cpu_ticks,clock_ticks_per_s\n1,1,A,/p,5,many,1,100\n");
        IOException e = assertThrows(IOException.class, () -> BuildComparison.read(csv));
        assertTrue(e.getMessage().contains("line 2"), e.getMessage());
    }
}
