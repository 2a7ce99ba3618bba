package org.hybridconnector;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.apache.coyote.Adapter;
import org.apache.coyote.Request;
import org.apache.coyote.Response;
import org.apache.tomcat.util.http.FastHttpDateFormat;
import org.apache.tomcat.util.net.SocketEvent;
import org.hybridconnector.cache.CacheSettings;
import org.hybridconnector.cache.HeaderFields;
import org.hybridconnector.cache.RequestFacts;
import org.hybridconnector.cache.ResponseCache;
import org.hybridconnector.cache.ResponseFacts;
import org.junit.jupiter.api.Test;

/**
 * What the adapter around Catalina's drops from the response cache, with Coyote's own request and
 * response objects and a stand-in for Catalina that answers as a servlet would.
 */
class InvalidatingAdapterTest {

    private static final long NOW = System.currentTimeMillis();

    private final ResponseCache cache = new ResponseCache(new CacheSettings(1 << 20, 1 << 16,
            CacheSettings.DEFAULT_STATIC_TYPES, 3600));
    private final Catalina catalina = new Catalina();
    private final Adapter adapter = new InvalidatingAdapter(catalina, cache, request -> !catalina.async);

    /**
     * Catalina's part: what a servlet does for each request ({@link #serving}), then its answer,
     * committed unless it {@link #defers} it; {@link #asyncDispatch} commits the answer later, or,
     * once it is committed, answers a later event. Whether the request is asynchronous, which
     * Coyote's processor would tell the adapter, is {@link #async}: a test clears it before the
     * dispatch that ends a completed request.
     */
    private static final class Catalina implements Adapter {

        Runnable serving = () -> { };
        /** What happens once the answer is sent, before Catalina returns: a client's next request, say. */
        Runnable sent = () -> { };
        int status = 200;
        final List<String> fields = new ArrayList<>();
        boolean async;
        boolean defers;
        /** What {@link #asyncDispatch} returns: {@code false} for a dispatch that failed. */
        boolean dispatches = true;
        final List<String> calls = new ArrayList<>();

        @Override
        public void service(Request request, Response response) {
            calls.add("service");
            // As Catalina's mapping does: a request that named no port gets the scheme's.
            if (request.getServerPort() == -1) {
                request.setServerPort(80);
            }
            serving.run();
            if (!defers) {
                answer(response);
                sent.run();
            }
        }

        @Override
        public boolean asyncDispatch(Request request, Response response, SocketEvent event) {
            calls.add("asyncDispatch");
            if (!response.isCommitted()) {
                answer(response);
            }
            return dispatches;
        }

        private void answer(Response response) {
            response.setStatus(status);
            for (int i = 0; i < fields.size(); i += 2) {
                response.addHeader(fields.get(i), fields.get(i + 1));
            }
            response.setCommitted(true);
        }

        @Override
        public boolean prepare(Request request, Response response) {
            calls.add("prepare");
            return true;
        }

        @Override
        public void log(Request request, Response response, long time) {
            calls.add("log");
        }

        @Override
        public void checkRecycled(Request request, Response response) {
            calls.add("checkRecycled");
        }

        @Override
        public String getDomain() {
            return "Catalina";
        }
    }

    private static RequestFacts get(String host, String target) {
        return RequestHead.read(("GET " + target + " HTTP/1.1\r\nHost: " + host + "\r\n\r\n")
                .getBytes(StandardCharsets.ISO_8859_1)).facts();
    }

    /** Stores a fresh five-byte response for {@code target} on host {@code shop}. */
    private void store(String target) {
        store("shop", target);
    }

    private void store(String host, String target) {
        assertTrue(store(host, target, cache.ticket()));
    }

    /** Stores the page a GET that took {@code ticket} when it began read; whether the cache took it. */
    private boolean store(String host, String target, long ticket) {
        HeaderFields fields = HeaderFields.builder().add("Cache-Control", "max-age=60")
                .add("Content-Type", "text/plain").add("Content-Length", "5")
                .add("Date", FastHttpDateFormat.formatDate(NOW)).build();
        return cache.store(get(host, target), ticket, new ResponseFacts(200, fields, 5),
                "hello".getBytes(StandardCharsets.US_ASCII), NOW, NOW);
    }

    private boolean stored(String target) {
        return stored("shop", target);
    }

    private boolean stored(String host, String target) {
        return cache.answer(get(host, target), NOW + 1000) != null;
    }

    /** An HTTP/1.1 request as Coyote's processor hands it to the adapter. */
    private static Request request(String method, String uri, String query) {
        Request request = new Request();
        request.method().setString(method);
        request.requestURI().setString(uri);
        if (query != null) {
            request.queryString().setString(query);
        }
        request.getMimeHeaders().addValue("Host").setString("shop");
        return request;
    }

    private void serve(Request request) throws Exception {
        adapter.service(request, new Response());
    }

