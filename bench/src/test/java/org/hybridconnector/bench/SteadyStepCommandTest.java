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
 * machine's CPU over the interval comes from the two tick readings the script took at its ends.
 */
class SteadyStepCommandTest {

    private static final String FROM = "1795613147000";
    private static final String TO = "1795613177000";

    @TempDir
    Path dir;

    @Test
    void testTheIntervalsCpuIsItsTicksOverItsSeconds() throws IOException {
        Files.writeString(dir.resolve("start.txt"), "machine_ticks 1000\n");
        Files.writeString(dir.resolve("end.txt"), "machine_ticks 5500\n");
        // 4500 ticks at 100 a second over the 30 s interval: one and a half cores.
        assertEquals("150.000", machineCpu(run("start.txt", "end.txt")));
    }

    @Test
    void testAMissingReadingLeavesTheCpuUnknownAndTheRowRecorded() throws IOException {
        Files.writeString(dir.resolve("start.txt"), "machine_ticks 1000\n");
        assertEquals("NaN", machineCpu(run("start.txt", "end.txt")));
    }

    private List<String> run(String start, String end) throws IOException {
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
                dir.resolve(start).toString(), "--interval-end", dir.resolve(end).toString(), "--clock-ticks", "100",
                dir.resolve("a.wsesslog").toString());
        assertEquals(0, status);
        return Files.readAllLines(csv);
    }

    private static String machineCpu(List<String> csv) {
        List<String> header = List.of(csv.get(0).split(","));
        return csv.get(1).split(",")[header.indexOf("machine_cpu_percent")];
    }
}
