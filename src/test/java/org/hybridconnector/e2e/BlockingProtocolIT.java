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
 * The blocking baseline ({@code org.hybridconnector.blocking.BlockingProtocol}) in a real Tomcat:
 * it serves through Catalina like any connector, keeps connections alive under light load, gives
 * every open connection a thread of its own (idle ones included), and switches keep-alive off
 * once more than 75 % of its threads are busy, as Tomcat 7's BIO connector did.
 * <p>
 * Each test leaves the connector with no open connection, so they may run in any order.
 */
class BlockingProtocolIT {

    private static final String BLOCKING = "blocking";
    private static final String PROTOCOL = "org.hybridconnector.blocking.BlockingProtocol";
    private static TomcatServer tomcat;

    @BeforeAll
    static void start() throws Exception {
        tomcat = new TomcatServer("blocking")
                .connector(BLOCKING, PROTOCOL, Map.of("maxThreads", "4", "connectionTimeout", "20000"))
                .start();
    }

    @AfterAll
    static void stop() throws Exception {
        if (tomcat != null) {
            tomcat.close();
        }
    }

    @Test
    void testKeepAliveWorksUnderLightLoad() throws Exception {
        try (RawConnection connection = RawConnection.open(tomcat.port(BLOCKING))) {
            for (int i = 0; i < 5; i++) {
                RawResponse response = connection.send(RawConnection.get("/probe/echo?n=" + i)).read();
                assertEquals(200, response.status());
                assertEquals("n=" + i + "\n", response.text());
                assertFalse(response.closesConnection(), "one busy thread of four must keep the connection");
            }
            assertFalse(connection.awaitClose(300), "the server closed a kept-alive connection");
        }
        awaitBusyThreads(0);
    }

    @Test
    void testIdleConnectionsHoldAThreadEach() throws Exception {
        List<RawConnection> idle = new ArrayList<>();
        try {
            for (int i = 0; i < 3; i++) {
                RawConnection connection = RawConnection.open(tomcat.port(BLOCKING));
                assertFalse(connection.send(RawConnection.get("/probe/echo?n=idle")).read().closesConnection());
                idle.add(connection);
            }
            // Nothing is being served, yet three threads are taken: each waits for its client.
            awaitBusyThreads(3);
            assertEquals("3", tomcat.probe(protocolBean("ownedConnectionCount")));
            List<String> workers = tomcat.probe("threads?prefix=" + name() + "-exec-").lines()
                    .filter(line -> !line.isBlank()).toList();
            assertTrue(workers.size() >= 3 && workers.size() <= 4, "worker threads: " + workers);
        } finally {
            for (RawConnection connection : idle) {
                connection.close();
            }
        }
        awaitBusyThreads(0);
    }

    @Test
    void testResponsesCloseTheirConnectionWhenMoreThanThreeQuartersOfTheThreadsAreBusy() throws Exception {
        long disabledBefore = Long.parseLong(tomcat.probe(protocolBean("keepAliveDisabledCount")));
        List<RawConnection> idle = new ArrayList<>();
        try {
            for (int i = 0; i < 3; i++) {
                idle.add(RawConnection.open(tomcat.port(BLOCKING)));
            }
            awaitBusyThreads(3);
            // The fourth connection makes 4 of 4 threads busy: 100 % > 75 %.
            try (RawConnection fourth = RawConnection.open(tomcat.port(BLOCKING))) {
                RawResponse response = fourth.send(RawConnection.get("/probe/echo?n=4")).read();
                assertEquals(200, response.status());
                assertEquals("n=4\n", response.text());
                assertTrue(response.closesConnection(), "expected Connection: close, got " + response.headers());
                assertTrue(fourth.awaitClose(5000), "the server must close after that response");
            }
            long disabled = Long.parseLong(tomcat.probe(protocolBean("keepAliveDisabledCount")));
            assertEquals(disabledBefore + 1, disabled);

            // One idle client leaves: 3 of 4 busy is 75 %, not more, so keep-alive is back.
            idle.remove(0).close();
            awaitBusyThreads(2);
            try (RawConnection next = RawConnection.open(tomcat.port(BLOCKING))) {
                RawResponse response = next.send(RawConnection.get("/probe/echo?n=5")).read();
                assertFalse(response.closesConnection(), "3 of 4 threads busy must keep the connection");
            }
        } finally {
            for (RawConnection connection : idle) {
                connection.close();
            }
        }
        awaitBusyThreads(0);
    }

    private static String name() {
        return "http-blocking-127.0.0.1-" + tomcat.port(BLOCKING);
    }

    private static String protocolBean(String attribute) {
        return "mbean?name=Catalina:type%3DProtocolHandler,port%3D" + tomcat.port(BLOCKING) +
                ",address%3D%22127.0.0.1%22&attribute=" + attribute;
    }

    /** Waits until the ThreadPool bean's {@code currentThreadsBusy} is {@code busy}. */
    private static void awaitBusyThreads(int busy) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        String value = "";
        while (System.nanoTime() < deadline) {
            value = tomcat.probe("mbean?name=Catalina:type%3DThreadPool,name%3D%22" + name() +
                    "%22&attribute=currentThreadsBusy");
            if (Integer.parseInt(value.trim()) == busy) {
                return;
            }
            Thread.sleep(20);
        }
        throw new AssertionError("currentThreadsBusy stayed " + value + ", expected " + busy);
    }
}
