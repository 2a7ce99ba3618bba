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
 * <li><b>complete</b>: a whole response, framed by {@code Content-Length};</li>
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
            int length = contentLength(head);
            byte[] body = in.readNBytes(length);
            if (body.length < length) {
                half.add(head + "\n[" + body.length + " of " + length + " body bytes]");
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

    private static int contentLength(String head) throws IOException {
        for (String line : head.split("\r\n")) {
            if (line.toLowerCase(Locale.ROOT).startsWith("content-length:")) {
                return Integer.parseInt(line.substring(15).trim());
            }
        }
        throw new IOException("a response without Content-Length: " + head);
    }
}
