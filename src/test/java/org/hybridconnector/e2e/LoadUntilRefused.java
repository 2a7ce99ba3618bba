package org.hybridconnector.e2e;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;

/**
 * Client threads that send requests on keep-alive connections until the server refuses new
 * connections (it has stopped) or a time limit passes, and sort every request's outcome:
 * <ul>
 * <li><b>complete</b>: a whole response, framed by {@code Content-Length} or chunked;</li>
 * <li><b>refused</b>: the connection was refused, or closed or reset before the first byte of a
 * response (the server never started the request, or dropped a connection that was idle);</li>
 * <li><b>half</b>: some bytes of a response, then the end: what a stop must never do.</li>
 * </ul>
 * Responses here are read raw, byte by byte up to their declared length, so a short one is seen.
 */
final class LoadUntilRefused {

    /** One response read whole: its status line and body. */
    record Complete(String statusLine, String body) {
    }

    private final int port;
    private final IntFunction<String> requests;
    final List<Complete> complete = Collections.synchronizedList(new ArrayList<>());
    final List<String> half = Collections.synchronizedList(new ArrayList<>());
    final AtomicInteger refused = new AtomicInteger();
    final AtomicInteger sent = new AtomicInteger();

    /** @param requests the request to send, by a running number (each a whole request with CRLFs) */
    LoadUntilRefused(int port, IntFunction<String> requests) {
        this.port = port;
        this.requests = requests;
    }

    /** Runs {@code threads} clients; returns once all have seen the server refuse, or after {@code seconds}. */
    void run(int threads, long seconds) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<?>> clients = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                clients.add(pool.submit(() -> {
                    while (System.nanoTime() < deadline && connection(deadline)) {
                        // next connection
                    }
                    return null;
                }));
            }
            for (Future<?> client : clients) {
                client.get(seconds + 60, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
    }

    /** One keep-alive connection's requests; {@code false} once the server refuses to connect. */
    private boolean connection(long deadline) throws IOException {
        Socket socket = new Socket();
        try {
            socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 10_000);
        } catch (ConnectException e) {
            refused.incrementAndGet();
            return false;
        }
        try (socket) {
            socket.setSoTimeout(30_000);
            for (int i = 0; i < 20 && System.nanoTime() < deadline; i++) {
                String request = requests.apply(sent.incrementAndGet());
                try {
                    socket.getOutputStream().write(request.getBytes(StandardCharsets.ISO_8859_1));
                } catch (IOException e) {
                    refused.incrementAndGet();
                    return true;
                }
                if (!readOne(socket.getInputStream())) {
                    return true;
                }
            }
        }
        return true;
    }

    /** Reads one response and files it; {@code false} if the connection ended. */
    private boolean readOne(InputStream in) {
        ByteArrayOutputStream got = new ByteArrayOutputStream();
        try {
            int headEnd = -1;
            while (headEnd < 0) {
                int b = in.read();
                if (b < 0) {
                    return ended(got);
                }
                got.write(b);
                headEnd = got.toString(StandardCharsets.ISO_8859_1).indexOf("\r\n\r\n");
            }
            String head = got.toString(StandardCharsets.ISO_8859_1).substring(0, headEnd);
            byte[] body = isChunked(head) ? readChunked(in, head) : readLength(in, head);
            if (body == null) {
                return false;
            }
            complete.add(new Complete(head.substring(0, head.indexOf("\r\n")), new String(body, StandardCharsets.UTF_8)));
            return !head.toLowerCase(Locale.ROOT).contains("connection: close");
        } catch (SocketException e) {
            return ended(got);
        } catch (IOException e) {
            half.add("read failed after " + got.size() + " bytes: " + e);
            return false;
        }
    }

    private boolean ended(ByteArrayOutputStream got) {
        if (got.size() == 0) {
            refused.incrementAndGet();
        } else {
            half.add(got.toString(StandardCharsets.ISO_8859_1) + "\n[the connection ended in the head]");
        }
        return false;
    }

    /** The body framed by Content-Length, or {@code null} (filed as half) if it ended short. */
    private byte[] readLength(InputStream in, String head) throws IOException {
        String value = header(head, "content-length");
        if (value == null) {
            throw new IOException("a response with neither Content-Length nor chunked framing: " + head);
        }
        int length = Integer.parseInt(value);
        byte[] body = in.readNBytes(length);
        if (body.length < length) {
            half.add(head + "\n[" + body.length + " of " + length + " body bytes]");
            return null;
        }
        return body;
    }

    /** The chunked body up to its last chunk and trailer, or {@code null} (filed as half) if it ended first. */
    private byte[] readChunked(InputStream in, String head) throws IOException {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        while (true) {
            String sizeLine = readLine(in);
            if (sizeLine == null) {
                half.add(head + "\n[chunked body ended after " + body.size() + " bytes]");
                return null;
            }
            int semicolon = sizeLine.indexOf(';');
            int size = Integer.parseInt((semicolon < 0 ? sizeLine : sizeLine.substring(0, semicolon)).trim(), 16);
            if (size == 0) {
                String trailer;
                do {
                    trailer = readLine(in);
                } while (trailer != null && !trailer.isEmpty());
                if (trailer == null) {
                    half.add(head + "\n[chunked body ended in its trailer]");
                    return null;
                }
                return body.toByteArray();
            }
            byte[] chunk = in.readNBytes(size);
            body.write(chunk);
            if (chunk.length < size || readLine(in) == null) {
                half.add(head + "\n[chunked body ended after " + body.size() + " bytes]");
                return null;
            }
        }
    }

    /** A CRLF-ended line without its CRLF, or {@code null} if the stream ended first. */
    private static String readLine(InputStream in) throws IOException {
        StringBuilder line = new StringBuilder();
        int b;
        while ((b = in.read()) >= 0) {
            if (b == '\n') {
                int end = line.length();
                return line.substring(0, end > 0 && line.charAt(end - 1) == '\r' ? end - 1 : end);
            }
            line.append((char) b);
        }
        return null;
    }

    private static boolean isChunked(String head) {
        String value = header(head, "transfer-encoding");
        return value != null && value.toLowerCase(Locale.ROOT).contains("chunked");
    }

    private static String header(String head, String lowerCaseName) {
        for (String line : head.split("\r\n")) {
            if (line.toLowerCase(Locale.ROOT).startsWith(lowerCaseName + ":")) {
                return line.substring(lowerCaseName.length() + 1).trim();
            }
        }
        return null;
    }
}
