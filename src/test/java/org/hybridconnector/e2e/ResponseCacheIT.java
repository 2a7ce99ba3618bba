package org.hybridconnector.e2e;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.attribute.FileTime;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The response cache over a real Tomcat: responses a shared cache may keep (the examples webapp's
 * and RUBiS's images, a servlet's {@code max-age} response) are answered by the selector from the second
 * request on, as the miss sent them apart from {@code Date} and {@code Age}; what must reach the
 * servlet does (a {@code Range}, a private response, a request with a cookie); a {@code POST}
 * (first on its connection, pipelined behind another request, or over HTTP/2; synchronous or not)
 * and a web application's reload drop what they make wrong, a page stored during the change
 * included; hits are in the access log; and a scan of
 * many distinct URLs stays within the memory bound.
 */
class ResponseCacheIT {

    private static final String CACHE = "cache";
    private static final String CACHE_TLS = "cacheTls";
    /** With HTTP/2 nested, h2c by prior knowledge. */
    private static final String CACHE_H2 = "cacheH2";
    /** A small bound, for the scan. */
    private static final String SMALL_CACHE = "smallCache";
    private static final int SMALL_BYTES = 256 * 1024;
    private static final String IMAGE = "/examples/servlets/images/code.gif";
    private static final String RUBIS_LOGO = "/rubis/RUBiS_logo.jpg";
    /** A file above Tomcat's {@code sendfileSize} (48 KiB), written for the tests. */
    private static final String LARGE_IMAGE = "/examples/servlets/images/large.png";
    private static final int LARGE_BYTES = 64 * 1024;

    private static TomcatServer tomcat;

    @BeforeAll
    static void startTomcat() throws Exception {
        tomcat = new TomcatServer("cache")
                .connector(CACHE, TomcatServer.HYBRID_PROTOCOL, Map.of("responseCache", "true"))
                .connector(CACHE_TLS, TomcatServer.HYBRID_PROTOCOL, Map.of("responseCache", "true", "SSLEnabled", "true",
                        "scheme", "https", "secure", "true"),
                        TestKeystore.sslHostConfig() + TestKeystore.sslHostConfig(SharedTomcat.TLS_VIRTUAL_HOST))
                .connector(CACHE_H2, TomcatServer.HYBRID_PROTOCOL, Map.of("responseCache", "true"),
                        TomcatServer.HTTP2)
                .connector(SMALL_CACHE, TomcatServer.HYBRID_PROTOCOL,
                        Map.of("responseCache", "true", "responseCacheSize", Integer.toString(SMALL_BYTES),
                                "maxKeepAliveRequests", "-1"))
                .webapp("examples")
                .webapp("manager")
                .war(TomcatServer.rubisWar())
                .start();
        byte[] large = new byte[LARGE_BYTES];
        new java.util.Random(7).nextBytes(large);
        Files.write(tomcat.base().resolve("webapps" + LARGE_IMAGE), large);
        // As deployed files': a day old, so that their heuristic freshness (a tenth of that) outlasts the tests.
        for (String file : List.of(IMAGE, RUBIS_LOGO, LARGE_IMAGE)) {
            Files.setLastModifiedTime(tomcat.base().resolve("webapps" + file),
                    FileTime.fromMillis(System.currentTimeMillis() - TimeUnit.DAYS.toMillis(1)));
        }
    }

    @AfterAll
    static void stopTomcat() throws Exception {
        if (tomcat != null) {
            assertFalse(tomcat.consoleLog().contains("SEVERE"), tomcat.consoleLog());
            tomcat.close();
        }
    }

    private static long figure(String connector, String attribute) throws IOException {
        return Long.parseLong(tomcat.probe("mbean?name=Catalina:type%3DResponseCache,name%3D%22" +
                tomcat.connectorName(connector) + "%22&attribute=" + attribute));
    }

