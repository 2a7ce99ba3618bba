package org.hybridconnector.e2e;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.function.Executable;

/**
 * The {@link HostileCorpus} against the hybrid connector and stock NIO in the same Tomcat. Each
 * case's outcome (the statuses sent back, and whether the server kept waiting) must be the one
 * recorded in {@code hostile-corpus-expected.tsv}, which was reviewed against RFC 9112 and Tomcat's
 * behaviour; where the two connectors differ, the file records why the hybrid's answer is right.
 * The hybrid with its response cache on must answer every case as the hybrid does.
 */
@ExtendWith(SharedTomcat.class)
class HostileInputIT {

    private static final Pattern STATUS_LINE = Pattern.compile("HTTP/1\\.[01] (\\d{3})");
    /** How long a case may leave the server waiting before the outcome counts as "wait". */
    private static final int WAIT_MILLIS = 1500;

    @Test
    void testHostileInputsGetTheExpectedAnswerFromBothConnectors(TomcatServer tomcat) throws Exception {
        List<HostileCorpus.Case> cases = HostileCorpus.all();
        assertTrue(cases.size() >= 150, "the corpus has only " + cases.size() + " cases");
        Map<String,String[]> expected = ExpectedOutcomes.load();
        List<Executable> checks = new ArrayList<>();
        StringBuilder report = new StringBuilder();
        for (HostileCorpus.Case c : cases) {
            String nio = outcome(tomcat.port(SharedTomcat.NIO), c);
            String hybrid = outcome(tomcat.port(SharedTomcat.HYBRID), c);
            String cached = outcome(tomcat.port(SharedTomcat.HYBRID_CACHE), c);
            report.append(c.name()).append('\t').append(nio).append('\t').append(hybrid).append('\n');
            String[] want = expected.get(c.name());
            checks.add(() -> assertTrue(want != null, "no recorded outcome for case [" + c.name() + "]"));
            if (want != null) {
                checks.add(() -> assertEquals(want[0], nio, "stock NIO, case [" + c.name() + "]: " + c.shown()));
                checks.add(() -> assertEquals(want[1], hybrid, "hybrid, case [" + c.name() + "]: " + c.shown()));
                checks.add(() -> assertEquals(want[1], cached,
                        "hybrid with the response cache, case [" + c.name() + "]: " + c.shown()));
            }
            // No difference may let a request through that the other connector refused: a
            // smuggled request would show as more 200s.
            checks.add(() -> assertTrue(count(hybrid, "200") <= count(nio, "200"),
                    "the hybrid served more requests than stock NIO for [" + c.name() + "]: " + hybrid + " vs " + nio));
        }
        java.nio.file.Files.writeString(tomcat.base().resolve("logs/hostile-outcomes.tsv"), report);
        assertAll(checks);
    }

    /**
     * The heads that end before their empty line, written a byte at a time: each byte is a read of
     * its own for the selector's scan, and the answer must be the same as when written whole (the
     * recorded one), from both connectors; an invalid one is answered at once, within the
     * {@link #WAIT_MILLIS} an outcome allows before it counts as waiting.
     */
    @Test
    void testUnfinishedHeadsSplitAtEveryByteGetTheWholeHeadsAnswer(TomcatServer tomcat) throws Exception {
        Map<String,String[]> expected = ExpectedOutcomes.load();
        List<Executable> checks = new ArrayList<>();
        for (HostileCorpus.Case c : HostileCorpus.unfinished()) {
            String[] want = expected.get(c.name());
            String nio = outcome(tomcat.port(SharedTomcat.NIO), c, true);
            String hybrid = outcome(tomcat.port(SharedTomcat.HYBRID), c, true);
            checks.add(() -> assertTrue(want != null, "no recorded outcome for case [" + c.name() + "]"));
            if (want != null) {
                checks.add(() -> assertEquals(want[0], nio, "stock NIO, split, case [" + c.name() + "]: " + c.shown()));
                checks.add(() -> assertEquals(want[1], hybrid, "hybrid, split, case [" + c.name() + "]: " + c.shown()));
            }
        }
        assertAll(checks);
    }

