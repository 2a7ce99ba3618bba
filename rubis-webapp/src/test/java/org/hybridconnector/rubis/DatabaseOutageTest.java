package org.hybridconnector.rubis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;

import org.h2.tools.Server;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The database goes away under a running site: pages answer 503 quickly, never hang or show a
 * stack trace, and the site serves again by itself once the database is back, without a
 * restart, because the pool validates each connection it lends. The database sits behind a
 * {@link TcpProxy} that the test cuts and restores.
 */
class DatabaseOutageTest {

    private static final String[] PAGES = {"BrowseCategories", "ViewItem?itemId=1", "AboutMe?nickname=user1&password=password1",
        "StoreBid?itemId=1&userId=1&minBid=1&maxQty=1&qty=1&bid=99999&maxBid=99999"};

    @TempDir
    Path dir;

    @Test
    void h2OutageGives503AndTheSiteRecoversIncludingAnOutageAtStartUp() throws Exception {
        // Port 0: H2 binds a port of the kernel's choosing itself, so no client socket can take it first.
        Server h2 = Server.createTcpServer("-tcpPort", "0", "-ifNotExists", "-baseDir", dir.resolve("h2").toString()).start();
        try (TcpProxy proxy = new TcpProxy(h2.getPort())) {
            H2Files files = new H2Files(dir.resolve("unused"));
            String url = "jdbc:h2:tcp://127.0.0.1:" + proxy.port() + "/rubis;LOCK_TIMEOUT=10000";
            proxy.cut();
            try (TestSite site = TestSite.start(dir, ContextFile.from(files, url, 0.001, dir))) {
                assertUnavailable(site);
                proxy.restore();
                // The first request after the outage finds the empty database and loads it.
                assertServing(site);
                proxy.cut();
                assertUnavailable(site);
                proxy.restore();
                assertServing(site);
            }
        } finally {
            h2.stop();
        }
    }

    @Test
    void mariaDbOutageGives503AndTheSiteRecovers() throws Exception {
        try (MariaDb database = MariaDb.create(); TcpProxy proxy = new TcpProxy(MariaDb.port())) {
            try (TestSite site = TestSite.start(dir, ContextFile.from(database, database.urlVia(proxy.port()), 0.001, dir))) {
                assertServing(site);
                proxy.cut();
                assertUnavailable(site);
                proxy.restore();
                assertServing(site);
            }
        }
    }

    private static void assertUnavailable(TestSite site) throws Exception {
        for (String page : PAGES) {
            long start = System.nanoTime();
            Reply reply = site.servlet(page);
            long millis = (System.nanoTime() - start) / 1_000_000;
            assertEquals(503, reply.status(), page + ": " + reply.body());
            assertTrue(reply.body().contains("<title>RUBiS ERROR: Service unavailable</title>"), reply.body());
            assertTrue(millis < 5_000, page + " took " + millis + " ms to fail");
        }
        // Pages that need no database keep working.
        assertEquals(200, site.get(TestSite.CONTEXT_PATH + "/index.html").status());
        assertEquals(200, site.servlet("PutBidAuth?itemId=1").status());
    }

    private static void assertServing(TestSite site) throws Exception {
        for (String page : PAGES) {
            Reply reply = site.servlet(page);
            assertEquals(200, reply.status(), page + ": " + reply.body());
        }
    }
}