    private static RawResponse fetch(String connector, String request) throws IOException {
        try (RawConnection connection = RawConnection.open(tomcat.port(connector), 10_000)) {
            return connection.send(request).read(request.startsWith("HEAD "));
        }
    }

    /** The header fields but {@code Date} and {@code Age}, which a hit writes anew. */
    private static Map<String,List<String>> lasting(RawResponse response) {
        Map<String,List<String>> fields = new TreeMap<>(response.headers());
        fields.remove("date");
        fields.remove("age");
        return fields;
    }

    private static int servletRuns(String name) throws IOException {
        return Integer.parseInt(fetch(CACHE, RawConnection.get("/probe/cacheable-runs/" + name)).text());
    }

    @Test
    void testAnImageComesFromTheCacheAsTheMissSentIt() throws Exception {
        String request = RawConnection.get(IMAGE + "?first");
        RawResponse miss = fetch(CACHE, request);
        long hits = figure(CACHE, "Hits");
        RawResponse hit = fetch(CACHE, request);
        assertEquals(hits + 1, figure(CACHE, "Hits"));
        assertEquals(200, hit.status());
        assertEquals(miss.statusLine(), hit.statusLine());
        assertEquals(lasting(miss), lasting(hit));
        assertArrayEquals(miss.body(), hit.body());
        assertNull(miss.header("age"));
        assertNotNull(hit.header("age"));
        assertNotNull(hit.header("date"));
    }

    @Test
    void testRubisImagesComeFromTheCache() throws Exception {
        RawResponse miss = fetch(CACHE, RawConnection.get(RUBIS_LOGO));
        long hits = figure(CACHE, "Hits");
        RawResponse hit = fetch(CACHE, RawConnection.get(RUBIS_LOGO));
        assertEquals(hits + 1, figure(CACHE, "Hits"));
        assertEquals("image/jpeg", hit.header("content-type"));
        assertEquals(lasting(miss), lasting(hit));
        assertArrayEquals(miss.body(), hit.body());
    }

    /**
     * Each request on a connection of its own, as in the other tests: a request that arrives while
     * a worker still has the connection (its keep-alive loop looks for one before it hands the
     * connection back) is served by that worker, not looked up by the selector.
     */
    @Test
    void testTlsConnectionsGetHitsToo() throws Exception {
        javax.net.ssl.SSLContext client = TestKeystore.clientContext();
        RawResponse miss;
        try (RawConnection connection = RawConnection.openTls(tomcat.port(CACHE_TLS), client)) {
            miss = connection.send(RawConnection.get(IMAGE + "?tls")).read();
        }
        long hits = figure(CACHE_TLS, "Hits");
        try (RawConnection connection = RawConnection.openTls(tomcat.port(CACHE_TLS), client)) {
            RawResponse hit = connection.send(RawConnection.get(IMAGE + "?tls")).read();
            assertEquals(hits + 1, figure(CACHE_TLS, "Hits"));
            assertEquals(lasting(miss), lasting(hit));
            assertArrayEquals(miss.body(), hit.body());
        }
    }

