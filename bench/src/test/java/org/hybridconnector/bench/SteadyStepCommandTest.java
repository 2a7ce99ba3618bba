package org.hybridconnector.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code steady-step} as steady.sh calls it, on the recorded step of {@code SliceRunTest}: the
 * machine's CPU, each CPU's and each server process's over the interval come from the two tick readings the
 * script took at its ends.
 */
class SteadyStepCommandTest {

    private static final String FROM = "1795613147000";
    private static final String TO = "1795613177000";

    @TempDir
    Path dir;

    @Test
    void testTheIntervalsCpuIsItsTicksOverItsSeconds() throws IOException {
        // 4500 ticks at 100 a second over the 30 s interval: one and a half cores, the server's full.
        List<String> csv = run("machine_ticks 1000\ncpu0_ticks 400\ncpu1_ticks 600\n",
                "machine_ticks 5500\ncpu0_ticks 3400\ncpu1_ticks 2100\n");
        assertEquals("150.000", cell(csv, "machine_cpu_percent"));
        assertEquals("100.000", cell(csv, "cpu0_percent"));
        assertEquals("50.000", cell(csv, "cpu1_percent"));
    }

    @Test
    void testEachServerProcessHasItsOwnCpuOverTheInterval() throws IOException {
        // Of CPU 0's full core over 30 s, Tomcat's JVM took 1800 ticks and the database 900: the rest was neither.
        List<String> csv = run("cpu0_ticks 400\ntomcat_ticks 5000\ndatabase_ticks 70000\n",
                "cpu0_ticks 3400\ntomcat_ticks 6800\ndatabase_ticks 70900\n");
        assertEquals("100.000", cell(csv, "cpu0_percent"));
        assertEquals("60.000", cell(csv, "tomcat_cpu_percent"));
        assertEquals("30.000", cell(csv, "database_cpu_percent"));
    }

    @Test
    void testNoDatabaseProcessLeavesItsCpuUnknown() throws IOException {
        // On H2 the database runs inside Tomcat: the script writes no database_ticks.
        List<String> csv = run("tomcat_ticks 5000\n", "tomcat_ticks 5300\n");
        assertEquals("10.000", cell(csv, "tomcat_cpu_percent"));
        assertEquals("NaN", cell(csv, "database_cpu_percent"));
    }

    @Test
    void testAMissingReadingLeavesTheCpuUnknownAndTheRowRecorded() throws IOException {
        List<String> csv = run("machine_ticks 1000\n", null);
        assertEquals("NaN", cell(csv, "machine_cpu_percent"));
        assertEquals("NaN", cell(csv, "cpu1_percent"));
    }

    @Test
    void testAReadingOfTheWholeMachineOnlyLeavesEachCpuUnknown() throws IOException {
        List<String> csv = run("machine_ticks 1000\n", "machine_ticks 4000\n");
        assertEquals("100.000", cell(csv, "machine_cpu_percent"));
        assertEquals("NaN", cell(csv, "cpu0_percent"));
    }

    /** Runs the command on the recorded step with these tick readings at the interval's ends (null: no file). */
    private List<String> run(String startReading, String endReading) throws IOException {
        if (startReading != null) {
            Files.writeString(dir.resolve("start.txt"), startReading);
        }
        if (endReading != null) {
            Files.writeString(dir.resolve("end.txt"), endReading);
        }
        Path slices = dir.resolve("slices.txt");
        try (InputStream in = SteadyStepCommandTest.class.getResourceAsStream("/steady/step-hybrid-10.txt")) {
            Files.write(slices, in.readAllBytes());
        }
        Files.writeString(dir.resolve("access.log"), "");
        Files.writeString(dir.resolve("a.wsesslog"), "");
        Path csv = dir.resolve("steady.csv");
        int status = Main.commandLine().execute("steady-step", "--csv", csv.toString(), "--block", "1", "--load",
                "10", "--variant", "hybrid", "--commit", "53bbed07f098", "--from", FROM, "--to", TO, "--slices",
                slices.toString(), "--access-log", dir.resolve("access.log").toString(), "--interval-start",
                dir.resolve("start.txt").toString(), "--interval-end", dir.resolve("end.txt").toString(),
                "--clock-ticks", "100", dir.resolve("a.wsesslog").toString());
        assertEquals(0, status);
        return Files.readAllLines(csv);
    }

    private static String cell(List<String> csv, String column) {
        List<String> header = List.of(csv.get(0).split(","));
        return csv.get(1).split(",")[header.indexOf(column)];
    }
}
