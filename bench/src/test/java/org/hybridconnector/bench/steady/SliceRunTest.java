package org.hybridconnector.bench.steady;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * A recorded steady step (src/test/resources/steady/step-hybrid-10.txt): Debian's httperf 0.9.0
 * with --verbose, four slices (up-ramp, warm-up, interval, tail) offering RUBiS bidding sessions at
 * 10/s to the hybrid connector, the step starting at 1795613127000 and measuring from
 * {@link #FROM} to {@link #TO}.
 */
class SliceRunTest {

    private static final long FROM = 1795613147000L;
    private static final long TO = 1795613177000L;

    private static List<SliceRun> recorded() throws IOException {
        try (InputStream in = SliceRunTest.class.getResourceAsStream("/steady/step-hybrid-10.txt")) {
            return SliceRun.parseAll(new String(in.readAllBytes(), StandardCharsets.ISO_8859_1));
        }
    }

    @Test
    void testEverySliceIsReadWithItsStartAndSamples() throws IOException {
        List<SliceRun> slices = recorded();
        assertEquals(List.of("steady-bidding-r-10-50-1", "steady-bidding-w-10-100-1", "steady-bidding-m-10-300-1",
                "steady-bidding-t-10-250-1"), slices.stream().map(SliceRun::name).toList());
        SliceRun interval = slices.get(2);
        assertEquals(1795613147008L, interval.startMillis());
        assertEquals(300, interval.sessions());
        assertEquals(List.of(2, 9, 34, 55, 47, 46, 52, 39, 13), interval.samples().completedSessions());
        assertEquals(300, interval.result().sessionsCompleted());
        // The tail's process was stopped with sessions still running: 163 ended of 250.
        assertEquals(163, slices.get(3).result().sessionsTotal());
    }

    @Test
    void testOverAllTimeASliceCountsEveryCompletionItsReportHas() throws IOException {
        for (SliceRun slice : recorded()) {
            assertEquals(slice.result().sessionsCompleted(), slice.completedBetween(Long.MIN_VALUE, Long.MAX_VALUE),
                    slice.name());
            assertEquals(slice.result().replies(), slice.repliesBetween(Long.MIN_VALUE, Long.MAX_VALUE), slice.name());
            assertEquals(0, slice.completedBetween(Long.MIN_VALUE, slice.startMillis()), slice.name());
        }
    }

    @Test
    void testCompletionsFallInTheIntervalByTheMiddleOfTheirBin() throws IOException {
        List<SliceRun> slices = recorded();
        // Up-ramp: its four bins end before the interval; the 4 sessions after its last sample
        // (20.0 to 23.2 s after its start) fall inside it.
        assertEquals(4, slices.get(0).completedBetween(FROM, TO));
        // Warm-up: bins 3 to 5 (30 + 34 + 18) and the 4 after its last sample.
        assertEquals(86, slices.get(1).completedBetween(FROM, TO));
        // Interval: its first six bins (2 + 9 + 34 + 55 + 47 + 46); the rest ended after it.
        assertEquals(193, slices.get(2).completedBetween(FROM, TO));
        assertEquals(0, slices.get(3).completedBetween(FROM, TO));
    }

    @Test
    void testAFileWithoutSlicesIsNotAStep() {
        assertThrows(IllegalArgumentException.class, () -> SliceRun.parseAll("Total: connections 1\n"));
        assertThrows(IllegalArgumentException.class, () -> SliceRun.parseAll("### slice x start_ms=oops sessions=1\n"));
    }
}
