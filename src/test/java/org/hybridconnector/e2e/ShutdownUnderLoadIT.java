package org.hybridconnector.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;

/**
 * Stopping Tomcat (its shutdown port, as {@code catalina.sh stop}) while clients keep sending:
 * every request a worker had started is answered whole, the rest are refused cleanly (no byte of
 * a response), never half answered; and no RUBiS bid is half applied.
 */
class ShutdownUnderLoadIT {

    private static final String HYBRID = "hybrid";

    @Test
    void testStopUnderLoadAnswersWholeOrNotAtAll() throws Exception {
        try (TomcatServer tomcat = new TomcatServer("shutdown-under-load")
                .connector(HYBRID, TomcatServer.HYBRID_PROTOCOL, Map.of("maxThreads", "10"))
                .start()) {
            // Below the 8 KB response buffer, so each response is framed by Content-Length.
            LoadUntilRefused load = new LoadUntilRefused(tomcat.port(HYBRID),
                    n -> RawConnection.get("/probe/journaled?id=" + n + "&ms=" + (n % 40)));
            CompletableFuture<Void> running = CompletableFuture.runAsync(() -> {
                try {
                    load.run(16, 60);
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            awaitBusyWorkers(tomcat);
            Thread.sleep(1000);
            tomcat.requestShutdown();
            running.get(120, TimeUnit.SECONDS);
            assertTrue(tomcat.awaitExit(30), "Tomcat did not exit:\n" + tomcat.consoleLog());

            assertEquals(0, load.half.size(), "half responses: " + load.half);
            Set<String> received = new TreeSet<>();
            for (LoadUntilRefused.Complete response : servedByTheWebapp(load)) {
                assertTrue(response.statusLine().startsWith("HTTP/1.1 200"), response.statusLine());
                assertTrue(response.body().length() == 6000, response.body());
                received.add(response.body().substring(3, response.body().indexOf('\n')));
            }
            // The servlet's journal: every request a worker started was finished, and every
            // finished one reached its client whole.
            List<String> journal = Files.readAllLines(tomcat.base().resolve("temp/journal.log"));
            Set<String> started = ids(journal, "start ");
            Set<String> ended = ids(journal, "end ");
            assertEquals(started, ended, "requests started but never finished");
            assertEquals(ended, received, "requests finished by the servlet vs responses received whole");
            assertTrue(load.complete.size() > 100, "too little load before the stop: " + load.complete.size());
            assertTrue(load.refused.get() > 0, "no request was refused: the stop came after the load");
            String log = tomcat.consoleLog();
            assertTrue(!log.contains("SEVERE"), log);
        }
    }

    /**
     * RUBiS bids (StoreBid: a transaction that inserts the bid and updates the item) from eight
     * clients while Tomcat stops. Afterwards, in the database file: every item agrees with its
     * bids, every acknowledged bid is there, and no more bids than were sent.
     */
    @Test
    void testStopDuringRubisBidsLeavesNoBidHalfApplied() throws Exception {
        Path contextXml = Path.of(System.getProperty("e2e.projectRoot"), "rubis-webapp/src/main/webapp/META-INF/context.xml");
        String shipped = Files.readString(contextXml, StandardCharsets.UTF_8);
        // AUTO_SERVER lets this JVM count the bids while Tomcat holds the database.
        String context = shipped.replace("DB_CLOSE_ON_EXIT=FALSE", "AUTO_SERVER=TRUE");
        assertTrue(!context.equals(shipped), "the war's context.xml changed: no DB_CLOSE_ON_EXIT=FALSE to replace");
        try (TomcatServer tomcat = new TomcatServer("shutdown-rubis")
                .connector(HYBRID, TomcatServer.HYBRID_PROTOCOL, Map.of("maxThreads", "10"))
                .war(TomcatServer.rubisWar())
                .contextFile("rubis", context)
                .start()) {
            awaitRubis(tomcat);
            String url = "jdbc:h2:" + tomcat.base().resolve("work/rubis-h2/rubis") + ";AUTO_SERVER=TRUE";
            long bidsBefore = countBids(url);
            int[] items = openItems(url);

            Random random = new Random(7);
            LoadUntilRefused load = new LoadUntilRefused(tomcat.port(HYBRID), n -> {
                int item;
                int bid;
                synchronized (random) {
                    item = items[random.nextInt(items.length)];
                    bid = 1 + random.nextInt(5000);
                }
                return RawConnection.get("/rubis/servlet/edu.rice.rubis.servlets.StoreBid?itemId=" + item +
                        "&userId=" + (1 + n % 1000) + "&minBid=1&maxQty=1&qty=1&bid=" + bid + "&maxBid=" + bid);
            });
            CompletableFuture<Void> running = CompletableFuture.runAsync(() -> {
                try {
                    load.run(8, 60);
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            awaitBusyWorkers(tomcat);
            Thread.sleep(1500);
            tomcat.requestShutdown();
            running.get(120, TimeUnit.SECONDS);
            assertTrue(tomcat.awaitExit(60), "Tomcat did not exit:\n" + tomcat.consoleLog());

            assertEquals(0, load.half.size(), "half responses: " + load.half);
            List<LoadUntilRefused.Complete> served = servedByTheWebapp(load);
            long acknowledged = served.stream()
                    .filter(r -> r.statusLine().startsWith("HTTP/1.1 200") && r.body().contains("successfully processed"))
                    .count();
            // A bid still running when Tomcat stops the webapp (after its unloadDelay, so on a slow
            // machine) finds the database closed: RUBiS rolls it back and answers a whole 503.
            List<String> others = served.stream().filter(r -> !r.body().contains("successfully processed"))
                    .map(r -> r.statusLine() + " " + r.body().substring(0, Math.min(300, r.body().length()))).toList();
            long databaseGone = others.stream()
                    .filter(r -> r.startsWith("HTTP/1.1 503") && r.contains("cannot be reached")).count();
            assertEquals(served.size(), acknowledged + databaseGone,
                    "every response RUBiS gave is an acknowledged bid or a refusal; others: " + others);
            long added = countBids(url) - bidsBefore;
            int inconsistent = inconsistentItems(url);
            String figures = load.sent.get() + " bids sent, " + acknowledged + " acknowledged, " + databaseGone
                    + " refused as the database closed, " + added + " stored";
            System.out.println("ShutdownUnderLoadIT RUBiS: " + figures);
            assertEquals(0, inconsistent, "items whose nb_of_bids or max_bid disagree with their bids; " + figures);
            assertTrue(added >= acknowledged, "an acknowledged bid was lost: " + figures);
            assertTrue(added <= acknowledged + databaseGone, "a bid was stored but its client never told: " + figures);
            assertTrue(added <= load.sent.get(), "more bids stored than sent: " + figures);
            assertTrue(acknowledged > 50, "too little load before the stop: " + figures);
        }
    }

    /**
     * The whole responses, less the refusals Tomcat gave before the webapp saw the request, which
     * are clean refusals, not losses:
     * <ul>
     * <li>a 404 from Catalina once the webapp had stopped: Tomcat stops its contexts before its
     * connectors, as with the stock connectors, so a request on a kept-alive connection can arrive
     * in between;</li>
     * <li>a 400 from Coyote when the pause lands while a worker reads a request line: Coyote's
     * {@code Http11Processor} looks at the pause before and after it, answers 503 without reading
     * the header fields if the second look sees it, and its {@code Host} check then makes that a
     * 400 (with Tomcat's error page, or none once the webapp has stopped). Stock NIO answers so too;
     * the connector answers as it does.</li>
     * </ul>
     */
    private static List<LoadUntilRefused.Complete> servedByTheWebapp(LoadUntilRefused load) {
        return load.complete.stream().filter(r -> !r.statusLine().startsWith("HTTP/1.1 404"))
                .filter(r -> !(r.statusLine().startsWith("HTTP/1.1 400") && isTomcats(r.body())))
                .toList();
    }

    /** Tomcat's own error page (RUBiS's 400s have pages of their own), or none once the webapp stopped. */
    private static boolean isTomcats(String body) {
        return body.isEmpty() || body.contains("HTTP Status 400");
    }

    private static Set<String> ids(List<String> journal, String prefix) {
        return journal.stream().filter(line -> line.startsWith(prefix)).map(line -> line.substring(prefix.length()))
                .collect(Collectors.toCollection(TreeSet::new));
    }

    private static void awaitBusyWorkers(TomcatServer tomcat) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (Integer.parseInt(tomcat.threadPoolAttribute(HYBRID, "currentThreadsBusy")) < 3) {
            assertTrue(System.nanoTime() < deadline, "the load never kept workers busy");
            Thread.sleep(20);
        }
    }

    /** The war loads its data set on first start (7 to 40 s on this machine) before it answers. */
    private static void awaitRubis(TomcatServer tomcat) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(180);
        while (true) {
            try (RawConnection connection = RawConnection.open(tomcat.port(HYBRID), 60_000)) {
                if (connection.send(RawConnection.get("/rubis/servlet/edu.rice.rubis.servlets.BrowseCategories",
                        "Connection: close\r\n")).read().status() == 200) {
                    return;
                }
            }
            assertTrue(System.nanoTime() < deadline, "RUBiS never answered:\n" + tomcat.consoleLog());
            Thread.sleep(500);
        }
    }

    private static long countBids(String url) throws Exception {
        try (Connection c = DriverManager.getConnection(url, "sa", ""); Statement s = c.createStatement();
                ResultSet row = s.executeQuery("SELECT COUNT(*) FROM bids")) {
            row.next();
            return row.getLong(1);
        }
    }

    private static int[] openItems(String url) throws Exception {
        try (Connection c = DriverManager.getConnection(url, "sa", ""); Statement s = c.createStatement();
                ResultSet rows = s.executeQuery("SELECT id FROM items WHERE end_date >= CURRENT_TIMESTAMP ORDER BY id LIMIT 50")) {
            java.util.List<Integer> ids = new java.util.ArrayList<>();
            while (rows.next()) {
                ids.add(rows.getInt(1));
            }
            assertTrue(ids.size() >= 10, "too few open auctions: " + ids);
            return ids.stream().mapToInt(Integer::intValue).toArray();
        }
    }

    /** The same rule as RUBiS's own tests: an item's bid count and highest bid come from its bids. */
    private static int inconsistentItems(String url) throws Exception {
        try (Connection c = DriverManager.getConnection(url, "sa", ""); Statement s = c.createStatement();
                ResultSet row = s.executeQuery("SELECT COUNT(*) FROM items i WHERE i.nb_of_bids <> " +
                        "(SELECT COUNT(*) FROM bids b WHERE b.item_id = i.id) OR i.max_bid <> " +
                        "COALESCE((SELECT MAX(b.bid) FROM bids b WHERE b.item_id = i.id), 0)")) {
            row.next();
            return row.getInt(1);
        }
    }
}
