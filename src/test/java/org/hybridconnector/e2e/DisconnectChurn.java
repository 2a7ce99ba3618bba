package org.hybridconnector.e2e;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Client load with random disconnects: several threads, each opening connection after connection
 * and, at random, serving a run of keep-alive requests and closing politely, or resetting
 * ({@code SO_LINGER} 0) right after sending a request, in the middle of a large response, in the
 * middle of a request head or in the middle of a request body. Stops once {@code requests}
 * complete request heads have been sent. Every response read in full must be the right one.
 */
final class DisconnectChurn {

    /** What a run did. */
    record Totals(long requests, long answered, long resets, long seconds) {
    }

    private final int port;
    private final AtomicLong requests = new AtomicLong();
    private final AtomicLong answered = new AtomicLong();
    private final AtomicLong resets = new AtomicLong();

    DisconnectChurn(int port) {
        this.port = port;
    }

    Totals run(long total, int threads, long seed) throws Exception {
        long start = System.nanoTime();
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<?>> work = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                Random random = new Random(seed + t);
                work.add(pool.submit(() -> {
                    while (requests.get() < total) {
                        oneConnection(random);
                    }
                    return null;
                }));
            }
            for (Future<?> f : work) {
                f.get(10, TimeUnit.MINUTES);
            }
        } finally {
            pool.shutdownNow();
        }
        return new Totals(requests.get(), answered.get(), resets.get(),
                TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start));
    }

    private void oneConnection(Random random) throws IOException {
        int dice = random.nextInt(100);
        if (dice < 75) {
            keepAliveRun(1 + random.nextInt(60));
        } else if (dice < 85) {
            resetAfterRequest();
        } else if (dice < 92) {
            resetMidResponse();
        } else if (dice < 96) {
            resetMidHead(random);
        } else {
            resetMidBody(random);
        }
    }

    private void keepAliveRun(int count) throws IOException {
        try (RawConnection connection = RawConnection.open(port, 30_000)) {
            for (int i = 0; i < count; i++) {
                requests.incrementAndGet();
                RawResponse response = connection.send(RawConnection.get("/probe/echo?n=" + i)).read();
                if (!response.text().equals("n=" + i + "\n")) {
                    throw new IOException("wrong answer to request " + i + ": " + response.statusLine() + " " +
                            response.text());
                }
                answered.incrementAndGet();
            }
        }
    }

    private Socket resetting() throws IOException {
        Socket socket = new Socket(InetAddress.getLoopbackAddress(), port);
        socket.setSoLinger(true, 0);
        socket.setSoTimeout(30_000);
        resets.incrementAndGet();
        return socket;
    }

    private void resetAfterRequest() throws IOException {
        try (Socket socket = resetting()) {
            requests.incrementAndGet();
            socket.getOutputStream().write(ascii(RawConnection.get("/probe/echo?n=gone")));
        }
    }

    private void resetMidResponse() throws IOException {
        try (Socket socket = resetting()) {
            requests.incrementAndGet();
            socket.getOutputStream().write(ascii(RawConnection.get("/probe/echo?size=300000")));
            InputStream in = socket.getInputStream();
            in.readNBytes(1 + new Random().nextInt(60_000));
        }
    }

    private void resetMidHead(Random random) throws IOException {
        byte[] head = ascii(RawConnection.get("/probe/echo?n=half"));
        try (Socket socket = resetting()) {
            socket.getOutputStream().write(head, 0, 1 + random.nextInt(head.length - 2));
        }
    }

    private void resetMidBody(Random random) throws IOException {
        try (Socket socket = resetting()) {
            requests.incrementAndGet();
            OutputStream out = socket.getOutputStream();
            out.write(ascii("POST /probe/echo?n=body HTTP/1.1\r\nHost: a\r\nContent-Length: 100000\r\n\r\n"));
            out.write(new byte[random.nextInt(50_000)]);
            out.flush();
        }
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.ISO_8859_1);
    }
}
