package org.hybridconnector;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
    private final Adapter adapter = new InvalidatingAdapter(catalina, cache);

    /**
     * Catalina's part: what a servlet does for each request ({@link #serving}), then its answer,
     * committed unless asynchronous; {@link #asyncDispatch} commits the answer later, or, once it
     * is committed, answers a later event.
     */
    private static final class Catalina implements Adapter {

        Runnable serving = () -> { };
        /** What happens once the answer is sent, before Catalina returns: a client's next request, say. */
        Runnable sent = () -> { };
        int status = 200;
        final List<String> fields = new ArrayList<>();
        boolean async;
        final List<String> calls = new ArrayList<>();

        @Override
        public void service(Request request, Response response) {
            calls.add("service");
            // As Catalina's mapping does: a request that named no port gets the scheme's.
            if (request.getServerPort() == -1) {
                request.setServerPort(80);
            }
            serving.run();
            if (!async) {
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
            return true;
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
        HeaderFields fields = HeaderFields.builder().add("Cache-Control", "max-age=60")
                .add("Content-Type", "text/plain").add("Content-Length", "5")
                .add("Date", FastHttpDateFormat.formatDate(NOW)).build();
        assertTrue(cache.store(get(host, target), new ResponseFacts(200, fields, 5),
                "hello".getBytes(StandardCharsets.US_ASCII), NOW, NOW));
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
     * A client that has the response may ask for the target on another connection before Catalina
     * returns, and the changed page it gets stored: dropping the target again would cost it a miss.
     */
    @Test
    void testThePageStoredOnceTheResponseWasSentIsKept() throws Exception {
        catalina.sent = () -> store("/item");
        serve(request("PUT", "/item", null));
        assertTrue(stored("/item"));
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

    /** Once, by the dispatch that finds it committed: what later events of the response find stored stays. */
    @Test
    void testAnAsynchronousResponseDropsWhatItNamesWhenADispatchFindsItCommitted() throws Exception {
        store("/list");
        catalina.async = true;
        catalina.fields.addAll(List.of("Location", "/list"));
        Request post = request("POST", "/a", null);
        Response response = new Response();
        adapter.service(post, response);
        assertTrue(stored("/list"), "nothing is answered yet");
        adapter.asyncDispatch(post, response, SocketEvent.OPEN_READ);
        assertFalse(stored("/list"));
        store("/list");
        adapter.asyncDispatch(post, response, SocketEvent.OPEN_WRITE);
        assertTrue(stored("/list"), "a page stored after the change was committed is the changed one");
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
        catalina.async = true;
        catalina.fields.addAll(List.of("Location", "/list"));
        Request post = http2("POST", "/a", -1);
        Response response = new Response();
        adapter.service(post, response);
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

    /** Coyote recycles a request's object for the next request on its connection, notes and all. */
    @Test
    void testARecycledRequestForgetsTheUnsafeOneBefore() throws Exception {
        catalina.async = true;
        Request request = request("POST", "/a", null);
        adapter.service(request, new Response()); // never completed: the connection dropped
        request.recycle();
        request.method().setString("GET");
        request.requestURI().setString("/a");
        request.getMimeHeaders().addValue("Host").setString("shop");
        store("/list");
        catalina.async = false;
        catalina.fields.addAll(List.of("Location", "/list"));
        serve(request);
        assertTrue(stored("/list"), "a GET's response drops nothing");
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
