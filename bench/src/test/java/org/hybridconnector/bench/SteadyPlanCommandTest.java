package org.hybridconnector.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.hybridconnector.bench.surge.StaticWorkload;
import org.hybridconnector.bench.surge.SurgeModel;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code steady-plan} for the static leg: Surge-like sessions over the file set on disk, marked for the
 * access log like RUBiS's, and a rate past one process's slice offered by processes side by side.
 */
class SteadyPlanCommandTest {

    private static final Pattern REQUEST = Pattern.compile("^\\s*/surge/([0-9]+)\\.txt\\?hs=(m[0-9]+\\.[0-9]+)");

    @TempDir
    Path dir;

    private Path surge;

    @BeforeEach
    void writeASmallFileSet() throws IOException {
        surge = dir.resolve("surge");
        new StaticWorkload(SurgeModel.defaults(), 20, 1).writeFiles(surge);
    }

    @Test
    void testStaticSessionsVisitTheFileSetAndCarryTheirSessionsMarker() throws IOException {
        StringWriter out = new StringWriter();
        assertEquals(0, run(out, new StringWriter(), "--mix", "static", "--surge-files", surge.toString()));
        List<String> slices = out.toString().lines().toList();
        // 400/s over 10 s: two 5 s slots of three lanes at 133.3/s, 667 sessions each.
        assertEquals(6, slices.size(), out.toString());
        for (String slice : slices) {
            String[] words = slice.split(" ");
            assertTrue(words[0].equals("0") || words[0].equals("5"), slice);
            assertEquals(400.0 / 3, Double.parseDouble(words[1]), 1e-9, slice);
            assertEquals("667", words[2], slice);
        }
        String file = Files.readString(Path.of(slices.get(2).split(" ")[3]));
        assertTrue(file.startsWith("# Surge-like static sessions, seed 1, file 3 of 6: 667 sessions"), file);
        int requests = 0;
        for (String line : file.lines().filter(l -> !l.isBlank() && !l.startsWith("#")).toList()) {
            Matcher request = REQUEST.matcher(line);
            assertTrue(request.find(), line);
            assertTrue(Integer.parseInt(request.group(1)) < 20, line);
            assertTrue(request.group(2).startsWith("m3."), line);
            requests++;
        }
        assertTrue(requests >= 667, "each session asks for one file at least: " + requests);
    }

    @Test
    void testEachMixAsksForItsOwnDataAndRefusesTheOthers() {
        StringWriter err = new StringWriter();
        assertEquals(2, run(new StringWriter(), err, "--mix", "static"));
        assertTrue(err.toString().contains("--mix static needs --surge-files"), err.toString());
        err = new StringWriter();
        assertEquals(2, run(new StringWriter(), err, "--mix", "bidding", "--surge-files", surge.toString()));
        assertTrue(err.toString().contains("--surge-files is for --mix static"), err.toString());
        err = new StringWriter();
        assertEquals(2, run(new StringWriter(), err, "--mix", "static", "--surge-files", dir.toString()));
        assertTrue(err.toString().contains("does not hold 0.txt"), err.toString());
    }

    private int run(StringWriter out, StringWriter err, String... sessions) {
        CommandLine line = Main.commandLine();
        line.setOut(new PrintWriter(out));
        line.setErr(new PrintWriter(err));
        List<String> args = new ArrayList<>(List.of("steady-plan", "--load", "400", "--ramp-up", "0",
                "--warm-up", "0", "--interval", "10", "--tail", "0", "--out", dir.resolve("files").toString()));
        args.addAll(List.of(sessions));
        return line.execute(args.toArray(String[]::new));
    }
}