    /**
     * Serves {@code request} as an asynchronous servlet that answers later would: Catalina returns
     * with the request still asynchronous and its response not committed.
     */
    private Response serveDeferred(Request request) throws Exception {
        catalina.async = true;
        catalina.defers = true;
        Response response = new Response();
        adapter.service(request, response);
        return response;
    }

    @Test
    void testAnUnsafeRequestDropsItsTargetBeforeTheApplicationRuns() throws Exception {
        store("/item?id=1");
        boolean[] storedWhileServing = new boolean[1];
        catalina.serving = () -> storedWhileServing[0] = stored("/item?id=1");
        serve(request("POST", "/item", "id=1"));
        assertFalse(storedWhileServing[0], "a client answered as the change is made must not get the old page");
        assertFalse(stored("/item?id=1"));
    }

    /**
     * A GET served while the change is under way may read the target before the change is made and
     * store its page after the first drop: the change's end drops it again.
     */
    @Test
    void testAPageStoredDuringTheChangeIsDroppedWhenItEnds() throws Exception {
        catalina.serving = () -> store("/item");
        catalina.sent = () -> store("/other");
        serve(request("PUT", "/item", null));
        assertFalse(stored("/item"));
        assertTrue(stored("/other"), "the change was to /item alone");
    }

    /** Coyote closes the connection when Catalina throws, and dispatches the request no more. */
    @Test
    void testAChangeEndsWhenCatalinaThrows() throws Exception {
        long before = cache.ticket();
        catalina.serving = () -> {
            store("/item");
            throw new IllegalStateException("the servlet failed");
        };
        assertThrows(IllegalStateException.class, () -> serve(request("PUT", "/item", null)));
        assertFalse(stored("/item"));
        assertFalse(store("shop", "/item", before));
    }

    /**
     * A GET that began before the change ended may have read what the target said before it, and
     * store its page only after the end: the cache refuses it. One that began after the end is
     * stored, as is one for a key the change did not touch ({@code ChangeEndsTest} has keys that
     * share a stripe).
     */
    @Test
    void testAPageWhoseRequestBeganBeforeTheChangeEndedIsRefused() throws Exception {
        long[] during = new long[1];
        long before = cache.ticket();
        catalina.sent = () -> during[0] = cache.ticket();
        serve(request("POST", "/item", "id=1"));
        assertFalse(store("shop", "/item?id=1", before));
        assertFalse(store("shop", "/item?id=1", during[0]), "the client had the answer, but the change had not ended");
        assertTrue(store("shop", "/item?id=2", before), "another key began before too, but nothing changed it");
        store("/item?id=1");
        assertTrue(stored("/item?id=1"));
    }

    /** RFC 9111 §4.4: the Location and Content-Location of a non-error response, not of an error. */
    @Test
    void testANonErrorResponseDropsWhatItNamesAndAnErrorOnlyItsTarget() throws Exception {
        for (String target : List.of("/list", "/view", "/a", "/other", "/b")) {
            store(target);
        }
        catalina.status = 303;
        catalina.fields.addAll(List.of("Location", "http://shop/list", "Content-Location", "/view"));
        serve(request("POST", "/a", null));
        assertFalse(stored("/list"));
        assertFalse(stored("/view"));
        assertFalse(stored("/a"));

        catalina.status = 500;
        catalina.fields.clear();
        catalina.fields.addAll(List.of("Location", "/other"));
        serve(request("POST", "/b", null));
        assertTrue(stored("/other"), "an error's Location is not changed by it");
        assertFalse(stored("/b"), "the target is dropped before the answer is known");
    }

    /**
     * An asynchronous change ends at the dispatch after which the request is no longer asynchronous,
     * not at the one that commits its answer; what later events of the response find stored stays.
     */
    @Test
    void testAnAsynchronousChangeEndsWhenTheRequestIsNoLongerAsynchronous() throws Exception {
        store("/list");
        catalina.fields.addAll(List.of("Location", "/list"));
        Request post = request("POST", "/a", null);
        Response response = serveDeferred(post);
        adapter.asyncDispatch(post, response, SocketEvent.OPEN_READ);
        assertTrue(response.isCommitted());
        long during = cache.ticket();
        store("/a");
        assertTrue(stored("/list"), "what the answer names is dropped when the change ends");
        catalina.async = false;
        adapter.asyncDispatch(post, response, SocketEvent.OPEN_READ);
        assertFalse(stored("/list"));
        assertFalse(stored("/a"), "stored during the change");
        assertFalse(store("shop", "/a", during));
        store("/list");
        store("/a");
        adapter.asyncDispatch(post, response, SocketEvent.OPEN_WRITE);
        assertTrue(stored("/list"), "a page stored after the change ended is the changed one");
        assertTrue(stored("/a"));
    }

