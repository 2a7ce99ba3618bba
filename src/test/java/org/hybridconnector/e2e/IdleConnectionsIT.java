package org.hybridconnector.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Thousands of idle keep-alive connections cost sockets, never threads: with ten workers, 2,000
 * connections are opened, used once, left idle together, then each sends another request. All are
 * answered, and the connector's threads stay at its ten workers plus its acceptor and selector.
 */
@ExtendWith(SharedTomcat.class)
class IdleConnectionsIT {

    private static final int CONNECTIONS = 2000;
    private static final int CLIENT_THREADS = 16;

    @Test
    void testIdleKeepAliveConnectionsHoldNoThreads(TomcatServer tomcat) throws Exception {
        String connector = SharedTomcat.HYBRID;
        int port = tomcat.port(connector);
        ThreadSampler sampler = new ThreadSampler(tomcat, connector);
        List<RawConnection> connections = Collections.synchronizedList(new ArrayList<>());
        ExecutorService clients = Executors.newFixedThreadPool(CLIENT_THREADS);
        Thread sampling = new Thread(sampler, "thread-sampler");
        sampling.start();
        try {
            // Open and use each connection once, so all of them are kept-alive connections.
            AtomicInteger opened = new AtomicInteger();
            List<Future<?>> work = new ArrayList<>();
            for (int t = 0; t < CLIENT_THREADS; t++) {
                work.add(clients.submit(() -> {
                    while (opened.getAndIncrement() < CONNECTIONS) {
                        RawConnection connection = RawConnection.open(port);
                        connections.add(connection);
                        assertEquals(200, connection.send(RawConnection.get("/probe/echo?n=first")).read().status());
                    }
                    return null;
                }));
            }
            for (Future<?> f : work) {
                f.get(120, TimeUnit.SECONDS);
            }
            assertEquals(CONNECTIONS, connections.size());

            // All idle at once: each is parked once its worker has handed it back.
            Await.until(() -> Integer.parseInt(tomcat.protocolAttribute(connector, "parkedCount")) >= CONNECTIONS, 30,
                    "the " + CONNECTIONS + " idle connections were never all parked in the selector");

            // Now every connection sends its next request; all must be answered.
            int perThread = CONNECTIONS / CLIENT_THREADS;
            work.clear();
            AtomicInteger answered = new AtomicInteger();
            for (int t = 0; t < CLIENT_THREADS; t++) {
                List<RawConnection> mine = connections.subList(t * perThread, (t + 1) * perThread);
                work.add(clients.submit(() -> {
                    for (RawConnection connection : mine) {
                        connection.send(RawConnection.get("/probe/echo?n=second"));
                    }
                    for (RawConnection connection : mine) {
                        assertEquals("n=second\n", connection.read().text());
                        answered.incrementAndGet();
                    }
                    return null;
                }));
            }
            for (Future<?> f : work) {
                f.get(120, TimeUnit.SECONDS);
            }
            assertEquals(CONNECTIONS, answered.get());
        } finally {
            sampler.stop.set(true);
            sampling.join(10_000);
            clients.shutdownNow();
            for (RawConnection connection : connections) {
                connection.close();
            }
        }
        assertTrue(sampler.samples.get() >= 5, "too few thread samples: " + sampler.samples.get());
        assertEquals(null, sampler.failure, "sampling threads failed");
        // Ten workers, the acceptor and the selector: nothing else, ever.
        assertTrue(sampler.maxCount <= 12, "connector threads peaked at " + sampler.maxCount + ": " + sampler.seen);
        assertTrue(sampler.seen.contains(tomcat.connectorName(connector) + "-Acceptor"), sampler.seen.toString());
        assertTrue(sampler.seen.contains(tomcat.connectorName(connector) + "-Selector"), sampler.seen.toString());
        long workers = sampler.seen.stream().filter(name -> name.contains("-exec-")).count();
        assertEquals(10, workers, "worker threads seen: " + sampler.seen);
    }

    /** Samples the connector's threads in the server's JVM every 100 ms. */
    private static final class ThreadSampler implements Runnable {
        private final TomcatServer tomcat;
        private final String connector;
        final AtomicBoolean stop = new AtomicBoolean();
        final AtomicInteger samples = new AtomicInteger();
        final Set<String> seen = Collections.synchronizedSet(new TreeSet<>());
        volatile int maxCount;
        volatile Exception failure;

        ThreadSampler(TomcatServer tomcat, String connector) {
            this.tomcat = tomcat;
            this.connector = connector;
        }

        @Override
        public void run() {
            while (!stop.get()) {
                try {
                    List<String> names = tomcat.connectorThreads(connector);
                    seen.addAll(names);
                    maxCount = Math.max(maxCount, names.size());
                    samples.incrementAndGet();
                    Thread.sleep(100);
                } catch (InterruptedException e) {
                    return;
                } catch (Exception e) {
                    failure = e;
                    return;
                }
            }
        }
    }
}
