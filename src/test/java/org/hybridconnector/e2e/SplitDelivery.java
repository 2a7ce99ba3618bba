package org.hybridconnector.e2e;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Sends a byte stream on a new connection to 127.0.0.1 in pieces (cut at given offsets, with a
 * pause before each piece after the first) while reading everything the server sends back until
 * it closes or stays silent for the read time-out. Reading runs beside writing, so large pipelined
 * responses can never stall the writer.
 */
final class SplitDelivery {

    private static final Pattern DATE = Pattern.compile("(?im)^Date: [^\r\n]*");
    /** A response cache's hit says how old it is, and a miss has no {@code Age}: both masked away. */
    private static final Pattern AGE = Pattern.compile("(?im)^Age: [^\r\n]*\r\n");
    /**
     * An error page of Tomcat's {@code ErrorReportValve}: status line, header fields, the HTML. Its
     * message quotes the request bytes the parser had buffered when it failed ("Invalid character
     * found in the HTTP protocol [0x00TTP/1.1...]"), which depend on how TCP split the stream, on
     * stock NIO as here; so its body and length are masked, its status and other fields are not.
     * The head is optional: Tomcat 11.0.x answers a bad request line without one on a processor
     * whose last request was HTTP/0.9 (see {@code Http11BehaviourIT}), whichever connector it serves.
     */
    private static final Pattern ERROR_PAGE = Pattern.compile(
            "(?:(HTTP/1\\.1 [45]\\d\\d[^\r\n]*\r\n)((?:[^\r\n]+\r\n)*)\r\n)?" +
                    "<!doctype html><html lang=\"en\"><head><title>HTTP Status [45]\\d\\d .*?</html>",
            Pattern.DOTALL | Pattern.CASE_INSENSITIVE);
    private static final Pattern LENGTH = Pattern.compile("(?im)^Content-Length: \\d+");

    /** What came back, and how the exchange ended. */
    record Outcome(byte[] received, String end) {
        /** The bytes as text with every {@code Date} header's value masked and every {@code Age} line left out. */
        String masked() {
            String text = DATE.matcher(new String(received, StandardCharsets.ISO_8859_1)).replaceAll("Date: *");
            text = AGE.matcher(text).replaceAll("");
            Matcher page = ERROR_PAGE.matcher(text);
            StringBuilder out = new StringBuilder();
            while (page.find()) {
                String head = page.group(1) == null ? ""
                        : page.group(1) + LENGTH.matcher(page.group(2)).replaceAll("Content-Length: *") + "\r\n";
                page.appendReplacement(out, Matcher.quoteReplacement(head + "<error page>"));
            }
            page.appendTail(out);
            return out.toString();
        }

        @Override
        public String toString() {
            String text = masked().replace("\r", "\\r").replace("\n", "\\n\n");
            return "[" + end + "] " + (text.length() > 4000 ? text.substring(0, 4000) + "..." : text);
        }
    }

    private SplitDelivery() {
    }

    /**
     * @param cuts offsets in {@code (0, bytes.length)}, ascending: where the stream is split
     * @param pausesMillis the pause before each piece after the first ({@code cuts.size()} values)
     * @param readTimeoutMillis silence after which the server counts as still waiting
     */
    static Outcome deliver(int port, byte[] bytes, List<Integer> cuts, List<Integer> pausesMillis,
            int readTimeoutMillis) throws IOException, InterruptedException {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 10_000);
            socket.setTcpNoDelay(true);
            socket.setSoTimeout(readTimeoutMillis);
            CompletableFuture<Outcome> reading = CompletableFuture.supplyAsync(() -> readAll(socket));
            OutputStream out = socket.getOutputStream();
            int from = 0;
            try {
                for (int i = 0; i <= cuts.size(); i++) {
                    int to = i < cuts.size() ? cuts.get(i) : bytes.length;
                    if (i > 0 && pausesMillis.get(i - 1) > 0) {
                        Thread.sleep(pausesMillis.get(i - 1));
                    }
                    out.write(bytes, from, to - from);
                    out.flush();
                    from = to;
                }
            } catch (IOException e) {
                // The server closed after an error before the rest was sent: what it answered is
                // still to be read.
            }
            try {
                return reading.get(readTimeoutMillis + 30_000L, TimeUnit.MILLISECONDS);
            } catch (ExecutionException | TimeoutException e) {
                throw new IOException("reading the responses failed", e);
            }
        }
    }

    private static Outcome readAll(Socket socket) {
        ByteArrayOutputStream received = new ByteArrayOutputStream();
        String end;
        try {
            InputStream in = socket.getInputStream();
            byte[] buffer = new byte[16384];
            int n;
            while ((n = in.read(buffer)) != -1) {
                received.write(buffer, 0, n);
            }
            end = "closed";
        } catch (SocketTimeoutException e) {
            end = "waiting";
        } catch (SocketException e) {
            // A reset (the server closed with unread input) ends the exchange as a close does;
            // on Linux the bytes that arrived before it have all been read.
            end = "closed";
        } catch (IOException e) {
            end = "failed: " + e;
        }
        return new Outcome(received.toByteArray(), end);
    }
}
