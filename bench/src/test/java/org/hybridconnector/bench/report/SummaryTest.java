package org.hybridconnector.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.hybridconnector.bench.httperf.HttperfOutputParser;
import org.hybridconnector.bench.httperf.HttperfResult;
import org.hybridconnector.bench.probe.ProbeResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SummaryTest {

    @Test
    void testCombiningProcessesSumsCountsAndWeightsMeans() throws IOException {
        HttperfResult hybrid = parse("rubis-bidding-hybrid.txt");
        HttperfResult blocking = parse("rubis-bidding-blocking-10threads.txt");
        StepRecord step = StepRecord.combine("bidding", "x", "17", 8, 1, 15, 120, List.of(hybrid, blocking), 7, 150, 250,
                ProbeResult.of(new double[] { 12, 15, 900 }, 0, 0, 1), new WindowCounters(4200, 180.5, 9450, 630000));
        assertEquals(58 + 25, step.completed());
        assertEquals(1 + 34, step.failed());
        assertEquals(120 - 118, step.unfinished());
        assertEquals(5631 + 3235, step.replies());
        assertEquals((27.8 * 5631 + 26.7 * 3235) / (5631 + 3235), step.responseMillis(), 1e-9);
        assertEquals((19.1 * 58 + 17.6 * 25) / 83, step.lifetimeSeconds(), 1e-9);
        assertEquals(85 + 2128 - 120, step.reconnects());
        assertEquals(83 / 15.0, step.completedPerSecond(), 1e-9);
        assertEquals(2, step.processes());
        assertEquals(1, step.turnedAway(), "the hybrid run's one 5xx");
        assertEquals(1 + 34, step.abandoned(), "every failed session had replies, and none of them was turned away at once");
        assertEquals(250 - 150 - step.clientCpuPercent(), step.otherCpuPercent(), 1e-9);
        assertEquals(900, step.quickPages().p99Millis(), 1e-9);
        assertEquals(4200 / 15.0, step.servedRateInWindow(), 1e-9);
        assertEquals(150, step.inWindow().rowsReadPerRequest(), 1e-9);
        assertEquals(2.25, step.inWindow().statementsPerRequest(), 1e-9);
        assertEquals(step.toCsv(), StepRecord.fromCsv(step.toCsv()).toCsv());
    }

    @Test
    void testStepsOfRunsMadeBeforeTheWindowCountersStayReadable(@TempDir Path dir) throws IOException {
        StepRecord step = step("nio", 10, 1, 9.0, 450.0, 0, 80.0);
        String oldLine = withoutLastCells(step.toCsv(), 4);
        Path csv = dir.resolve("steps.csv");
        Files.writeString(csv, StepRecord.HEADER_WITHOUT_WINDOW + "\n" + oldLine + "\n");
        StepRecord read = Summary.readCsv(csv).get(0);
        assertEquals(WindowCounters.UNKNOWN, read.inWindow());
        assertTrue(Double.isNaN(read.servedRateInWindow()));
        assertEquals(step.replies(), read.replies());
        new Summary(List.of(read)).write(dir, "Old run", "cmd", "");
        String md = Files.readString(dir.resolve("summary.md"));
        assertFalse(md.contains("while sessions were offered"), "no window table for a run that did not read it\n" + md);
    }

    @Test
    void testStepsOfRunsMadeBeforeTheDatabaseCountersKeepTheirWindow(@TempDir Path dir) throws IOException {
        StepRecord step = withCells(step("nio", 10, 1, 9.0, 450.0, 0, 80.0), "window_requests", "4000",
                "window_machine_cpu_pct", "199.0");
        Path csv = dir.resolve("steps.csv");
        Files.writeString(csv, StepRecord.HEADER_WITHOUT_DATABASE + "\n" + withoutLastCells(step.toCsv(), 2) + "\n");
        StepRecord read = Summary.readCsv(csv).get(0);
        assertEquals(new WindowCounters(4000, 199.0, -1, -1), read.inWindow());
        assertTrue(Double.isNaN(read.inWindow().rowsReadPerRequest()));
        new Summary(List.of(read)).write(dir, "Run before the database counters", "cmd", "");
        String md = Files.readString(dir.resolve("summary.md"));
        assertTrue(md.contains("## Requests served per second while sessions were offered"), md);
        assertFalse(md.contains("Database rows read"), "no database table for a run that did not read it\n" + md);
    }

    @Test
    void testDatabaseWorkPerRequestIsTabledWhenRead(@TempDir Path dir) throws IOException {
        // Equal database work, half as many requests: twice the rows read per request.
        StepRecord whole = withCells(step("hybrid", 20, 1, 9.0, 450.0, 0, 80.0), "window_requests", "4000",
                "window_db_statements", "12000", "window_db_rows_read", "800000");
        StepRecord firstPages = withCells(step("nio", 20, 1, 6.0, 600.0, 0, 900.0), "window_requests", "8000",
                "window_db_statements", "16000", "window_db_rows_read", "800000");
        new Summary(List.of(whole, firstPages)).write(dir, "Test run", "cmd", "");
        String md = Files.readString(dir.resolve("summary.md"));
        assertTrue(md.contains("| 20.0 | 80000 | 80000 | 1.00 |"), "rows read per second, and the ratio\n" + md);
        assertTrue(md.contains("| 20.0 | 200.0 | 100.0 |"), "rows read per request\n" + md);
        assertTrue(md.contains("| 20.0 | 3.00 | 2.00 |"), "statements per request\n" + md);
    }

    @Test
    void testSummaryHasMediansRatiosSaturationAndPlots(@TempDir Path dir) throws IOException {
        List<StepRecord> records = new ArrayList<>();
        // Both carry 10/s; past it the hybrid keeps completing sessions and blocking collapses.
        double[][] hybrid = { { 10, 9.8, 9.9, 10.0 }, { 20, 11, 12, 10 }, { 30, 10, 11, 9 } };
        double[][] blocking = { { 10, 9.5, 9.6, 9.7 }, { 20, 2, 3, 1 }, { 30, 1, 1.5, 0.5 } };
        add(records, "hybrid", hybrid);
        add(records, "blocking", blocking);
        Summary summary = new Summary(records);
        assertEquals(10, summary.saturationLoad(), 1e-9, "the highest load carried: at 20/s the best completes 11 < 18");
        assertEquals(20, summary.loadAt(10, 2), 1e-9);
        assertEquals(30, summary.loadAt(10, 3), 1e-9);
        assertTrue(Double.isNaN(summary.loadAt(10, 4)), "40/s was not tested");
        assertEquals(9.9, summary.spread("hybrid", 10, StepRecord::completedPerSecond).median(), 1e-9);
        summary.write(dir, "Test run", "bench/run sessions --quick", "Notes here.");
        String md = Files.readString(dir.resolve("summary.md"));
        assertTrue(md.contains("bench/run sessions --quick"), md);
        assertTrue(md.contains("| 20.0 | 11.00 (10.00–12.00) | 2.00 (1.00–3.00) | 5.50 |"), md);
        assertTrue(md.contains("**10.0 new sessions/s**"), md);
        assertTrue(md.contains("## Quick pages: 99th percentile response time (ms)"), md);
        assertTrue(md.contains("| 20.0 | 2002 (2001–2003) | 2002 (2001–2003) |"), md);
        assertTrue(md.contains("At 20.0 new sessions/s (2.0x saturation) the hybrid completed 11.00 sessions/s: "
                + "blocking 2.00 (hybrid/blocking 5.50)"), md);
        assertTrue(md.contains("At 30.0 new sessions/s (3.0x saturation) the hybrid completed 10.00 sessions/s: "
                + "blocking 1.00 (hybrid/blocking 10.00)"), md);
        assertTrue(md.contains("completed more sessions per second than every other variant"), md);
        assertFalse(md.contains("Overload policy targets"), "no policy variant ran: " + md);
        assertTrue(Files.readString(dir.resolve("plot-blocking.dat")).contains("20.000 2.000"));
        String gp = Files.readString(dir.resolve("plots.gp"));
        assertTrue(gp.contains("'plot-hybrid.dat' using 1:2") && gp.contains("sessions.png"), gp);
        assertEquals(records, Summary.readCsv(writeCsv(dir, records)));
    }

    @Test
    void testStepsWhereHttperfRanOutOfDescriptorsAreNamedAndTheirFindingsMarked(@TempDir Path dir) throws IOException {
        List<StepRecord> records = new ArrayList<>();
        add(records, "hybrid", new double[][] { { 10, 8.5, 8.8, 8.6 }, { 20, 11, 12, 10 } });
        add(records, "blocking", new double[][] { { 10, 6.0, 7.0, 5.0 }, { 20, 2, 3, 1 } });
        int blocking20Run2 = records.size() - 2;
        records.set(blocking20Run2, withCells(records.get(blocking20Run2), "client_limited", "229"));
        new Summary(records).write(dir, "Test run", "bench/run sessions --quick", "");
        String md = Files.readString(dir.resolve("summary.md"));
        assertTrue(md.contains("which are not valid (the count in brackets): blocking at 20.0 run 2 (229)."), md);
        assertTrue(md.contains("blocking 2.00 (hybrid/blocking 5.50; not valid: httperf ran out of descriptors)"), md);
        assertTrue(md.contains("blocking 6.00 (hybrid/blocking 1.43)."), "the valid load stays unmarked: " + md);
    }

    @Test
    void testSaturationIsAtOrBelowTheLowestLoadWhenNoneWasCarried(@TempDir Path dir) throws IOException {
        List<StepRecord> records = new ArrayList<>();
        add(records, "hybrid", new double[][] { { 10, 8.5, 8.8, 8.6 }, { 20, 6, 7, 5 } });
        Summary summary = new Summary(records);
        assertEquals(10, summary.saturationLoad(), 1e-9);
        assertTrue(summary.saturatedAtLowestLoad());
        summary.write(dir, "Test run", "cmd", "");
        assertTrue(Files.readString(dir.resolve("summary.md")).contains("**at or below 10.0 new sessions/s**"));
    }

    @Test
    void testNoSaturationWhenEveryLoadWasCarried() {
        List<StepRecord> records = new ArrayList<>();
        add(records, "hybrid", new double[][] { { 10, 10, 10, 10 }, { 20, 19, 19.5, 20 } });
        Summary summary = new Summary(records);
        assertTrue(Double.isNaN(summary.saturationLoad()));
        assertFalse(summary.saturatedAtLowestLoad());
    }

    @Test
    void testGivenSaturationLetsARunOfOverloadOnlyCompareAtItsMultiples(@TempDir Path dir) throws IOException {
        List<StepRecord> records = new ArrayList<>();
        for (int repeat = 1; repeat <= 3; repeat++) {
            records.add(step("hybrid-all", 20, repeat, 13.0, 600.0, 0, 100.0));
            records.add(step("nio", 20, repeat, 6.0, 600.0, 50, 2000.0));
            records.add(step("hybrid-all", 30, repeat, 12.0, 580.0, 0, 150.0));
            records.add(step("nio", 30, repeat, 4.0, 590.0, 80, 3000.0));
        }
        assertEquals(20, new Summary(records).saturationLoad(), 1e-9,
                "on its own the run sees only that even its lowest load was past saturation");
        Summary summary = new Summary(records, 10);
        assertEquals(10, summary.saturationLoad(), 1e-9);
        assertFalse(summary.saturatedAtLowestLoad());
        assertEquals(30, summary.loadAt(summary.saturationLoad(), 3), 1e-9);
        summary.write(dir, "Test run", "cmd", "");
        String md = Files.readString(dir.resolve("summary.md"));
        assertTrue(md.contains("**10.0 new sessions/s**, as measured by an earlier run"), md);
        assertTrue(md.contains("| hybrid-all | 20.0 (2x) | 13.00 | 2.17 ✓ (nio) |"), md);
        assertTrue(md.contains("| hybrid-all | 30.0 (3x) | 12.00 | 3.00 ✓ (nio) |"), md);
    }

    @Test
    void testARunCutShortReportsOnlyTheCellsItMeasured(@TempDir Path dir) throws IOException {
        List<StepRecord> records = new ArrayList<>();
        add(records, "hybrid", new double[][] { { 10, 10, 10, 10 }, { 20, 12, 12, 12 }, { 30, 11, 11, 11 } });
        add(records, "hybrid-sessions", new double[][] { { 10, 10, 10, 10 }, { 20, 13, 13, 13 } });
        Summary summary = new Summary(records);
        assertFalse(summary.measured("hybrid-sessions", 30));
        summary.write(dir, "Test run", "cmd", "");
        String md = Files.readString(dir.resolve("summary.md"));
        assertFalse(md.contains("NaN"), md);
        assertFalse(md.contains("- At 30.0 new sessions/s"), "no other variant to compare with there\n" + md);
        assertTrue(md.contains("| hybrid-sessions | 20.0 (2x) | 13.00 |"), md);
        assertFalse(md.contains("| hybrid-sessions | 30.0 (3x)"), md);
        assertTrue(md.contains("about as many sessions per second as the best other variant"),
                "the verdict rests on 2x, the highest load with a comparison: 12 against 13\n" + md);
    }

    @Test
    void testPolicyTargetsAreCheckedAtTwiceAndThriceSaturation(@TempDir Path dir) throws IOException {
        List<StepRecord> records = new ArrayList<>();
        // variant, load, completed/s, replies/s, abandoned sessions, quick p99 ms, requests served/s in the
        // window (the same for each run)
        Object[][] rows = {
                { "hybrid-sessions-503", 10, 10.0, 500.0, 0, 50.0, 480.0 },
                { "hybrid-sessions-503", 20, 13.0, 600.0, 0, 100.0, 590.0 },
                { "hybrid-sessions-503", 30, 12.0, 560.0, 24, 300.0, 500.0 },
                { "nio", 10, 10.0, 500.0, 0, 60.0, 480.0 },
                { "nio", 20, 8.0, 620.0, 120, 2000.0, 600.0 },
                { "nio", 30, 5.0, 600.0, 240, 2000.0, 600.0 },
                { "nio2", 10, 10.0, 500.0, 0, 60.0, 480.0 },
                { "nio2", 20, 9.5, 610.0, 60, 1500.0, 580.0 },
                { "nio2", 30, 9.5, 590.0, 60, 1500.0, 570.0 },
                { "nio-admission", 10, 10.0, 500.0, 0, 60.0, 480.0 },
                { "nio-admission", 20, 12.0, 580.0, 0, 900.0, 560.0 },
                { "nio-admission", 30, 11.5, 570.0, 0, 900.0, 550.0 } };
        for (Object[] row : rows) {
            for (int repeat = 1; repeat <= 3; repeat++) {
                records.add(withCells(step((String) row[0], (Integer) row[1], repeat, (Double) row[2], (Double) row[3],
                        (Integer) row[4], (Double) row[5]), "window_requests", Long.toString(Math.round((Double) row[6] * 10)),
                        "window_machine_cpu_pct", "199.000"));
            }
        }
        Summary summary = new Summary(records);
        assertEquals(10, summary.saturationLoad(), 1e-9);
        summary.write(dir, "Test run", "cmd", "");
        String md = Files.readString(dir.resolve("summary.md"));
        assertTrue(md.contains("## Overload policy targets"), md);
        // 13 / 9.5 = 1.37 over nio2; 13 / 12 = 1.08 over nio-admission; 600 / 620 = 0.97 of nio's replies;
        // 590 / 600 = 0.98 of nio's requests served in the window; nio's p99 2000 / 100 = 20x lower.
        assertTrue(md.contains("| hybrid-sessions-503 | 20.0 (2x) | 13.00 | 1.37 ✓ (nio2) | 1.08 ✗ | 0.00 (0.00) ✓ "
                + "| 0.97 ✓ | 0.98 ✓ | 20.00 ✓ |"), md);
        // 12 / 9.5 = 1.26; 12 / 11.5 = 1.04; 24 sessions over 10 s abandoned; 560 / 600 = 0.93; 500 / 600 = 0.83;
        // 2000 / 300 = 6.7x.
        assertTrue(md.contains("| hybrid-sessions-503 | 30.0 (3x) | 12.00 | 1.26 ✗ (nio2) | 1.04 ✗ | 2.40 (2.40) ✗ "
                + "| 0.93 ✗ | 0.83 ✗ | 6.67 ✗ |"), md);
        assertTrue(md.contains("## Requests served per second while sessions were offered"), md);
    }

    private static StepRecord step(String variant, double load, int repeat, double completedPerSecond,
            double repliesPerSecond, long abandoned, double p99) {
        long completed = Math.round(completedPerSecond * 10);
        return new StepRecord("bidding", variant, "17", load, repeat, 10, (long) (load * 10), completed, abandoned, 0,
                Math.round(repliesPerSecond * 10), 12.5, 0.5, 0, 0, 0, 0, 1.0, 0, 30.0, 20.0, -1, 100.0, 90.0, 1, 0,
                200.0, 0, abandoned, ProbeResult.of(new double[] { 10, 20, p99 }, 0, 0, 0), WindowCounters.UNKNOWN);
    }

    /** The record with the cells of {@code steps.csv} named by the column headings changed: heading, value, heading, ... */
    private static StepRecord withCells(StepRecord record, String... headingsAndValues) {
        String[] fields = record.toCsv().split(",", -1);
        List<String> header = List.of(StepRecord.HEADER.split(","));
        for (int i = 0; i < headingsAndValues.length; i += 2) {
            fields[header.indexOf(headingsAndValues[i])] = headingsAndValues[i + 1];
        }
        return StepRecord.fromCsv(String.join(",", fields));
    }

    private static String withoutLastCells(String csvLine, int cells) {
        String line = csvLine;
        for (int i = 0; i < cells; i++) {
            line = line.substring(0, line.lastIndexOf(','));
        }
        return line;
    }

    private static Path writeCsv(Path dir, List<StepRecord> records) throws IOException {
        StringBuilder csv = new StringBuilder(StepRecord.HEADER).append('\n');
        records.forEach(r -> csv.append(r.toCsv()).append('\n'));
        Path file = dir.resolve("steps.csv");
        Files.writeString(file, csv);
        return file;
    }

    private static void add(List<StepRecord> records, String variant, double[][] rows) {
        for (double[] row : rows) {
            for (int repeat = 1; repeat <= 3; repeat++) {
                long completed = Math.round(row[repeat] * 10);
                records.add(new StepRecord("bidding", variant, "17", row[0], repeat, 10, (long) (row[0] * 10),
                        completed, 0, 0, completed * 20, 12.5, 0.5, 0, 0, 0, 0, 1.0, 0, 30.0, 20.0, -1, 100.0, 90.0, 1, 0, 200.0, 0, 0,
                        ProbeResult.of(new double[] { 10, 20, 100 * row[0] + repeat }, 0, 0, 0), WindowCounters.UNKNOWN));
            }
        }
    }

    static HttperfResult parse(String resource) throws IOException {
        try (InputStream in = SummaryTest.class.getResourceAsStream("/httperf/" + resource)) {
            return HttperfOutputParser.parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        }
    }
}
