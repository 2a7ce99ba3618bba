package org.hybridconnector.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The policy figures' scripts from a run's series, as the windowed report writes them. */
class PolicyPlotsTest {

    private static final String HEADER = "seconds,admitted_per_s,turned_away_per_s,sessions_in_progress,session_limit,"
            + "worker_count,lengthy_reserve,general_wait_ms,lengthy_wait_ms";

    @Test
    void testAFigureHasALinePerStepOfRunOneOfItsVariants(@TempDir Path run) throws IOException {
        series(run, "hybrid-sessions-10-r1", "5,8.0,0.0,31,44,10,-1,12,0");
        series(run, "hybrid-sessions-503-20-r1", "5,9.0,2.0,40,44,10,-1,30,0");
        series(run, "hybrid-sessions-10-r2", "5,7.0,0.0,30,44,10,-1,12,0");
        series(run, "hybrid-all-20-r1", "5,9.0,2.0,40,-1,14,3,30,12");
        assertEquals(List.of("admission.gp", "admission-all.gp", "workers-all.gp"), PolicyPlots.write(run, 120));

        String admission = Files.readString(run.resolve("admission.gp"));
        assertTrue(admission.contains("set output 'admission.png'"), admission);
        assertTrue(admission.contains("new sessions offered for the first 120 s"), admission);
        assertTrue(admission.contains("'raw/hybrid-sessions-10-r1-policy.csv' using 1:2 with lines lw 2 lc 1 title"
                + " 'hybrid-sessions at 10/s', '' using 1:($5 < 0 ? NaN : $5) axes x1y2 with lines dt 2 lc 1 notitle"),
                admission);
        assertTrue(admission.contains("title 'hybrid-sessions-503 at 20/s'"), admission);
        assertFalse(admission.contains("-r2-"), "run 1 only: " + admission);

        // hybrid-all's limit never closed: no second axis, which gnuplot would refuse empty.
        String all = Files.readString(run.resolve("admission-all.gp"));
        assertFalse(all.contains("y2"), all);
        assertTrue(Files.readString(run.resolve("workers-all.gp")).contains("using 1:6 with lines"));
    }

    @Test
    void testARunWithoutPolicySeriesHasNoFigure(@TempDir Path run) throws IOException {
        assertEquals(List.of(), PolicyPlots.write(run, 60));
        series(run, "nio-10-r1", "5,,,,,,,,");
        assertEquals(List.of(), PolicyPlots.write(run, 60));
    }

    private static void series(Path run, String step, String row) throws IOException {
        Files.createDirectories(run.resolve("raw"));
        Files.writeString(run.resolve("raw/" + step + "-policy.csv"), HEADER + "\n" + row + "\n");
    }
}
