package org.hybridconnector.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.hybridconnector.bench.rubis.SiteData;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import picocli.CommandLine;

/** The set-up a report states, written from a run's own command line (H2: no database server needed). */
class SetupNotesCommandTest {

    @TempDir
    Path dir;

    private Path siteData;

    @BeforeEach
    void writeSiteData() throws IOException {
        siteData = dir.resolve("site.tsv");
        new SiteData(10, List.of(new SiteData.Named(1, "Books")), List.of(new SiteData.Named(1, "Paris")),
                List.of(new SiteData.Item(1, 1, 1, 1, 1, false, 9.5, 1), new SiteData.Item(2, 1, 1, 1, 1, true, 3, 2)))
                .write(siteData);
    }

    @Test
    void testASteadyRunStatesItsStepsPoolAndBuild() throws IOException {
        String notes = notes("--steady", "--db", "h2", "--interval", "360", "--commit", "1ee77d3", "--resume",
                "--site-data", siteData.toString());
        assertTrue(notes.startsWith("Machine: "), notes);
        assertTrue(notes.contains("Connector and rubis.war built from commit abc123def456; Tomcat 11.0.24 pinned to CPU 0"),
                notes);
        assertTrue(notes.contains("RUBiS pool (DBCP): maxTotal 50, maxWaitMillis 10000 "), notes);
        assertTrue(notes.contains("Database: h2, RUBiS scale 0.1 (2 open auctions), reloaded before every step."), notes);
        assertTrue(notes.contains("Sessions: RUBiS bidding mix, seed 1, TPC-W think times x0.1, at most 20 pages"), notes);
        assertTrue(notes.contains("Every step: a fresh Tomcat, 60 s at half the load, 120 s at the load, a measured"
                + " interval of 360 s,\nthen 30 s more at the load;"), notes);
        assertFalse(notes.contains("MariaDB"), "no MariaDB on H2: " + notes);
        assertTrue(notes.contains("Every connector: connectionTimeout 20000, acceptCount 1000, Tomcat's other"
                + " defaults."), notes);
        assertTrue(notes("--steady", "--db", "h2", "--keep-alive-ms", "75000", "--site-data", siteData.toString())
                .contains("acceptCount 1000, keepAliveTimeout 75000, Tomcat's other defaults."));
    }

    @Test
    void testASteppedRunStatesHowItCountsAndItsUpRampAndSustainedLoad() throws IOException {
        String notes = notes("--quick", "--ramp-up", "30", "--sustain", "--seed", "7", "--mix", "browsing",
                "--site-data", siteData.toString());
        assertTrue(notes.contains("Database: h2, RUBiS scale 0.01 (2 open auctions), the same data for every variant."),
                notes);
        assertTrue(notes.contains("Sessions: RUBiS browsing mix, seed 7,"), notes);
        assertTrue(notes.contains("Completed sessions/s = sessions completed within the step's bound"), notes);
        assertTrue(notes.contains("a 30 s up-ramp of sessions at half the first load (seed\n2007, uncounted"), notes);
        assertTrue(notes.contains("session files of\nseed 1007, until the counted ones were done"), notes);
    }

    @Test
    void testTheStaticWorkloadStatesItsFileSetsSize() throws IOException {
        Path surge = Files.createDirectories(dir.resolve("surge"));
        Files.write(surge.resolve("0.txt"), new byte[512 * 1024]);
        Files.write(surge.resolve("1.txt"), new byte[1024 * 1024]);
        String notes = notes("--workload", "static", "--surge-files", surge.toString());
        assertTrue(notes.contains("Workload: Surge-like static sessions (1,000 files, 1.5 MiB) from Tomcat's default"
                + " servlet, seed 1, OFF times x0.1."), notes);
        String steady = notes("--steady", "--workload", "static", "--think-scale", "1", "--surge-files",
                surge.toString());
        assertTrue(steady.contains("Connector built from commit abc123def456; Tomcat 11.0.24 pinned to CPU 0;"),
                steady);
        assertTrue(steady.contains("static sessions (1,000 files, 1.5 MiB) from Tomcat's default servlet, seed 1, OFF"
                + " times x1."), steady);
        assertFalse(steady.contains("RUBiS") || steady.contains("Database"), "no RUBiS, no database: " + steady);
    }

    @Test
    void testRubisNotesNeedTheSiteData() {
        StringWriter err = new StringWriter();
        CommandLine line = Main.commandLine();
        line.setErr(new PrintWriter(err));
        assertEquals(2, line.execute("setup-notes", "--steady", "--db", "h2", "--tomcat-version", "11.0.24",
                "--built-commit", "abc", "--notes-out", dir.resolve("n.md").toString()));
        assertTrue(err.toString().contains("--site-data"), err::toString);
    }

    private String notes(String... args) throws IOException {
        Path out = dir.resolve("notes.md");
        List<String> call = new ArrayList<>(List.of("setup-notes", "--tomcat-version", "11.0.24", "--built-commit",
                "abc123def456", "--notes-out", out.toString()));
        call.addAll(List.of(args));
        StringWriter err = new StringWriter();
        CommandLine line = Main.commandLine();
        line.setErr(new PrintWriter(err));
        assertEquals(0, line.execute(call.toArray(String[]::new)), err::toString);
        return Files.readString(out);
    }
}
