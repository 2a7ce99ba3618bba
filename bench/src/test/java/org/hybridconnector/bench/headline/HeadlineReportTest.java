package org.hybridconnector.bench.headline;

import static org.hybridconnector.bench.headline.Rows.full;
import static org.hybridconnector.bench.headline.Rows.row;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HeadlineReportTest {

    private static List<SteadyRow> campaign() {
        List<SteadyRow> rows = new ArrayList<>();
        for (int block = 1; block <= 3; block++) {
            rows.add(row(block, 20, "nio", 18 + block));
            rows.add(row(block, 20, "hybrid-all", 19 + block));
            rows.add(row(block + 3, 40, "nio", 12 + block));
            rows.add(row(block + 3, 40, "nio-admission", 15 + block));
            rows.add(row(block + 3, 40, "hybrid-all", 21 + block));
        }
        // The load generator ran out of descriptors: a figure that would move nio's median at 40 if it counted.
        rows.add(full(7, 40, "nio", 500, 0, 100, true));
        return rows;
    }

    @Test
    void testClientLimitedRowsCountInNoFigureAndAreListed() {
        HeadlineReport report = new HeadlineReport(campaign(), 20, new Bootstrap());
        assertTrue(report.csv().contains("\n40.0,nio,3,14.000,"), report.csv());
        String md = report.markdown("Test", "bench/run steady");
        assertTrue(md.contains("| steady.csv | 7 | 40.0 | nio | 500.00 |"), md);
        assertTrue(md.contains("Rows: 15 counted, 1 excluded"), md);
        assertFalse(md.contains("Warning"), "one commit\n" + md);
        // Per block 22/13, 23/14, 24/15: of three values, the interval runs from the least to the greatest.
        assertTrue(md.contains("| hybrid-all | nio (best stock) | 1.64x [1.60, 1.69] | 3 | 0 |"), md);
    }

    @Test
    void testABlockWhoseMachineSaturatedBelowRIsFlagged() {
        List<SteadyRow> rows = List.of(row(1, 20, "nio", 12), row(1, 20, "hybrid-all", 15), row(2, 20, "nio", 19),
                row(2, 20, "hybrid-all", 18.5), row(2, 40, "nio", 9), row(2, 40, "hybrid-all", 17));
        String md = new HeadlineReport(rows, 20, new Bootstrap()).markdown("Test", "cmd");
        assertTrue(md.contains("| steady.csv, block 1 | 20.0 | 1.00x | 15.00 (hybrid-all) | 75 % **(overload on this "
                + "machine)** |"), md);
        assertTrue(md.contains("| steady.csv, block 2 | 20.0 | 1.00x | 19.00 (nio) | 95 % |"), md);
        assertTrue(md.contains("| steady.csv, block 2 | 40.0 | 2.00x | 17.00 (hybrid-all) | 43 % |"), "past R it is"
                + " overload anyway\n" + md);
    }

    @Test
    void testAPairThatNeverRanInOneBlockHasNoRatioRow() {
        List<SteadyRow> rows = new ArrayList<>(campaign());
        // nio2 ran at 40 in a block of its own, with no candidate beside it (and below nio: not the best stock).
        rows.add(row(8, 40, "nio2", 10));
        String md = new HeadlineReport(rows, 20, new Bootstrap()).markdown("Test", "cmd");
        assertTrue(md.contains("| hybrid-all | nio-admission | "), md);
        assertFalse(md.contains("| hybrid-all | nio2 |"), md);
    }

    @Test
    void testAnIntervalUnderTenLifetimesIsFlagged() {
        List<SteadyRow> rows = List.of(
                // 300 s of interval, 20 s lifetimes: 15 of them; 90 in progress beside 10/s x 300 s completed
                new SteadyRow(Rows.FILE, 1, 40, "hybrid-all", "abc1234", 10, 0, 50, false, 300, 20, 90, 0.5,
                        SteadyRow.ServerCpu.UNKNOWN),
                // 60 s lifetimes: five, too few; 450 in progress beside 1,500 completed
                new SteadyRow(Rows.FILE, 1, 40, "nio", "abc1234", 5, 2, 9000, false, 300, 60, 450, 2.5,
                        SteadyRow.ServerCpu.UNKNOWN));
        String md = new HeadlineReport(rows, 20, new Bootstrap()).markdown("Test", "cmd");
        assertTrue(md.contains("| 40.0 | hybrid-all | 15.0 | 3 % | 0.00 / 0.50 |"), md);
        assertTrue(md.contains("| 40.0 | nio | 5.0 **(under 10)** | 30 % | 2.00 / 2.50 |"), md);
    }

    @Test
    void testTheServersCoreIsAccountedPerReplyAndPerCompletedSession() {
        List<SteadyRow> rows = List.of(
                // 1,000 replies/s for 10 completed sessions/s; 60 % of the core is 600 ms a second: 0.6 ms a reply.
                withCpu(1, "hybrid-all", 10, new SteadyRow.ServerCpu(1000, 100, 60, 30)),
                withCpu(2, "hybrid-all", 12, new SteadyRow.ServerCpu(1200, 100, 72, 24)),
                // A row from before the processes were read: its replies and core count, its split does not.
                withCpu(3, "hybrid-all", 11, new SteadyRow.ServerCpu(1100, 98, Double.NaN, Double.NaN)),
                withCpu(1, "nio", 5, new SteadyRow.ServerCpu(900, 100, 50, 40)),
                withCpu(2, "nio", 4, SteadyRow.ServerCpu.UNKNOWN));
        String md = new HeadlineReport(rows, 20, new Bootstrap()).markdown("Test", "cmd");
        // Medians: replies 1,100; replies per session 100 each; Tomcat 0.6; database (0.3 and 0.2) 0.25; rest 10 %
        // and 4 %, 7 %.
        assertTrue(md.contains("| 40.0 | hybrid-all | 1100 | 100 | 100 % | 0.600 | 0.250 | 7 % |"), md);
        assertTrue(md.contains("| 40.0 | nio | 900 | 180 | 100 % | 0.556 | 0.444 | 10 % |"), md);
    }

    private static SteadyRow withCpu(int block, String variant, double completed, SteadyRow.ServerCpu cpu) {
        return new SteadyRow(Rows.FILE, block, 40, variant, "abc1234", completed, 0, 50, false, 300, 20, 10, 0, cpu);
    }

    @Test
    void testMoreThanOneCommitIsAWarning() {
        List<SteadyRow> rows = new ArrayList<>(campaign());
        rows.add(new SteadyRow(Rows.FILE, 8, 40, "nio2", "fff0000", 10, 0, 100, false));
        String md = new HeadlineReport(rows, 20, new Bootstrap()).markdown("Test", "cmd");
        assertTrue(md.contains("**Warning: 2 commits in the rows (`abc1234`, `fff0000`)"), md);
    }

    @Test
    void testWritesTheReportTheTableAndThePlot(@TempDir Path dir) throws IOException {
        new HeadlineReport(campaign(), 20, new Bootstrap(500, 1)).write(dir, "Test's run", "bench/run steady");
        List<String> csv = Files.readAllLines(dir.resolve("headline.csv"));
        assertEquals("load,variant,n,median,ci_low,ci_high", csv.get(0));
        assertEquals(1 + 2 + 3, csv.size());
        String gp = Files.readString(dir.resolve("headline.gp"));
        assertTrue(gp.contains("set terminal pngcairo size 900,560"), gp);
        assertTrue(gp.contains("set yrange [0:*]"), gp);
        assertTrue(gp.contains("'headline-plot-nio-admission.dat' using 1:2:3:4 with yerrorlines"), gp);
        assertTrue(gp.contains("set title 'Tests run'"), gp);
        assertEquals(List.of("# offered_sess_s completed_sess_s_median ci_low ci_high blocks",
                "40.000 17.000 16.000 18.000 3"), Files.readAllLines(dir.resolve("headline-plot-nio-admission.dat")));
        assertTrue(Files.readString(dir.resolve("headline.md")).contains("```\nbench/run steady\n```"));
    }

    @Test
    void testTheCommandWritesEverythingAndGnuplotDrawsIt(@TempDir Path dir) throws IOException {
        Path csv = dir.resolve("steady.csv");
        List<String> lines = new ArrayList<>(List.of(SteadyRowsTest.HEADER));
        campaign().forEach(r -> lines.add(String.join(",", Integer.toString(r.block()), Double.toString(r.load()),
                r.variant(), r.commit(), Double.toString(r.completedPerSecond()),
                Double.toString(r.serverAbandonedPerSecond()), Double.toString(r.quickP99Millis()),
                Boolean.toString(r.clientLimited()))));
        Files.write(csv, lines);
        Path out = dir.resolve("report");
        assertEquals(0, headline("--out", out.toString(), "--saturation", "20", "--command", "bench/run steady",
                "--resamples", "200", csv.toString()));
        assertTrue(Files.readString(out.resolve("headline.md")).startsWith("# " + HeadlineCommand.DEFAULT_TITLE));
        assumeTrue(Arrays.stream(System.getenv("PATH").split(File.pathSeparator))
                .anyMatch(d -> Files.isExecutable(Path.of(d, "gnuplot"))), "no gnuplot on the PATH");
        assertTrue(Files.size(out.resolve("headline.png")) > 0);
    }

    @Test
    void testTheCommandNeedsItsOptions() {
        assertEquals(2, headline("--out", "x", "--command", "c", "steady.csv"), "no saturation");
        assertEquals(2, headline("--out", "x", "--saturation", "-1", "--command", "c", "steady.csv"));
        assertEquals(2, headline("--out", "x", "--saturation", "20", "--command", "c"), "no CSV file");
    }

    private static int headline(String... args) {
        return Commands.exitStatus("headline", args);
    }
}
