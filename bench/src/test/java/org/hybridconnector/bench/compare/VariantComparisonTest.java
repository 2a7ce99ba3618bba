package org.hybridconnector.bench.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.hybridconnector.bench.compare.VariantComparison.Result;
import org.hybridconnector.bench.compare.VariantComparison.Run;
import org.hybridconnector.bench.headline.Bootstrap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class VariantComparisonTest {

    /** Rounds whose speed drifts by a factor of two, the cache a fixed multiple of NIO within each. */
    private static List<Run> drifting(int rounds) {
        List<Run> runs = new ArrayList<>();
        for (int round = 1; round <= rounds; round++) {
            double nio = 10_000 * (1 + round % 2);
            runs.add(new Run(round, "cache", nio * 2.5, 4.0 / (1 + round % 2)));
            runs.add(new Run(round, "nio", nio, 8.0 / (1 + round % 2)));
        }
        return runs;
    }

    @Test
    void testRatiosWithinRoundsCancelTheDrift() {
        List<Result> results = new VariantComparison(drifting(6), "nio", new Bootstrap()).results();
        assertEquals("nio", results.get(0).variant(), "the reference comes first");
        assertEquals(1.0, results.get(0).rateRatio().median(), 1e-9);
        Result cache = results.get(1);
        assertEquals(2.5, cache.rateRatio().median(), 1e-9);
        assertEquals(2.5, cache.rateRatio().low(), 1e-9);
        assertEquals(0.5, cache.p99Ratio().high(), 1e-9);
        assertEquals(6, cache.rateRatio().n());
    }

    @Test
    void testARoundWithoutTheReferenceIsLeftOut() {
        List<Run> runs = new ArrayList<>(drifting(3));
        runs.add(new Run(4, "cache", 1, 1));
        Result cache = new VariantComparison(runs, "nio", new Bootstrap()).results().get(1);
        assertEquals(3, cache.rateRatio().n());
    }

    @Test
    void testTheCsvIsReadAndABadLineNamed(@TempDir Path dir) throws IOException {
        Path csv = dir.resolve("rounds.csv");
        Files.writeString(csv, "round,variant,requests_per_s,p99_ms\n1,nio,100.5,3.2\n1,cache,250,1.1\n");
        String summary = new VariantComparison(VariantComparison.read(csv), "nio", new Bootstrap()).summary("cmd");
        assertTrue(summary.contains("| cache | 250 | 1.10 | 2.49 [2.49, 2.49] | 0.34 [0.34, 0.34] | 1 |"), summary);
        Files.writeString(csv, "round,variant,requests_per_s,p99_ms\n1,nio,fast,3\n");
        IOException e = assertThrows(IOException.class, () -> VariantComparison.read(csv));
        assertTrue(e.getMessage().contains("line 2"), e.getMessage());
    }
}
