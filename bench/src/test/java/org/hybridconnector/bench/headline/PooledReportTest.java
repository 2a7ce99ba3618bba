package org.hybridconnector.bench.headline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PooledReportTest {

    @Test
    void testTheReportListsEachStudysBlocksAndEachBlocksRatios() {
        String md = new PooledReport(Rows.twoStudies()).markdown("Pooled", "bench/campaign");
        assertTrue(md.contains("| mix/a | 10.0 | 1 | 2 | 0 | 0 | [mix-a](../mix-a/headline.md) |"), md);
        assertTrue(md.contains("| mix/b | 100.0 | 1 | 1 | 0 | 1 | [mix-b](../mix-b/headline.md) |"), md);
        assertTrue(md.contains("| mix/a | a, block 2 | nio | 1.30x |"), md);
        assertTrue(md.contains("| mix/b | b, block 1 | nio2 | 0.90x |"), md);
        assertFalse(md.contains("3.00x"), "b's block at 1.5x is in no table of ratios");
        assertFalse(md.contains("### 3x R"), "no study ran 3x");
        assertTrue(md.contains("Build: commit `abc1234` in every row."), md);
        assertTrue(md.contains("| 2x (2 studies) | 3x (not run) |"), md);
    }

    @Test
    void testTheCommandReadsEachStudysFiles(@TempDir Path dir) throws IOException {
        Path a = csv(dir.resolve("a.csv"), "1,20,nio,10", "1,20,hybrid,11");
        Path b = csv(dir.resolve("b.csv"), "1,200,nio,100", "1,200,hybrid,90");
        Path out = dir.resolve("pooled");
        assertEquals(0, pooled("--out", out.toString(), "--title", "Pooled", "--command", "c", "--resamples", "100",
                "--study", "mix/a,10," + a, "--study", "mix/b,100," + b));
        String md = Files.readString(out.resolve("headline.md"));
        assertTrue(md.contains("| hybrid | completed/s over the best stock's"), md);
        assertTrue(md.contains("1.00x [0.90, 1.10] vs nio"), md);
    }

    @Test
    void testABadStudyIsRefused() {
        assertEquals(2, pooled("--out", "x", "--title", "t", "--command", "c", "--study", "mix/a,10"), "no file");
        assertEquals(2, pooled("--out", "x", "--title", "t", "--command", "c", "--study", "mix/a,fast,a.csv"));
        assertEquals(2, pooled("--out", "x", "--title", "t", "--command", "c", "--study", "mix/a,0,a.csv"));
        assertEquals(2, pooled("--out", "x", "--title", "t", "--command", "c"), "no study");
    }

    private static Path csv(Path file, String... rows) throws IOException {
        List<String> lines = new ArrayList<>(List.of(
                "block,load,variant,commit,completed_per_s,server_abandoned_per_s,client_limited"));
        for (String row : rows) {
            lines.add(row.replaceFirst("^(\\d+,[^,]+,[^,]+),", "$1,abc1234,") + ",0,false");
        }
        return Files.write(file, lines);
    }

    private static int pooled(String... args) {
        return Commands.exitStatus("headline-pooled", args);
    }
}