    /**
     * Sends the case (and the follow-up request) on a new connection and reads until the server
     * closes or stays silent for {@link #WAIT_MILLIS}: the statuses received, comma-separated, with
     * {@code wait} at the end if the server was still waiting.
     */
    static String outcome(int port, HostileCorpus.Case c) throws IOException {
        return outcome(port, c, false);
    }

    /** As {@link #outcome(int, HostileCorpus.Case)}, the input written a byte at a time if {@code split}. */
    static String outcome(int port, HostileCorpus.Case c, boolean split) throws IOException {
        try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), port)) {
            socket.setSoTimeout(WAIT_MILLIS);
            socket.setTcpNoDelay(true);
            byte[] followUp = c.followUp() ? HostileCorpus.FOLLOW_UP.getBytes(StandardCharsets.ISO_8859_1) : new byte[0];
            byte[] all = new byte[c.input().length + followUp.length];
            System.arraycopy(c.input(), 0, all, 0, c.input().length);
            System.arraycopy(followUp, 0, all, c.input().length, followUp.length);
            try {
                OutputStream out = socket.getOutputStream();
                InputStream answer = socket.getInputStream();
                // Split, it stops writing once an answer has come, as a client would.
                for (int from = 0; from < all.length && answer.available() == 0; from += split ? 1 : all.length) {
                    out.write(all, from, split ? 1 : all.length);
                    out.flush();
                }
            } catch (IOException e) {
                // The server may close before it has read everything (an oversized head): what it
                // answered is still to be read.
            }
            StringBuilder received = new StringBuilder();
            boolean waiting = false;
            InputStream in = socket.getInputStream();
            byte[] buffer = new byte[65536];
            try {
                int n;
                while ((n = in.read(buffer)) != -1) {
                    received.append(new String(buffer, 0, n, StandardCharsets.ISO_8859_1));
                }
            } catch (SocketTimeoutException e) {
                waiting = true;
            } catch (java.net.SocketException e) {
                // reset by the server: it closed with unread input, which ends the exchange too
            }
            List<String> statuses = new ArrayList<>();
            Matcher matcher = STATUS_LINE.matcher(received);
            while (matcher.find()) {
                statuses.add(matcher.group(1));
            }
            if (waiting) {
                statuses.add("wait");
            }
            return statuses.isEmpty() ? "closed" : String.join(",", statuses);
        }
    }

    private static long count(String outcome, String status) {
        return java.util.Arrays.stream(outcome.split(",")).filter(status::equals).count();
    }

    /** The recorded outcomes: case name, stock NIO's outcome, the hybrid's, and why they differ. */
    static final class ExpectedOutcomes {
        /**
         * The outcomes recorded on the build's Tomcat, then those of the release the tests run on
         * where Tomcat's own verdict changed ({@code hostile-corpus-expected-<release>.tsv}).
         */
        static Map<String,String[]> load() throws IOException {
            Map<String,String[]> outcomes = read("/hostile-corpus-expected.tsv");
            outcomes.putAll(read("/hostile-corpus-expected-" + System.getProperty("e2e.tomcatRelease") + ".tsv"));
            return outcomes;
        }

        private static Map<String,String[]> read(String resource) throws IOException {
            Map<String,String[]> outcomes = new LinkedHashMap<>();
            try (InputStream in = HostileInputIT.class.getResourceAsStream(resource)) {
                if (in == null) {
                    return outcomes;
                }
                for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                    if (line.isBlank() || line.startsWith("#")) {
                        continue;
                    }
                    String[] fields = line.split("\t");
                    outcomes.put(fields[0], new String[] { fields[1], fields[2] });
                }
            }
            return outcomes;
        }
    }
}
