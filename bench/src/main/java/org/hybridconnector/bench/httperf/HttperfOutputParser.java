package org.hybridconnector.bench.httperf;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads httperf 0.9.0's report (standard output and its warnings) into an {@link HttperfResult}.
 * Lines it needs and cannot find make it fail, naming the line: a silently wrong benchmark figure
 * is worse than no figure.
 */
public final class HttperfOutputParser {

    private static final Pattern NUMBER = Pattern.compile("-?\\d+(?:\\.\\d+)?(?:[eE][-+]?\\d+)?");
    /**
     * Debian's httperf 0.9.0 uses select(): when the process may open more files than select()
     * can watch it says so and stays within FD_SETSIZE, 1024 with glibc.
     */
    private static final String FD_SETSIZE_WARNING = "limiting max. # of open files to FD_SETSIZE";
    static final int GLIBC_FD_SETSIZE = 1024;

    private HttperfOutputParser() {
    }

    public static HttperfResult parse(String output) {
        Map<String,String> lines = new HashMap<>();
        List<String> errorLines = new ArrayList<>();
        int openFileLimit = -1;
        long unparsable = 0;
        for (String line : output.split("\n")) {
            String trimmed = line.strip();
            if (trimmed.startsWith("httperf.parse_status_line:")) {
                // One "invalid status line" per bad reply; a "bad status" line may follow it.
                if (trimmed.contains("invalid status line")) {
                    unparsable++;
                }
                continue;
            }
            int colon = trimmed.indexOf(':');
            if (colon < 0) {
                continue;
            }
            String key = trimmed.substring(0, colon);
            String rest = trimmed.substring(colon + 1);
            if (key.equals("Errors")) {
                errorLines.add(rest);
            } else if (key.equals("Connection time [ms]") && rest.strip().startsWith("connect")) {
                lines.put("Connection time [ms] connect", rest);
            } else {
                lines.putIfAbsent(key, rest);
            }
            if (trimmed.contains(FD_SETSIZE_WARNING)) {
                openFileLimit = GLIBC_FD_SETSIZE;
            }
        }
        Map<String,Double> errors = new HashMap<>();
        for (String line : errorLines) {
            String[] words = line.strip().split("\\s+");
            for (int i = 0; i + 1 < words.length; i += 2) {
                errors.put(words[i], Double.valueOf(words[i + 1]));
            }
        }

        double[] total = labelled(required(lines, "Total"), "connections", "requests", "replies", "test-duration");
        double[] replyRate = labelled(required(lines, "Reply rate [replies/s]"), "avg");
        double[] replyTime = labelled(required(lines, "Reply time [ms]"), "response", "transfer");
        String status = required(lines, "Reply status");
        double[] cpu = labelled(required(lines, "CPU time [s]"), "user", "system");
        double cpuTotal = percentBefore(required(lines, "CPU time [s]"), "total");

        double sessionRate = Double.NaN;
        long completed = 0;
        long sessions = 0;
        double perSession = Double.NaN;
        double lifetime = Double.NaN;
        double failtime = Double.NaN;
        long[] histogram = new long[0];
        String sessionRateLine = lines.get("Session rate [sess/s]");
        if (sessionRateLine != null) {
            sessionRate = labelled(sessionRateLine, "avg")[0];
            Matcher st = Pattern.compile("\\((\\d+)/(\\d+)\\)").matcher(sessionRateLine);
            if (!st.find()) {
                throw new IllegalArgumentException("no (S/T) in the session rate line: " + sessionRateLine);
            }
            completed = Long.parseLong(st.group(1));
            sessions = Long.parseLong(st.group(2));
            perSession = first(required(lines, "Session"));
            lifetime = first(required(lines, "Session lifetime [s]"));
            failtime = first(required(lines, "Session failtime [s]"));
            histogram = numbers(required(lines, "Session length histogram")).stream().mapToLong(Double::longValue)
                    .toArray();
        }
        int replyRateSamples = samples(required(lines, "Reply rate [replies/s]"));
        return new HttperfResult((long) total[0], (long) total[1], (long) total[2], total[3],
                first(required(lines, "Connection rate")), first(required(lines, "Request rate")),
                replyRateSamples == 0 ? Double.NaN : replyRate[0], replyRateSamples, replyTime[0], replyTime[1],
                statusCount(status, "1xx"), statusCount(status, "2xx"), statusCount(status, "3xx"),
                statusCount(status, "4xx"), statusCount(status, "5xx"), error(errors, "total"),
                error(errors, "client-timo"), error(errors, "socket-timo"), error(errors, "connrefused"),
                error(errors, "connreset"), error(errors, "fd-unavail"), error(errors, "addrunavail"),
                error(errors, "ftab-full"), error(errors, "other"), sessionRate, completed, sessions, perSession,
                lifetime, failtime, histogram, cpu[0], cpu[1], cpuTotal, openFileLimit, unparsable);
    }

    private static String required(Map<String,String> lines, String key) {
        String line = lines.get(key);
        if (line == null) {
            throw new IllegalArgumentException("the httperf output has no '" + key + ":' line");
        }
        return line;
    }

    /** The number after each label ("connections 387 requests 946" → 387, 946). */
    private static double[] labelled(String line, String... labels) {
        double[] values = new double[labels.length];
        for (int i = 0; i < labels.length; i++) {
            Matcher m = Pattern.compile("(?:^|\\s)" + Pattern.quote(labels[i]) + "\\s+(" + NUMBER.pattern() + ")")
                    .matcher(line);
            if (!m.find()) {
                throw new IllegalArgumentException("no '" + labels[i] + "' figure in: " + line);
            }
            values[i] = Double.parseDouble(m.group(1));
        }
        return values;
    }

    private static double percentBefore(String line, String label) {
        Matcher m = Pattern.compile("(?:^|\\s)" + Pattern.quote(label) + "\\s+(" + NUMBER.pattern() + ")%")
                .matcher(line);
        if (!m.find()) {
            throw new IllegalArgumentException("no '" + label + "' percentage in: " + line);
        }
        return Double.parseDouble(m.group(1));
    }

    private static int samples(String replyRateLine) {
        Matcher m = Pattern.compile("\\((\\d+) samples?\\)").matcher(replyRateLine);
        return m.find() ? Integer.parseInt(m.group(1)) : 0;
    }

    private static long statusCount(String line, String klass) {
        Matcher m = Pattern.compile(Pattern.quote(klass) + "=(\\d+)").matcher(line);
        if (!m.find()) {
            throw new IllegalArgumentException("no " + klass + " count in: " + line);
        }
        return Long.parseLong(m.group(1));
    }

    private static long error(Map<String,Double> errors, String name) {
        Double value = errors.get(name);
        if (value == null) {
            throw new IllegalArgumentException("the httperf output has no '" + name + "' error count");
        }
        return value.longValue();
    }

    private static double first(String line) {
        List<Double> numbers = numbers(line);
        if (numbers.isEmpty()) {
            throw new IllegalArgumentException("no number in: " + line);
        }
        return numbers.get(0);
    }

    private static List<Double> numbers(String line) {
        List<Double> numbers = new ArrayList<>();
        Matcher m = NUMBER.matcher(line);
        while (m.find()) {
            numbers.add(Double.valueOf(m.group()));
        }
        return numbers;
    }
}
