package org.hybridconnector.rubis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.Closeable;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

import javax.xml.parsers.DocumentBuilderFactory;

import org.hybridconnector.LoopbackPorts;
import org.hybridconnector.e2e.Await;
import org.hybridconnector.e2e.HaproxyServer;
import org.hybridconnector.e2e.HaproxyServer.LoggedRequest;
import org.hybridconnector.e2e.RawConnection;
import org.hybridconnector.e2e.RawResponse;
import org.hybridconnector.e2e.TomcatServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.w3c.dom.Element;
import org.w3c.dom.NamedNodeMap;

/**
 * The cluster recipe of {@code conf/cluster} end to end: a real HAProxy with
 * {@code conf/cluster/haproxy.cfg}, two Tomcats whose hybrid connector has the attributes of
 * {@code conf/cluster/server-node.xml}, and rubis.war on one MariaDB database.
 * <p>
 * The nodes run two workers each instead of the recipe's ten, so that the tests can keep every
 * worker of a node busy ({@code /probe/hang}) and so overload it on purpose: with its workers
 * stuck and a third new session waiting, session admission cuts its limit below the sessions in
 * progress, and the node's agent says {@code drain}.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ClusterIT {

    private static final Path ROOT = ContextFile.ROOT;
    private static final String SERVLETS = "/rubis/servlet/edu.rice.rubis.servlets.";
    private static final String[] PAGES = { SERVLETS + "BrowseCategories", SERVLETS + "BrowseRegions",
        SERVLETS + "SearchItemsByCategory?category=1&categoryName=x&page=0&nbOfItems=5" };
    private static final AtomicLong IDS = new AtomicLong();

    private static MariaDb database;
    private static final Map<String,TomcatServer> nodes = new LinkedHashMap<>();
    private static HaproxyServer haproxy;

    @BeforeAll
    static void start() throws Exception {
        database = MariaDb.createLoaded();
        Path work = Files.createDirectories(Path.of(System.getProperty("e2e.work")));
        String context = Files.readString(ContextFile.from(database, database.url(), 0, work), StandardCharsets.UTF_8);
        List<HaproxyServer.Node> behind = new ArrayList<>();
        for (String name : new String[] { "node1", "node2" }) {
            int agentPort = LoopbackPorts.free();
            Map<String,String> attributes = recipeConnectorAttributes();
            attributes.put("maxThreads", "2");
            attributes.put("agentPort", Integer.toString(agentPort));
            TomcatServer node = new TomcatServer("cluster-" + name)
                    .connector("hybrid", TomcatServer.HYBRID_PROTOCOL, attributes)
                    .war(TomcatServer.rubisWar())
                    .contextFile("rubis", context)
                    .start();
            nodes.put(name, node);
            behind.add(new HaproxyServer.Node(name, node.port("hybrid"), agentPort));
        }
        haproxy = HaproxyServer.start(ROOT.resolve("conf/cluster/haproxy.cfg"), work.resolve("cluster-haproxy"),
                LoopbackPorts.free(), behind);
        for (String name : nodes.keySet()) {
            awaitStatus(name, "UP");
        }
    }

    @AfterAll
    static void stop() throws Exception {
        if (haproxy != null) {
            haproxy.close();
        }
        for (TomcatServer node : nodes.values()) {
            node.close();
        }
        if (database != null) {
            database.close();
        }
    }

    @Test
    @Order(1)
    void testEverySessionStaysOnTheNodeItsCookieNames() throws Exception {
        Map<String,List<String>> idsBySession = new HashMap<>();
        Map<String,String> nodeBySession = new HashMap<>();
        for (int s = 0; s < 8; s++) {
            try (Shopper shopper = new Shopper()) {
                List<String> ids = new ArrayList<>();
                for (int r = 0; r < 4; r++) {
                    String id = nextId();
                    assertEquals(200, shopper.get(PAGES[r % PAGES.length], id).status());
                    ids.add(id);
                }
                idsBySession.put("s" + s, ids);
                nodeBySession.put("s" + s, shopper.node);
            }
        }
        for (Map.Entry<String,List<String>> session : idsBySession.entrySet()) {
            for (String id : session.getValue()) {
                assertEquals(nodeBySession.get(session.getKey()), servedBy(id),
                        "request " + id + " of session " + session.getKey() + " left its node");
            }
        }
        assertEquals(Set.of("node1", "node2"), new HashSet<>(nodeBySession.values()),
                "round robin gave every new session to one node");
    }

    @Test
    @Order(2)
    void testADrainedNodeGetsNoNewSessionWhileItsOwnSessionsGoOn() throws Exception {
        Shopper admitted = shopperOn("node1");
        List<RawConnection> stuck = overload("node1");
        try {
            awaitStatus("node1", "DRAIN");
            for (int s = 0; s < 6; s++) {
                try (Shopper newcomer = new Shopper()) {
                    String id = nextId();
                    assertEquals(200, newcomer.get(PAGES[0], id).status());
                    assertEquals("node2", newcomer.node, "a new session was sent to the drained node");
                    assertEquals("node2", servedBy(id));
                }
            }
            // The admitted session's next page goes to its node, drained or not, and waits there
            // for a worker (both are stuck until released).
            String id = nextId();
            CompletableFuture<RawResponse> next = CompletableFuture.supplyAsync(() -> admitted.getUnchecked(PAGES[1], id));
            Await.until(() -> Integer.parseInt(nodes.get("node1").threadPoolAttribute("hybrid", "readyCount").trim()) >= 2,
                    20, "the admitted session's request never reached its drained node");
            release("node1", stuck);
            assertEquals(200, next.get(30, TimeUnit.SECONDS).status());
            assertEquals("node1", servedBy(id), "the admitted session was moved off its node");
            awaitStatus("node1", "UP");
        } finally {
            release("node1", stuck);
            admitted.close();
        }
    }

    @Test
    @Order(3)
    void testANewSessionTurnedAwayIsTriedOnTheOtherNodeButAPostIsNeverRetried() throws Exception {
        List<RawConnection> stuck = overload("node1");
        try {
            awaitStatus("node1", "DRAIN");
            // Without its agent, HAProxy sends node1 new sessions again, and node1 turns them away.
            haproxy.command("disable agent tomcats/node1");
            haproxy.command("set server tomcats/node1 state ready");
            haproxy.command("set weight tomcats/node1 100");
            awaitStatus("node1", "UP");
            for (int s = 0; s < 4; s++) {
                try (Shopper newcomer = new Shopper()) {
                    String id = nextId();
                    assertEquals(200, newcomer.get(PAGES[0], id).status(), "a turned-away GET was not tried again");
                    assertEquals("node2", servedBy(id));
                }
            }
            assertTrue(haproxy.requests("id=").stream().anyMatch(LoggedRequest::redispatched),
                    "no GET was turned away by node1 and tried on node2");
            int refused = 0;
            for (int s = 0; s < 4; s++) {
                try (RawConnection connection = RawConnection.open(haproxy.port())) {
                    String id = nextId();
                    RawResponse response = connection.send("POST /probe/echo?id=" + id + " HTTP/1.1\r\nHost: shop\r\n"
                            + "Content-Type: text/plain\r\nContent-Length: 3\r\n\r\nbid").read();
                    List<LoggedRequest> logged = awaitLogged(id);
                    assertEquals(1, logged.size(), "a POST was sent twice: " + logged);
                    assertFalse(logged.get(0).redispatched(), "a POST was retried on another node: " + logged);
                    if (response.status() == 503) {
                        refused++;
                        assertEquals("node1", logged.get(0).server());
                    } else {
                        assertEquals(200, response.status());
                    }
                }
            }
            assertTrue(refused > 0, "round robin never sent a POST to node1");
        } finally {
            haproxy.command("enable agent tomcats/node1");
            release("node1", stuck);
        }
        awaitStatus("node1", "UP");
    }

    @Test
    @Order(4)
    void testAKilledNodeIsTakenOutItsSessionsGoOnElsewhereAndItRejoins() throws Exception {
        KillLoad load = new KillLoad();
        // A thread each: the shoppers block on their sockets, which the common pool is not sized for.
        ExecutorService threads = Executors.newFixedThreadPool(6);
        List<CompletableFuture<Void>> shoppers = new ArrayList<>();
        try {
            for (int i = 0; i < 6; i++) {
                int shopper = i;
                shoppers.add(CompletableFuture.runAsync(() -> load.shop(shopper), threads));
            }
            killNode1Under(load, shoppers);
        } finally {
            load.running.set(false);
            threads.shutdown();
            // Each shopper stops after its request in flight; none outlives the test.
            if (!threads.awaitTermination(60, TimeUnit.SECONDS)) {
                threads.shutdownNow();
            }
        }
        nodes.get("node1").start();
        awaitStatus("node1", "UP");
        Set<String> newSessionsOn = new HashSet<>();
        for (int s = 0; s < 4; s++) {
            try (Shopper newcomer = new Shopper()) {
                assertEquals(200, newcomer.get(PAGES[0], nextId()).status());
                newSessionsOn.add(newcomer.node);
            }
        }
        assertTrue(newSessionsOn.contains("node1"), "the restarted node got no new session");
    }

    // ------------------------------------------------------------------ helpers

    /**
     * Kills node1 while {@code load} has a session under way on it, and checks what the test's name
     * says of the kill: HAProxy takes the node out, only requests in flight on it fail, and its
     * sessions go on on node2.
     */
    private static void killNode1Under(KillLoad load, List<CompletableFuture<Void>> shoppers) throws Exception {
        ConcurrentLinkedQueue<Outcome> outcomes = load.outcomes;
        Await.until(() -> outcomes.stream().filter(o -> "node1".equals(o.cookieBefore)).count() >= 10, 60,
                "no session reached node1");
        load.holdNode1.set(true);
        Await.until(() -> !load.held.isEmpty(), 60, "no session on node1 was held");
        Set<Integer> held = Set.copyOf(load.held);
        long kill = System.nanoTime();
        nodes.get("node1").kill();
        long killed = System.nanoTime();
        awaitStatus("node1", "DOWN");
        long down = System.nanoTime();
        long seconds = TimeUnit.NANOSECONDS.toSeconds(down - kill);
        assertTrue(seconds <= 5, "HAProxy took " + seconds + " s to take the killed node out");
        int before = outcomes.size();
        Await.until(() -> outcomes.size() >= before + 60, 60, "the load stopped after the kill");
        Await.until(() -> held.stream().allMatch(shopper -> outcomes.stream().anyMatch(
                o -> o.shopper == shopper && o.started - killed > 0 && o.status == 200)), 60,
                "a session held on node1 made no request after the kill");
        load.running.set(false);
        CompletableFuture.allOf(shoppers.toArray(CompletableFuture[]::new)).get(60, TimeUnit.SECONDS);

        List<Outcome> failed = outcomes.stream().filter(o -> o.status != 200).toList();
        System.out.printf("ClusterIT: node1 killed under load; HAProxy took it out after %d ms; %d of %d requests"
                + " failed, all in flight on node1%n", TimeUnit.NANOSECONDS.toMillis(down - kill), failed.size(),
                outcomes.size());
        assertTrue(failed.size() <= shoppers.size(), "more requests failed than were in flight: " + failed);
        for (Outcome outcome : failed) {
            assertTrue(outcome.started - down < 0, "a request sent after node1 was out failed: " + outcome);
            assertEquals("node1", servedBy(outcome.id), "a request sent to node2 failed: " + outcome);
        }
        for (Outcome outcome : outcomes) {
            if ("node1".equals(outcome.cookieBefore) && outcome.started - killed > 0 && outcome.status == 200) {
                assertEquals("node2", servedBy(outcome.id), "a request sent after the kill went to the dead node");
            }
        }
        // Between the kill and HAProxy's verdict, node1's sessions meet a refused connection and
        // are sent on to node2, which serves them from then on.
        for (int shopper : held) {
            List<Outcome> after = outcomes.stream().filter(o -> o.shopper == shopper && o.started - kill > 0).toList();
            boolean movedOn = false;
            for (Outcome outcome : after) {
                movedOn |= outcome.status == 200 && servedBy(outcome.id).equals("node2");
            }
            assertTrue(movedOn, "the session of shopper " + shopper + ", on node1 when it was killed, did not go on"
                    + " on node2: " + after);
        }
    }

    /** One request of the load in the kill test, by shopper number {@code shopper}. */
    private record Outcome(int shopper, String id, long started, String cookieBefore, int status) {
    }

    /**
     * The load of the kill test: shoppers making sessions of twenty pages 10 ms of thought apart,
     * one after another, until told to stop; every request's outcome is kept. Once told to hold
     * node1, a session that finds itself there goes on until the end, so that the test kills
     * node1 with a session known to be under way on it.
     */
    private static final class KillLoad {

        final AtomicBoolean running = new AtomicBoolean(true);
        final AtomicBoolean holdNode1 = new AtomicBoolean();
        /** The shoppers whose session on node1 was held. */
        final Set<Integer> held = ConcurrentHashMap.newKeySet();
        final ConcurrentLinkedQueue<Outcome> outcomes = new ConcurrentLinkedQueue<>();

        void shop(int number) {
            while (running.get()) {
                try (Shopper shopper = new Shopper()) {
                    boolean holding = false;
                    for (int page = 0; running.get() && (page < 20 || holding); page++) {
                        think();
                        String id = nextId();
                        String cookie = shopper.node;
                        long started = System.nanoTime();
                        int status;
                        try {
                            status = shopper.get(PAGES[page % PAGES.length], id).status();
                        } catch (IOException e) {
                            status = -1;
                        }
                        outcomes.add(new Outcome(number, id, started, cookie, status));
                        if (!holding && holdNode1.get() && "node1".equals(shopper.node)) {
                            holding = true;
                            held.add(number);
                        }
                    }
                }
            }
        }
    }

    private static void think() {
        try {
            Thread.sleep(10);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Keeps both of the node's workers busy and a third new session waiting, straight to the node:
     * a window later its session limit is below the three sessions in progress.
     */
    private static List<RawConnection> overload(String node) throws Exception {
        TomcatServer tomcat = nodes.get(node);
        List<RawConnection> connections = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            connections.add(RawConnection.open(tomcat.port("hybrid")).send(RawConnection.get("/probe/hang")));
        }
        Await.until(() -> tomcat.probe("hang?hangs").trim().equals("2"), 20, "the hanging requests never started");
        Await.until(() -> {
            int limit = Integer.parseInt(tomcat.protocolAttribute("hybrid", "sessionLimit").trim());
            return limit >= 0 && Integer.parseInt(tomcat.protocolAttribute("hybrid", "sessionsInProgress").trim()) >= limit;
        }, 20, "session admission never cut its limit below the sessions in progress while the workers were stuck");
        return connections;
    }

    /** Lets the hanging requests end, through the node's control connector, and closes their connections. */
    private static void release(String node, List<RawConnection> connections) throws IOException {
        nodes.get(node).probe("hang?release");
        nodes.get(node).probe("hang?release");
        for (RawConnection connection : connections) {
            connection.close();
        }
    }

    /** A session HAProxy has placed on {@code node}. */
    private static Shopper shopperOn(String node) throws IOException {
        for (int tries = 0; tries < 10; tries++) {
            Shopper shopper = new Shopper();
            shopper.get(PAGES[0], nextId());
            if (node.equals(shopper.node)) {
                return shopper;
            }
            shopper.close();
        }
        throw new AssertionError("round robin placed no session on " + node);
    }

    private static void awaitStatus(String node, String status) throws Exception {
        // An agent's DRAIN reads "DRAIN (agent)".
        Await.until(() -> haproxy.status(node).replace(" (agent)", "").equals(status), 60,
                node + " never became " + status);
    }

    private static List<LoggedRequest> awaitLogged(String id) throws Exception {
        Await.until(() -> !haproxy.requests("id=" + id + " ").isEmpty(), 10, "HAProxy never logged request " + id);
        return haproxy.requests("id=" + id + " ");
    }

    /**
     * The node that served request {@code id}, from HAProxy's log: its last entry, since a GET a
     * shopper sent again on a new connection (see {@link Shopper#get}) may have been logged twice.
     */
    private static String servedBy(String id) throws Exception {
        List<LoggedRequest> logged = awaitLogged(id);
        return logged.get(logged.size() - 1).server();
    }

    private static String nextId() {
        return Long.toString(IDS.incrementAndGet());
    }

    /** The hybrid connector's attributes in the recipe's server-node.xml, but for the ports. */
    private static Map<String,String> recipeConnectorAttributes() throws Exception {
        Element connector = (Element) DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(ROOT.resolve("conf/cluster/server-node.xml").toFile()).getElementsByTagName("Connector").item(0);
        Map<String,String> attributes = new HashMap<>();
        NamedNodeMap all = connector.getAttributes();
        for (int i = 0; i < all.getLength(); i++) {
            String name = all.item(i).getNodeName();
            if (!Set.of("port", "address", "protocol", "agentPort").contains(name)) {
                attributes.put(name, all.item(i).getNodeValue());
            }
        }
        return attributes;
    }

    /**
     * A shopper's session through HAProxy: one keep-alive connection, opened again when the proxy
     * closes it, and the {@code NODE} cookie from HAProxy's first reply on every later request.
     */
    private static final class Shopper implements Closeable {

        private RawConnection connection;
        /** The node the NODE cookie names; {@code null} before HAProxy has set it. */
        private String node;

        /**
         * GETs {@code page}. A kept-alive connection the proxy closed meanwhile fails before any
         * reply; the request is then sent once more on a new connection, as browsers do with
         * idempotent requests (RFC 9112, section 9.3.1).
         */
        RawResponse get(String page, String id) throws IOException {
            String path = page + (page.contains("?") ? "&" : "?") + "id=" + id;
            String request = RawConnection.get(path, node == null ? "" : "Cookie: NODE=" + node + "\r\n");
            RawResponse response;
            if (connection == null) {
                response = sendOnNewConnection(request);
            } else {
                try {
                    response = connection.send(request).read();
                } catch (IOException e) {
                    close();
                    response = sendOnNewConnection(request);
                }
            }
            String cookie = response.header("set-cookie");
            if (cookie != null && cookie.startsWith("NODE=")) {
                node = cookie.substring(5).split(";")[0];
            }
            if (response.closesConnection()) {
                close();
            }
            return response;
        }

        private RawResponse sendOnNewConnection(String request) throws IOException {
            connection = RawConnection.open(haproxy.port());
            try {
                return connection.send(request).read();
            } catch (IOException e) {
                close();
                throw e;
            }
        }

        RawResponse getUnchecked(String page, String id) {
            try {
                return get(page, id);
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }

        @Override
        public void close() {
            if (connection != null) {
                try {
                    connection.close();
                } catch (IOException e) {
                    // closing a connection the proxy may have closed already
                }
                connection = null;
            }
        }
    }
}
