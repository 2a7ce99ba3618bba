package org.hybridconnector.bench.steady;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import org.hybridconnector.bench.probe.ProbeResult;
import org.junit.jupiter.api.Test;

/** The CSV row of the recorded step of {@link SliceRunTest}. */
class SteadyStepTest {

    @Test
    void testTheRowCountsTheIntervalAndItsCohort() throws IOException {
        List<SliceRun> slices;
        try (InputStream in = SteadyStepTest.class.getResourceAsStream("/steady/step-hybrid-10.txt")) {
            slices = SliceRun.parseAll(new String(in.readAllBytes(), StandardCharsets.ISO_8859_1));
        }
        AccessLogSessions.Count server = new AccessLogSessions.Count(284, 3, 0, 107, 0);
        SteadyStep step = SteadyStep.of(2, 10, "hybrid", "53bbed07f098", slices, 1795613147000L, 1795613177000L,
                server, ProbeResult.NONE, ProbeResult.NONE, new SteadyStep.Cpu(126.4, 98.0, 28.4, 61.0, 30.5));
        assertEquals(30.0, step.intervalSeconds(), 1e-9);
        assertEquals(283 / 30.0, step.completedPerSecond(), 1e-9);
        // The cohort is the slice that started inside the interval: 300 offered, all completed.
        assertEquals(new SteadyStep.Cohort(300, 300, 0, 0, 0), step.cohort());
        assertFalse(step.clientLimited());
        String[] header = SteadyStep.HEADER.split(",");
        String[] row = step.toCsv().split(",");
        assertEquals(header.length, row.length);
        assertEquals("9.433", row[List.of(header).indexOf("completed_per_s")]);
        assertEquals("0.100", row[List.of(header).indexOf("server_abandoned_per_s")]);
        assertEquals("107", row[List.of(header).indexOf("server_in_progress_at_end")]);
        assertEquals("NaN", row[List.of(header).indexOf("quick_mid_visit_p99_ms")]);
        assertEquals("28.400", row[List.of(header).indexOf("cpu1_percent")]);
        assertEquals("61.000", row[List.of(header).indexOf("tomcat_cpu_percent")]);
        assertEquals("30.500", row[List.of(header).indexOf("database_cpu_percent")]);
    }
}
