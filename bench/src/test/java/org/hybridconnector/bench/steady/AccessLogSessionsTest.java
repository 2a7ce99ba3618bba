package org.hybridconnector.bench.steady;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;

import org.junit.jupiter.api.Test;

/** Sessions counted by when they ended, from access log lines written with {@link AccessLogSessions#PATTERN}. */
class AccessLogSessionsTest {

    private static final long TIMEOUT = 10_000;

    /** Five sessions of three requests each (a page and two images), the third page of the last one of two. */
    private static SessionFileIndex index() {
        SessionFileIndex index = new SessionFileIndex();
        index.add(List.of("# a comment",
                "/rubis/a?hs=m1.1 think=1.000", "    /rubis/i.jpg?hs=m1.1", "    /rubis/j.jpg?hs=m1.1", "",
                "/rubis/a?x=1&hs=m1.2", "    /i.jpg?hs=m1.2", "    /j.jpg?hs=m1.2", "",
                "/rubis/a?hs=m1.3", "/i?hs=m1.3", "/j?hs=m1.3", "",
                "/rubis/a?hs=m1.4", "/i?hs=m1.4", "/j?hs=m1.4", "",
                "/rubis/a?hs=m1.5", "/b?hs=m1.5", ""));
        return index;
    }

    private static AccessLogSessions log(String... lines) {
        AccessLogSessions log = new AccessLogSessions(TIMEOUT);
        for (String line : lines) {
            log.add(line);
        }
        return log;
    }

    @Test
    void testSessionsCountedByTheirLastResponseInsideTheInterval() {
        AccessLogSessions log = log(
                // m1.1: complete, ends at 1500, inside [1000, 2000)
                "900 200 5 ?hs=m1.1", "1400 200 3 ?hs=m1.1", "1500 200 2 ?hs=m1.1",
                // m1.2: complete but ends at 2500, after the interval: in progress at its end
                "1900 200 5 ?x=1&hs=m1.2", "2400 200 1 ?hs=m1.2", "2500 200 1 ?hs=m1.2",
                // m1.3: a page and one of its images, then nothing: abandoned after a reply, at 1250
                "1200 200 5 ?hs=m1.3", "1250 200 1 ?hs=m1.3",
                // m1.4: complete before the interval: not counted
                "100 200 5 ?hs=m1.4", "200 200 1 ?hs=m1.4", "300 200 1 ?hs=m1.4",
                // m1.5: turned away at once
                "1700 503 1 ?hs=m1.5",
                // the probe's requests carry no marker; a marker from no file is counted apart
                "1600 200 4 ", "1650 200 4 ?hs=x9.9");
        AccessLogSessions.Count count = log.count(index(), 1000, 2000);
        assertEquals(new AccessLogSessions.Count(1, 1, 1, 1, 1), count);
    }

    @Test
    void testASessionWhoseOnlyRequestWasAnsweredWasNotShownToBeServed() {
        // The client may have left while its connection waited for the server: nothing came after.
        AccessLogSessions log = log("1200 200 5 ?hs=m1.3");
        assertEquals(new AccessLogSessions.Count(0, 0, 1, 0, 0), log.count(index(), 1000, 2000));
    }

    @Test
    void testA5xxOrAReplyLaterThanTheTimeOutCutsAServedSession() {
        AccessLogSessions log = log(
                "1100 200 5 ?hs=m1.1", "1200 503 1 ?hs=m1.1",
                "1100 200 5 ?hs=m1.2", "1300 200 10000 ?hs=m1.2", "1400 200 1 ?hs=m1.2",
                "1100 200 9999 ?hs=m1.3", "1300 200 1 ?hs=m1.3", "1400 200 1 ?hs=m1.3");
        assertEquals(new AccessLogSessions.Count(1, 2, 0, 0, 0), log.count(index(), 1000, 2000));
    }

    @Test
    void testASessionStillSendingAfterTheIntervalIsInProgressNotAbandoned() {
        // Its first page before the end, the second only after a long think past it.
        AccessLogSessions log = log("1900 200 5 ?hs=m1.5", "9000 200 5 ?hs=m1.5");
        assertEquals(new AccessLogSessions.Count(0, 0, 0, 1, 0), log.count(index(), 1000, 2000));
    }

    @Test
    void testALineOfAnotherPatternFailsNamingThePattern() {
        // Tomcat's default pattern: the marker is inside the request line.
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> log("127.0.0.1 - - [25/Nov/2026:13:00:00 +0000] \"GET /rubis/a?hs=m1.1 HTTP/1.1\" 200 5"));
        assertEquals(true, e.getMessage().contains(AccessLogSessions.PATTERN));
        assertThrows(IllegalArgumentException.class, () -> log("13:00:00 200 5 ?hs=m1.1"));
    }
}
