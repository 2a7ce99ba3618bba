package org.hybridconnector.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The benchmark's {@code nio-admission} variant ({@code NioAdmissionProtocol}: stock NIO plus the
 * paper's plain admission rule) in a real Tomcat: it serves Tomcat's examples through Catalina,
 * and with both of its two workers held by hanging requests a new client waits unanswered in the
 * backlog, counted as held back, until the workers free.
 */
class NioAdmissionIT {

    private static final String NIO_ADMISSION = "nioAdmission";
    private static final String PROTOCOL = "org.hybridconnector.nioadmission.NioAdmissionProtocol";
    private static TomcatServer tomcat;

    @BeforeAll
    static void start() throws Exception {
        tomcat = new TomcatServer("nio-admission")
                .connector(NIO_ADMISSION, PROTOCOL, Map.of("maxThreads", "2", "connectionTimeout", "20000"))
                .webapp("examples")
                .start();
    }

    @AfterAll
    static void stop() throws Exception {
        if (tomcat != null) {
            tomcat.close();
        }
    }

    @Test
    void testExamplesHelloWorldIsServed() throws Exception {
        try (RawConnection connection = RawConnection.open(tomcat.port(NIO_ADMISSION))) {
            RawResponse response = connection.send(RawConnection.get("/examples/servlets/servlet/HelloWorldExample"))
                    .read();
            assertEquals(200, response.status());
            assertTrue(response.text().contains("<h1>Hello World!</h1>"), response.text());
        }
        List<String> threads = tomcat.probe("threads?prefix=" + name() + "-").lines()
                .filter(line -> !line.isBlank()).toList();
        assertTrue(threads.contains(name() + "-Acceptor"), "the connector's threads: " + threads);
    }

    @Test
    void testNewClientWaitsInTheBacklogWhileBothWorkersHang() throws Exception {
        long heldBackBefore = heldBackCount();
        List<RawConnection> clients = new ArrayList<>();
        try {
            for (int i = 0; i < 2; i++) {
                clients.add(RawConnection.open(tomcat.port(NIO_ADMISSION)).send(RawConnection.get("/probe/hang")));
            }
            awaitHanging(2);
            // The rule reads busy workers before a blocking accept(), so the acceptor may still take
            // this connection; once it has, it sees both workers busy and waits.
            RawConnection waker = open("/probe/echo?n=waker");
            clients.add(waker);
            awaitHeldBack(heldBackBefore + 1);
            long accepted = connectionCount();

            RawConnection held = open("/probe/echo?n=held");
            clients.add(held);
            assertFalse(held.awaitClose(1000), "the held-back client was closed");
            assertEquals(accepted, connectionCount(), "a connection was accepted while both workers hung");

            tomcat.probe("hang?release");
            assertEquals("n=waker\n", waker.read().text());
            assertEquals("n=held\n", held.read().text());
            for (RawConnection hung : clients.subList(0, 2)) {
                assertEquals("released\n", hung.read().text());
            }
        } finally {
            for (RawConnection client : clients) {
                client.close();
            }
        }
    }

    private static RawConnection open(String path) throws IOException {
        return RawConnection.open(tomcat.port(NIO_ADMISSION)).send(RawConnection.get(path));
    }

    private static String name() {
        return "http-nio-admission-127.0.0.1-" + tomcat.port(NIO_ADMISSION);
    }

    private static long heldBackCount() throws IOException {
        return Long.parseLong(tomcat.protocolAttribute(NIO_ADMISSION, "heldBackCount").trim());
    }

    private static long connectionCount() throws IOException {
        return Long.parseLong(tomcat.probe("mbean?name=Catalina:type%3DThreadPool,name%3D%22" + name() +
                "%22&attribute=connectionCount").trim());
    }

    private static void awaitHanging(int requests) throws Exception {
        await(() -> Integer.parseInt(tomcat.probe("hang?hangs").trim()) == requests,
                "the hanging requests never occupied both workers");
    }

    private static void awaitHeldBack(long count) throws Exception {
        await(() -> heldBackCount() >= count, "the acceptor was never held back");
    }

    private interface Condition {
        boolean holds() throws IOException;
    }

    private static void await(Condition condition, String message) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!condition.holds()) {
            assertTrue(System.nanoTime() < deadline, message);
            Thread.sleep(20);
        }
    }
}