    /**
     * Coyote's {@code strictSni} (Tomcat 11.0.15 on) refuses a request whose Host belongs to another
     * {@code <SSLHostConfig>} than its hello's SNI name: a client that may read one host's pages
     * must not read another's stored ones by naming it in the Host alone. Tomcat's own answer for a
     * page never stored (400 here, 200 before 11.0.15) is the reference; the cached page gets the
     * same, and no hit.
     */
    @Test
    void testAHostOfAnotherHostConfigThanTheSniNameIsNeverAHit() throws Exception {
        javax.net.ssl.SSLContext client = TestKeystore.clientContext();
        String page = RawConnection.get(IMAGE + "?sni");
        long before = figure(CACHE_TLS, "Hits");
        for (int i = 0; i < 2; i++) {
            try (RawConnection connection = RawConnection.openTls(tomcat.port(CACHE_TLS), client)) {
                assertEquals(200, connection.send(page).read().status());
            }
        }
        long hits = figure(CACHE_TLS, "Hits");
        assertEquals(before + 1, hits, "stored, then a hit, where the hello names no host");
        // A context of its own: JSSE would resume the session above, and a resumed hello repeats that
        // session's server name (none) whatever the client asks for.
        javax.net.ssl.SSLContext naming = TestKeystore.clientContext();
        int[] status = new int[2];
        String[] requests = { RawConnection.get("/probe/echo?n=sni"), page };
        for (int i = 0; i < 2; i++) {
            try (RawConnection connection = RawConnection.openTls(tomcat.port(CACHE_TLS), naming,
                    SharedTomcat.TLS_VIRTUAL_HOST)) {
                status[i] = connection.send(requests[i]).read().status();
            }
        }
        assertEquals(status[0], status[1], "Tomcat's answer, then the cached page's");
        assertEquals(hits, figure(CACHE_TLS, "Hits"));
        if (Integer.parseInt(System.getProperty("e2e.tomcatRelease").split("\\.")[2]) >= 15) {
            assertEquals(400, status[0], "strictSni refuses the Host, so the hello did name another host");
        }
    }

    @Test
    void testHeadAndConditionalRequestsAreAnsweredFromTheCache() throws Exception {
        RawResponse full = fetch(CACHE, RawConnection.get(IMAGE));
        fetch(CACHE, RawConnection.get(IMAGE));
        long hits = figure(CACHE, "Hits");

        RawResponse head = fetch(CACHE, RawConnection.get(IMAGE).replaceFirst("GET", "HEAD"));
        assertEquals(200, head.status());
        assertEquals(lasting(full), lasting(head));
        assertEquals(0, head.body().length);

        RawResponse byTag = fetch(CACHE, RawConnection.get(IMAGE, "If-None-Match: " + full.header("etag") + "\r\n"));
        assertEquals(304, byTag.status());
        assertEquals(full.header("etag"), byTag.header("etag"));
        assertEquals(0, byTag.body().length);
        RawResponse byDate = fetch(CACHE,
                RawConnection.get(IMAGE, "If-Modified-Since: " + full.header("last-modified") + "\r\n"));
        assertEquals(304, byDate.status());
        assertEquals(hits + 3, figure(CACHE, "Hits"));
    }

    @Test
    void testARangeGoesToTomcat() throws Exception {
        RawResponse full = fetch(CACHE, RawConnection.get(IMAGE));
        fetch(CACHE, RawConnection.get(IMAGE));
        long hits = figure(CACHE, "Hits");
        RawResponse part = fetch(CACHE, RawConnection.get(IMAGE, "Range: bytes=0-9\r\n"));
        assertEquals(206, part.status());
        assertArrayEquals(java.util.Arrays.copyOf(full.body(), 10), part.body());
        assertEquals(hits, figure(CACHE, "Hits"));
    }

    @Test
    void testAServletResponseIsKeptUntilAPostToItsTarget() throws Exception {
        String target = "/probe/cacheable/kept";
        assertEquals("/kept version=0 served=1\n", fetch(CACHE, RawConnection.get(target)).text());
        assertEquals("/kept version=0 served=1\n", fetch(CACHE, RawConnection.get(target)).text());
        assertEquals(1, servletRuns("kept"));

        String post = "POST " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\n\r\n";
        assertEquals(200, fetch(CACHE, post).status());
        assertEquals("/kept version=1 served=2\n", fetch(CACHE, RawConnection.get(target)).text());
        awaitStoredAgain(target, "/kept version=1 ");
    }

    /**
     * Waits, bounded, until a GET of {@code target} is answered from the cache, each page on the way
     * beginning with {@code prefix}. The GET just after a change may have begun before the POST's
     * worker returned from the servlet, where the change ends: the cache refuses its page then, and
     * a later one is stored (decision 0019).
     */
    private static void awaitStoredAgain(String target, String prefix) throws Exception {
        Await.until(() -> {
            String page = fetch(CACHE, RawConnection.get(target)).text();
            assertTrue(page.startsWith(prefix), page);
            return page.equals(fetch(CACHE, RawConnection.get(target)).text());
        }, 10, "a page of " + target + " was stored once the change had ended");
    }

