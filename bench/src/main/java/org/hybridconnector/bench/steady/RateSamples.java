package org.hybridconnector.bench.steady;

import java.util.ArrayList;
import java.util.List;

/**
 * httperf's {@code --verbose} rate samples: every 5 seconds from its start it prints
 * {@code reply-rate = R} and {@code session-rate = S}, the replies and completed sessions of
 * the last sample interval divided by that interval. Multiplied back by the interval they give
 * how many replies and completed sessions each 5-second bin had, which places them in time.
 */
public record RateSamples(List<Integer> replies, List<Integer> completedSessions) {

    /** httperf's RATE_INTERVAL. */
    public static final long BIN_MILLIS = 5000;

    public RateSamples {
        replies = List.copyOf(replies);
        completedSessions = List.copyOf(completedSessions);
    }

    public static RateSamples parse(String output) {
        List<Integer> replies = new ArrayList<>();
        List<Integer> sessions = new ArrayList<>();
        for (String line : output.split("\n")) {
            String trimmed = line.strip();
            if (trimmed.startsWith("reply-rate = ")) {
                replies.add(count(trimmed));
            } else if (trimmed.startsWith("session-rate = ")) {
                sessions.add(count(trimmed));
            }
        }
        return new RateSamples(replies, sessions);
    }

    /** The rate is printed with one decimal; a count over 5 s is a multiple of 0.2, so rounding recovers it. */
    private static int count(String line) {
        double rate = Double.parseDouble(line.substring(line.indexOf('=') + 1).strip());
        return (int) Math.round(rate * BIN_MILLIS / 1000.0);
    }
}
