package org.hybridconnector.bench.steady;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * The sessions as the server saw them, from Tomcat's access log written with the pattern
 * {@value #PATTERN}: for each request, when its response ended (epoch milliseconds), its status,
 * the time Tomcat took, and the query string that names its session.
 * <p>
 * A session is <em>completed</em> when every request of its session file was answered, none with a
 * 5xx status and none slower than the clients' time-out (the client had given up on it). It was
 * <em>served</em> when the client is known to have received a reply: a second request of the session
 * reached the server, which httperf sends only once the first reply has arrived. The server alone
 * cannot tell that of a session's only logged request: its client may have given up while the
 * connection waited in the backlog or for a worker, before Tomcat's clock for the request started,
 * and the server then answers a client that has left. A served session that did not complete was
 * <em>abandoned after a reply</em>: cut by a 503, a reset or a time-out. Any other was turned away
 * (or left before its first reply). A session ends with its last logged response. The log must run
 * on past the interval by at least the clients' time-out and the longest think time, so that a
 * session that merely paused after its last logged response shows its next one.
 */
public final class AccessLogSessions {

    /** The {@code AccessLogValve} pattern the runner configures. */
    public static final String PATTERN = "%{end:msec}t %s %{ms}T %q";

    /** What one session got from the server. */
    record Seen(int requests, int answered, boolean cut, long firstEnd, long lastEnd) {

        /** A reply counts as answered when it was no 5xx and came within the clients' time-out. */
        Seen add(int status, long millis, long end, long timeoutMillis) {
            boolean answeredInTime = status < 500 && millis < timeoutMillis;
            return new Seen(requests + 1, answered + (answeredInTime ? 1 : 0), cut || !answeredInTime,
                    Math.min(firstEnd, end), Math.max(lastEnd, end));
        }
    }

    /** Sessions counted by the time they ended, and those in progress at the interval's end. */
    public record Count(long completed, long abandoned, long turnedAway, long inProgressAtEnd, long unknownMarkers) {
    }

    private final Map<String,Seen> sessions = new HashMap<>();
    private final long timeoutMillis;
    private long unknownMarkers;

    public AccessLogSessions(long timeoutMillis) {
        this.timeoutMillis = timeoutMillis;
    }

    public static AccessLogSessions read(Path log, long timeoutMillis) throws IOException {
        AccessLogSessions seen = new AccessLogSessions(timeoutMillis);
        try (BufferedReader in = Files.newBufferedReader(log, StandardCharsets.ISO_8859_1)) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                seen.add(line);
            }
        }
        return seen;
    }

    /** One log line; lines of requests without a session marker (the probe's) are skipped. */
    void add(String line) {
        String[] fields = line.strip().split(" ");
        String marker = fields.length < 4 ? null : SessionFileIndex.markerOf(fields[3]);
        if (marker == null) {
            if (SessionFileIndex.markerOf(line.replace(' ', '&')) != null) {
                throw new IllegalArgumentException("a session marker outside the query field: not an access log "
                        + "line of the pattern " + PATTERN + ": " + line);
            }
            return;
        }
        try {
            long end = Long.parseLong(fields[0]);
            int status = Integer.parseInt(fields[1]);
            long millis = Long.parseLong(fields[2]);
            sessions.merge(marker, new Seen(0, 0, false, end, end).add(status, millis, end, timeoutMillis),
                    (a, b) -> a.add(status, millis, end, timeoutMillis));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("not an access log line of the pattern " + PATTERN + ": " + line, e);
        }
    }

    /** The sessions that ended in [from, to), and those whose first response came before {@code to} and last after. */
    public Count count(SessionFileIndex index, long from, long to) {
        long completed = 0;
        long abandoned = 0;
        long turnedAway = 0;
        long inProgress = 0;
        long unknown = 0;
        for (Map.Entry<String,Seen> entry : sessions.entrySet()) {
            Seen seen = entry.getValue();
            int expected = index.requests(entry.getKey());
            if (expected < 0) {
                unknown++;
                continue;
            }
            if (seen.firstEnd() < to && seen.lastEnd() >= to) {
                inProgress++;
            } else if (seen.lastEnd() >= from && seen.lastEnd() < to) {
                if (!seen.cut() && seen.requests() >= expected) {
                    completed++;
                } else if (seen.requests() >= 2 && seen.answered() > 0) {
                    abandoned++;
                } else {
                    turnedAway++;
                }
            }
        }
        return new Count(completed, abandoned, turnedAway, inProgress, unknown);
    }
}