    /**
     * A GET that read the page before a POST to its target began, and sent it while the change was
     * under way, is stored then; the change's end must drop it (decision 0019). The POST is
     * pipelined behind another request, so that the capture, which sees only the first response of
     * a turn, does not drop it first; the GET after it, on its connection, is read only once Tomcat
     * is done with the POST.
     */
    @Test
    void testAPageReadBeforeAChangeAndSentDuringItIsDroppedWhenTheChangeEnds() throws Exception {
        String target = "/probe/cacheable/held";
        try (RawConnection held = RawConnection.open(tomcat.port(CACHE), 10_000);
                RawConnection changing = RawConnection.open(tomcat.port(CACHE), 10_000)) {
            held.send(RawConnection.get(target, "Probe-Hold: 1\r\n"));
            changing.send(RawConnection.get("/probe/echo?n=ahead") + "POST " + target
                    + " HTTP/1.1\r\nHost: 127.0.0.1\r\nProbe-Hold: 1\r\nContent-Length: 0\r\n\r\n");
            assertEquals("n=ahead\n", changing.read().text());
            assertEquals("version=1\n", changing.read().text());
            assertEquals("/held version=0 served=1\n", held.read().text());
            changing.send(RawConnection.get(target));
            assertEquals("/held version=1 served=2\n", changing.read().text());
        }
    }

    /**
     * An asynchronous POST, its change made on another thread, drops its target as any other, and
     * the target's page is stored again once the change has ended.
     */
    @Test
    void testAnAsynchronousPostEndsItsChangeWhenItCompletes() throws Exception {
        String target = "/probe/cacheable/asyncPost";
        assertEquals("/asyncPost version=0 served=1\n", fetch(CACHE, RawConnection.get(target)).text());
        assertEquals("/asyncPost version=0 served=1\n", fetch(CACHE, RawConnection.get(target)).text());
        String post = "POST " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\nProbe-Async: 1\r\n"
                + "Content-Length: 0\r\n\r\n";
        assertEquals("version=1\n", fetch(CACHE, post).text());
        assertEquals("/asyncPost version=1 served=2\n", fetch(CACHE, RawConnection.get(target)).text());
        awaitStoredAgain(target, "/asyncPost version=1 ");
    }

    @Test
    void testWhatMayDependOnTheUserIsNotShared() throws Exception {
        for (int i = 0; i < 2; i++) {
            fetch(CACHE, RawConnection.get("/probe/cacheable/private?private"));
            fetch(CACHE, RawConnection.get("/probe/cacheable/cookie?cookie"));
            fetch(CACHE, RawConnection.get("/probe/cacheable/withCookie", "Cookie: user=" + i + "\r\n"));
        }
        assertEquals(2, servletRuns("private"));
        assertEquals(2, servletRuns("cookie"));
        assertEquals(2, servletRuns("withCookie"));
    }

    @Test
    void testHitsAreInTheAccessLog() throws Exception {
        String path = IMAGE + "?logged";
        fetch(CACHE, RawConnection.get(path));
        RawResponse hit = fetch(CACHE, RawConnection.get(path));
        // %{local}p is the request's server port: 80, since the Host field names none.
        String line = "80 127.0.0.1 GET " + path + " HTTP/1.1 200 " + hit.body().length + " ";
        Await.until(() -> tomcat.accessLog().stream().filter(l -> l.startsWith(line)).count() == 2, 5,
                "two access log lines starting [" + line + "], the miss's and the hit's");
    }