    /**
     * An asynchronous servlet may commit its answer (a flush) and go on with the change on another
     * thread after {@code service} returns: a GET that begins then may still read the old resource.
     */
    @Test
    void testAnAsynchronousAnswerCommittedEarlyDoesNotEndTheChange() throws Exception {
        catalina.async = true;
        Request post = request("POST", "/a", null);
        Response response = new Response();
        adapter.service(post, response);
        assertTrue(response.isCommitted());
        long afterService = cache.ticket();
        store("/a");
        catalina.async = false;
        adapter.asyncDispatch(post, response, SocketEvent.OPEN_READ);
        assertFalse(stored("/a"));
        assertFalse(store("shop", "/a", afterService), "it began before the change ended");
    }

    /** Coyote closes the connection after a dispatch Catalina failed, and dispatches no more. */
    @Test
    void testAChangeEndsWhenADispatchFails() throws Exception {
        Request post = request("POST", "/a", null);
        Response response = serveDeferred(post);
        store("/a");
        catalina.dispatches = false;
        assertFalse(adapter.asyncDispatch(post, response, SocketEvent.ERROR));
        assertFalse(stored("/a"));
    }

    /** An HTTP/2 request; it has no Host field: Coyote parses its authority into the server name and port. */
    private static Request http2(String method, String uri, int port) {
        Request request = new Request();
        request.method().setString(method);
        if (uri != null) {
            request.requestURI().setString(uri);
        }
        request.serverName().setString("shop");
        request.setServerPort(port);
        return request;
    }

    @Test
    void testAnHttp2RequestIsKeyedByItsAuthority() throws Exception {
        store("shop:8443", "/a");
        store("shop", "/b");
        serve(http2("DELETE", "/a", 8443));
        serve(http2("DELETE", "/b", -1));
        assertFalse(stored("shop:8443", "/a"));
        assertFalse(stored("shop", "/b"));
    }

    /**
     * Catalina's mapping gives a request that named no port the scheme's before an asynchronous
     * response's dispatch: the host is the one the request named, read before.
     */
    @Test
    void testAnAsynchronousHttp2ResponseDropsOnTheHostTheRequestNamed() throws Exception {
        store("/list");
        catalina.fields.addAll(List.of("Location", "/list"));
        Request post = http2("POST", "/a", -1);
        Response response = serveDeferred(post);
        catalina.async = false;
        adapter.asyncDispatch(post, response, SocketEvent.OPEN_READ);
        assertFalse(stored("/list"));
    }

    /** HTTP/2's CONNECT has no path: nothing to drop, and Catalina answers it. */
    @Test
    void testARequestWithoutAPathGoesToCatalina() throws Exception {
        store("/a");
        serve(http2("CONNECT", null, 443));
        assertEquals(List.of("service"), catalina.calls);
        assertTrue(stored("/a"));
    }

    /**
     * Coyote reuses a request's object for the next request, notes and all: a change never
     * dispatched again (an HTTP/2 stream replaced while under way) ends then, and the GET's
     * answer, which changes nothing, drops nothing it names.
     */
    @Test
    void testAChangeNeverDispatchedAgainEndsWhenTheRequestObjectIsReused() throws Exception {
        Request request = request("POST", "/a", null);
        long before = cache.ticket();
        serveDeferred(request);
        store("/a");
        request.recycle();
        request.method().setString("GET");
        request.requestURI().setString("/a");
        request.getMimeHeaders().addValue("Host").setString("shop");
        store("/list");
        catalina.async = false;
        catalina.defers = false;
        catalina.fields.addAll(List.of("Location", "/list"));
        serve(request);
        assertFalse(stored("/a"), "the change has ended, and dropped what was stored during it");
        assertFalse(store("shop", "/a", before));
        assertTrue(stored("/list"), "a GET's response drops nothing");
    }

    /** Coyote recycles a processor when it releases its connection: a change it still holds ends then. */
    @Test
    void testAChangeNeverDispatchedAgainEndsWhenTheProcessorIsRecycled() throws Exception {
        Request request = request("DELETE", "/a", null);
        long before = cache.ticket();
        Response response = serveDeferred(request);
        store("/a");
        adapter.checkRecycled(request, response);
        assertFalse(stored("/a"));
        assertFalse(store("shop", "/a", before));
        assertEquals(List.of("service", "checkRecycled"), catalina.calls);
    }

    @Test
    void testSafeRequestsDropNothing() throws Exception {
        store("/a");
        for (String method : List.of("GET", "HEAD", "OPTIONS", "TRACE")) {
            serve(request(method, "/a", null));
        }
        assertTrue(stored("/a"));
    }

    /** Everything else is Catalina's: the adapter passes it on. */
    @Test
    void testTheRestIsPassedToCatalina() throws Exception {
        Request request = request("GET", "/a", null);
        Response response = new Response();
        assertTrue(adapter.prepare(request, response));
        adapter.log(request, response, 1);
        adapter.checkRecycled(request, response);
        assertEquals("Catalina", adapter.getDomain());
        assertEquals(List.of("prepare", "log", "checkRecycled"), catalina.calls);
    }
}
