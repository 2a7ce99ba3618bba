package org.hybridconnector.bench.httperf;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

/**
 * Real outputs of Debian's httperf 0.9.0, captured against a local Tomcat 11 with the hybrid and
 * the blocking connector (src/test/resources/httperf; the session files used are beside them).
 */
class HttperfOutputParserTest {

    @Test
    void testSessionRunWithConnectionResetsAndFailedSessions() throws IOException {
        HttperfResult r = parse("wsesslog-light-blocking.txt");
        assertEquals(387, r.connections());
        assertEquals(946, r.requests());
        assertEquals(626, r.replies());
        assertEquals(6.119, r.durationSeconds(), 1e-9);
        assertEquals(114.4, r.replyRateAvg(), 1e-9);
        assertEquals(1, r.replyRateSamples());
        assertEquals(8.0, r.responseMillis(), 1e-9);
        assertEquals(0.1, r.transferMillis(), 1e-9);
        assertEquals(626, r.status2xx());
        assertEquals(293, r.errorsTotal());
        assertEquals(293, r.connReset());
        assertEquals(0, r.clientTimeouts());
        assertEquals(15.36, r.sessionRateAvg(), 1e-9);
        assertEquals(94, r.sessionsCompleted());
        assertEquals(100, r.sessionsTotal());
        assertEquals(6, r.sessionsFailed());
        assertEquals(3.73, r.connectionsPerSession(), 1e-9);
        assertEquals(0.8, r.sessionLifetimeSeconds(), 1e-9);
        assertEquals(0.8, r.sessionFailtimeSeconds(), 1e-9);
        assertArrayEquals(new long[] { 0, 0, 0, 0, 50, 6, 0, 0, 0, 44 }, r.sessionLengthHistogram());
        assertEquals((4 * 50 + 5 * 6 + 9 * 44) / 100.0, r.meanSessionLength(), 1e-9);
        assertEquals(0.89, r.cpuUserSeconds(), 1e-9);
        assertEquals(2.84, r.cpuSystemSeconds(), 1e-9);
        assertEquals(60.9, r.cpuTotalPercent(), 1e-9);
        assertEquals(1024, r.openFileLimit());
        assertFalse(r.clientLimited());
    }

    @Test
    void testOverloadRunCountsClientTimeouts() throws IOException {
        HttperfResult hybrid = parse("wsesslog-overload-hybrid.txt");
        assertEquals(1488, hybrid.clientTimeouts());
        assertEquals(12, hybrid.sessionsCompleted());
        assertEquals(1500, hybrid.sessionsTotal());
        HttperfResult blocking = parse("wsesslog-overload-blocking.txt");
        assertEquals(1500, blocking.clientTimeouts());
        assertEquals(52, blocking.connReset());
        assertEquals(0, blocking.sessionsCompleted());
        assertEquals(1552, blocking.connections());
        assertEquals(1500 - 1454, blocking.sessionsAbandoned(), "failed after one reply or more (histogram 1454 34 11 1)");
    }

    @Test
    void testSessionsTurnedAwayAtOnceAreNotAbandoned() throws IOException {
        // The session policy with 503s, before sessions kept their connection past the keep-alive
        // limit: 75 sessions failed, 68 of them on their first reply, the 503; seven were cut
        // off in mid-session when their reconnect was taken for a new session.
        HttperfResult result = parse("rubis-bidding-hybrid-sessions-503.txt");
        assertEquals(75, result.status5xx());
        assertEquals(75, result.sessionsFailed());
        assertEquals(68, result.sessionLengthHistogram()[1]);
        assertEquals(7, result.sessionsAbandoned());
    }

    @Test
    void testGeneratedRubisSessionRuns() throws IOException {
        HttperfResult hybrid = parse("rubis-bidding-hybrid.txt");
        assertEquals(58, hybrid.sessionsCompleted());
        assertEquals(59, hybrid.sessionsTotal());
        assertEquals(1, hybrid.clientTimeouts());
        assertEquals(25, hybrid.connReset());
        assertEquals(7, hybrid.status4xx());
        assertEquals(1, hybrid.status5xx());
        assertEquals(1.41, hybrid.connectionsPerSession(), 1e-9);
        assertEquals(19.1, hybrid.sessionLifetimeSeconds(), 1e-9);
        HttperfResult blocking = parse("rubis-bidding-blocking-10threads.txt");
        assertEquals(25, blocking.sessionsCompleted());
        assertEquals(2102, blocking.connReset());
        assertEquals(41.72, blocking.connectionsPerSession(), 1e-9);
    }

    @Test
    void testBinaryGarbageHttperfEchoesDoesNotDisturbTheFigures() throws IOException {
        // httperf printed "invalid status line" with the bytes it got (image data) in this run.
        String text = read("rubis-bidding-hybrid-invalid-status-line.txt");
        assertTrue(text.contains("invalid status line"));
        HttperfResult r = HttperfOutputParser.parse(text);
        assertEquals(378, r.sessionsCompleted());
        assertEquals(24085, r.replies());
        assertEquals(1, r.status5xx());
        assertEquals(1, r.unparsableReplies());
        assertEquals(0, parse("wsesslog-light-hybrid.txt").unparsableReplies());
    }

    @Test
    void testRunWithoutSessionsHasNoSessionFigures() throws IOException {
        HttperfResult r = parse("plain-conns-hybrid.txt");
        assertEquals(300, r.connections());
        assertEquals(300, r.replies());
        assertTrue(Double.isNaN(r.sessionRateAvg()));
        assertTrue(Double.isNaN(r.replyRateAvg()), "0 samples is no reply-rate figure, not a rate of 0");
        assertEquals(0, r.sessionsTotal());
    }

    @Test
    void testInterruptedRunReportsWhatFinished() throws IOException {
        // httperf stopped by SIGINT (the runner's time bound) still prints its report.
        HttperfResult r = parse("wsesslog-interrupted.txt");
        assertEquals(20, r.connections());
        assertEquals(0, r.sessionsTotal());
        assertEquals(3.997, r.durationSeconds(), 1e-9);
    }

    @Test
    void testTruncatedOutputIsAnErrorNamingTheMissingLine() throws IOException {
        String text = read("wsesslog-light-hybrid.txt");
        String truncated = text.substring(0, text.indexOf("Reply status"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> HttperfOutputParser.parse(truncated));
        assertTrue(e.getMessage().contains("Reply status"), e.getMessage());
    }

    static HttperfResult parse(String resource) throws IOException {
        return HttperfOutputParser.parse(read(resource));
    }

    static String read(String resource) throws IOException {
        try (InputStream in = HttperfOutputParserTest.class.getResourceAsStream("/httperf/" + resource)) {
            // As bench/run reads them: bytes, since httperf may echo binary data.
            return new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
        }
    }
}