    @Test
    void testPipelinedHitsKeepTheConnectionAndConnectionCloseEndsIt() throws Exception {
        RawResponse miss = fetch(CACHE, RawConnection.get(IMAGE + "?pipelined"));
        try (RawConnection connection = RawConnection.open(tomcat.port(CACHE), 10_000)) {
            String get = RawConnection.get(IMAGE + "?pipelined");
            connection.send(get + get + RawConnection.get("/probe/echo?n=after") + get);
            for (int i = 0; i < 2; i++) {
                assertArrayEquals(miss.body(), connection.read().body());
            }
            assertEquals("n=after\n", connection.read().text());
            assertArrayEquals(miss.body(), connection.read().body());
            connection.send(RawConnection.get(IMAGE + "?pipelined", "Connection: close\r\n"));
            RawResponse last = connection.read();
            assertArrayEquals(miss.body(), last.body());
            assertTrue(last.closesConnection());
            assertTrue(connection.awaitClose(5000), "the connection must close after Connection: close");
        }
    }

    /**
     * A repeated Content-Length is Coyote's to refuse (400, then close), as on Tomcat's own
     * connectors: answered from the cache, the request would leave the body behind its first "0"
     * to be served as the next request.
     */
    @Test
    void testARepeatedContentLengthGoesToTomcatWhichRefusesIt() throws Exception {
        String smuggled = RawConnection.get("/probe/echo?n=smuggled");
        assertSmugglingRefused(IMAGE + "?smuggling", "Content-Length: 0\r\n",
                "Content-Length: " + smuggled.length() + "\r\n");
    }

    /** A folded line continues the field before it: Coyote reads {@code Content-Length: 0 40}. */
    @Test
    void testAFoldedContentLengthGoesToTomcatWhichRefusesIt() throws Exception {
        String smuggled = RawConnection.get("/probe/echo?n=smuggled");
        assertSmugglingRefused(IMAGE + "?folded", "Content-Length: 0\r\n", " " + smuggled.length() + "\r\n");
    }

    /**
     * A cached page asked for with {@code lengthLines}, a request for another page behind it as its
     * body, gets Coyote's 400 and a close, not a hit that leaves the body to be read as a request.
     */
    private static void assertSmugglingRefused(String target, String... lengthLines) throws IOException {
        fetch(CACHE, RawConnection.get(target));
        long stored = figure(CACHE, "Hits");
        assertEquals(200, fetch(CACHE, RawConnection.get(target)).status());
        long hits = figure(CACHE, "Hits");
        assertEquals(stored + 1, hits, "the page must be a hit without the length lines");
        try (RawConnection connection = RawConnection.open(tomcat.port(CACHE), 10_000)) {
            connection.send(RawConnection.get(target, lengthLines) + RawConnection.get("/probe/echo?n=smuggled"));
            assertEquals(400, connection.read().status());
            assertTrue(connection.awaitClose(5000), "the connection must close after the 400");
        }
        assertEquals(hits, figure(CACHE, "Hits"));
    }

    /**
     * A file above {@code sendfileSize} goes by sendfile, around the connection's writes, and Coyote
     * serves the requests pipelined behind it in the same turn: their responses, 80 KiB of them,
     * must not be stored as the file's body.
     */
    @Test
    void testAFileSentBySendfileIsNotStoredWithTheResponsesPipelinedBehindIt() throws Exception {
        byte[] file = Files.readAllBytes(tomcat.base().resolve("webapps" + LARGE_IMAGE));
        try (RawConnection connection = RawConnection.open(tomcat.port(CACHE), 10_000)) {
            connection.send(RawConnection.get(LARGE_IMAGE) + RawConnection.get(RUBIS_LOGO).repeat(4));
            assertArrayEquals(file, connection.read().body());
            for (int i = 0; i < 4; i++) {
                assertEquals(200, connection.read().status());
            }
        }
        assertArrayEquals(file, fetch(CACHE, RawConnection.get(LARGE_IMAGE)).body());
    }

    /**
     * A servlet that declares a longer body than it writes leaves its response short, and Coyote
     * goes on with the requests pipelined behind it in the same turn: their bytes must not be
     * stored as the rest of its body. (The connector tells where the next response begins by the
     * buffer Coyote writes response heads from: this test is what says Coyote still does so.)
     */
    @Test
    void testABodyShorterThanItsLengthIsNotStoredWithTheResponsesPipelinedBehindIt() throws Exception {
        try (RawConnection connection = RawConnection.open(tomcat.port(CACHE), 10_000)) {
            connection.send(RawConnection.get("/probe/cacheable/short?short")
                    + RawConnection.get("/probe/cacheable/filler?fixed").repeat(3));
            Await.until(() -> servletRuns("filler") == 3, 10, "the pipelined requests were served");
        }
        fetch(CACHE, "HEAD /probe/cacheable/short?short HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
        assertEquals(2, servletRuns("short"), "the short response was stored, completed with the next one's bytes");
    }

    /** A POST whose client waits for {@code 100 Continue} invalidates as any other (its 100 comes first). */
    @Test
    void testAPostThatExpectsAContinueStillInvalidates() throws Exception {
        String target = "/probe/cacheable/continued";
        assertEquals("/continued version=0 served=1\n", fetch(CACHE, RawConnection.get(target)).text());
        try (RawConnection connection = RawConnection.open(tomcat.port(CACHE), 10_000)) {
            connection.send("POST " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 1\r\n"
                    + "Expect: 100-continue\r\n\r\n");
            assertEquals(100, connection.readIncludingInterim(false).status());
            connection.send("x");
            assertEquals(200, connection.read().status());
        }
        assertEquals("/continued version=1 served=2\n", fetch(CACHE, RawConnection.get(target)).text());
    }

    /**
     * Coyote serves a request pipelined behind another within the worker's turn, where the selector
     * never sees its head: an unsafe one must still drop its target.
     */
    @Test
    void testAPostPipelinedBehindAnotherRequestStillInvalidates() throws Exception {
        String target = "/probe/cacheable/pipelinedPost";
        assertEquals("/pipelinedPost version=0 served=1\n", fetch(CACHE, RawConnection.get(target)).text());
        assertEquals("/pipelinedPost version=0 served=1\n", fetch(CACHE, RawConnection.get(target)).text());
        try (RawConnection connection = RawConnection.open(tomcat.port(CACHE), 10_000)) {
            connection.send(RawConnection.get("/probe/echo?n=ahead")
                    + "POST " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\n\r\n");
            assertEquals("n=ahead\n", connection.read().text());
            assertEquals("version=1\n", connection.read().text());
        }
        assertEquals("/pipelinedPost version=1 served=2\n", fetch(CACHE, RawConnection.get(target)).text());
    }

    /** A POST over HTTP/2 changes what HTTP/1.1 clients were answered from the cache, and must drop it. */
    @Test
    void testAPostOverHttp2Invalidates() throws Exception {
        String target = "/probe/cacheable/h2Post";
        int port = tomcat.port(CACHE_H2);
        // HTTP/2's authority is host and port, so the HTTP/1.1 requests name the same.
        String get = "GET " + target + " HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\n\r\n";
        assertEquals("/h2Post version=0 served=1\n", fetch(CACHE_H2, get).text());
        assertEquals("/h2Post version=0 served=1\n", fetch(CACHE_H2, get).text());
        try (H2cClient client = H2cClient.priorKnowledge(port)) {
            int stream = client.post(target);
            assertEquals("version=1\n", client.await(List.of(stream), 20).get(stream).text());
        }
        assertEquals("/h2Post version=1 served=2\n", fetch(CACHE_H2, get).text());
    }

    /**
     * An asynchronous POST over HTTP/2 during which a GET stores the page it read before the change.
     * Over HTTP/2 nothing drops the target when the POST's answer is written, and the change may end
     * after the client has that answer (decision 0019's window), so the GETs after it wait, bounded,
     * for the new version; without the end's drop, the old page would be served until it expired.
     */
    @Test
    void testAnAsynchronousPostOverHttp2DropsAPageStoredDuringItsChangeWhenItEnds() throws Exception {
        String target = "/probe/cacheable/heldH2";
        int port = tomcat.port(CACHE_H2);
        String get = "GET " + target + " HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\n";
        long stores = figure(CACHE_H2, "Stores");
        try (RawConnection held = RawConnection.open(port, 10_000); H2cClient client = H2cClient.priorKnowledge(port)) {
            held.send(get + "Probe-Hold: 1\r\n\r\n");
            int stream = client.post(target, "probe-hold", "1", "probe-async", "1");
            assertEquals("version=1\n", client.await(List.of(stream), 20).get(stream).text());
            assertEquals("/heldH2 version=0 served=1\n", held.read().text());
        }
        assertEquals(stores + 1, figure(CACHE_H2, "Stores"), "the page read before the change was stored during it");
        Await.until(() -> fetch(CACHE_H2, get + "\r\n").text().startsWith("/heldH2 version=1 "), 10,
                "the page read before the change was dropped when it ended");
    }

    /**
     * Catalina gives a Host without a port the scheme's port (80), not the connection's: a page
     * that prints its port for {@code Host: 127.0.0.1:<port>} must not be served for
     * {@code Host: 127.0.0.1}.
     */
    @Test
    void testAHostWithTheLocalPortIsAnotherKeyThanAHostWithout() throws Exception {
        String target = "/probe/cacheable/port?port";
        int port = tomcat.port(CACHE);
        String withPort = "GET " + target + " HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\n\r\n";
        assertEquals("/port port=" + port + "\n", fetch(CACHE, withPort).text());
        assertEquals("/port port=80\n", fetch(CACHE, RawConnection.get(target)).text());
        assertEquals("/port port=" + port + "\n", fetch(CACHE, withPort).text());
        assertEquals(2, servletRuns("port"), "each spelling of the host is served once, then from the cache");
    }

    @Test
    void testReloadingAWebApplicationDropsItsEntries() throws Exception {
        String path = IMAGE + "?reloaded";
        fetch(CACHE, RawConnection.get(path));
        fetch(CACHE, RawConnection.get(path));
        long misses = figure(CACHE, "Misses");
        String auth = Base64.getEncoder().encodeToString(
                (TomcatServer.MANAGER_USER + ":" + TomcatServer.MANAGER_PASSWORD).getBytes(StandardCharsets.UTF_8));
        RawResponse reload = fetch(TomcatServer.CONTROL,
                RawConnection.get("/manager/text/reload?path=/examples", "Authorization: Basic " + auth + "\r\n"));
        assertTrue(reload.text().startsWith("OK"), reload.text());
        assertEquals(200, fetch(CACHE, RawConnection.get(path)).status());
        assertEquals(misses + 1, figure(CACHE, "Misses"), "the reloaded application's image was still cached");
    }

    @Test
    void testAScanOfManyUrlsStaysWithinTheBound() throws Exception {
        int urls = 100_000;
        int batch = 200;
        try (RawConnection connection = RawConnection.open(tomcat.port(SMALL_CACHE), 30_000)) {
            for (int start = 0; start < urls; start += batch) {
                StringBuilder requests = new StringBuilder();
                for (int i = start; i < start + batch; i++) {
                    requests.append(RawConnection.get("/probe/cacheable/scan?i=" + i));
                }
                connection.send(requests.toString());
                for (int i = start; i < start + batch; i++) {
                    assertEquals(200, connection.read().status());
                }
                assertTrue(figure(SMALL_CACHE, "Bytes") <= SMALL_BYTES);
            }
        }
        assertTrue(figure(SMALL_CACHE, "Evictions") > 0);
        assertTrue(figure(SMALL_CACHE, "Entries") > 0);
        assertTrue(figure(SMALL_CACHE, "Bytes") <= SMALL_BYTES);
    }
}
