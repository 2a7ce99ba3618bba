package org.hybridconnector;

import org.apache.coyote.Adapter;
import org.apache.coyote.Request;
import org.apache.coyote.Response;
import org.apache.tomcat.util.http.MimeHeaders;
import org.apache.tomcat.util.net.SocketEvent;
import org.hybridconnector.cache.HeaderFields;
import org.hybridconnector.cache.RequestFacts;
import org.hybridconnector.cache.ResponseCache;
import org.hybridconnector.cache.ResponseFacts;

/**
 * Catalina's adapter, wrapped so that the response cache hears of every request with a method not
 * known to be safe that Catalina serves on this connector, however it came: not only the first
 * request of a worker's turn, whose response {@link ResponseCapture} reads on its way out, but one
 * served behind it in the same turn (pipelined, or read by Coyote's keep-alive loop), an HTTP/2
 * stream, and an asynchronous response completed later. Every processor and HTTP/2 stream of the
 * connector asks its protocol for the adapter, so this one place sees them all.
 * <p>
 * The request's target is dropped before the application runs, whatever the answer will be: a
 * client that has the response and asks for the target at once, on any connection, must not be
 * answered from before the change, and the adapter hears of the response only after it has gone.
 * Once the response is committed, a non-error one drops the {@code Location} and
 * {@code Content-Location} it names (RFC 9111 §4.4), not the target again: by then a client that
 * had the response may have stored the target's new page (decision 0018). What the request is,
 * is read once, before Catalina maps it (which may give a port the request did not name), and
 * kept in a note of Coyote's request until its response is committed.
 * <p>
 * Threads: any thread Coyote serves a request on (a worker, an HTTP/2 stream's, an asynchronous
 * dispatch's), one at a time for a request, as Coyote runs them; the adapter holds nothing of its
 * own but the two objects it joins.
 */
final class InvalidatingAdapter implements Adapter {

    /** The note of Coyote's request holding its facts until its response is committed (9 to 16 are a connector's). */
    private static final int UNSAFE_NOTE = 9;

    private final Adapter catalina;
    private final ResponseCache cache;

    /** @param catalina the adapter Catalina set, which serves each request */
    InvalidatingAdapter(Adapter catalina, ResponseCache cache) {
        this.catalina = catalina;
        this.cache = cache;
    }

    @Override
    public void service(Request request, Response response) throws Exception {
        RequestFacts unsafe = unsafe(request);
        // Set for every request: Coyote recycles a request's object for the next without clearing its notes.
        request.setNote(UNSAFE_NOTE, unsafe);
        if (unsafe != null) {
            cache.invalidateBefore(unsafe);
        }
        try {
            catalina.service(request, response);
        } finally {
            invalidateOnceCommitted(request, response);
        }
    }

    @Override
    public boolean asyncDispatch(Request request, Response response, SocketEvent status) throws Exception {
        try {
            return catalina.asyncDispatch(request, response, status);
        } finally {
            invalidateOnceCommitted(request, response);
        }
    }

    /** Drops what a committed response to an unsafe request names, once; later dispatches find nothing to do. */
    private void invalidateOnceCommitted(Request request, Response response) {
        if (request.getNote(UNSAFE_NOTE) instanceof RequestFacts unsafe && response.isCommitted()) {
            request.setNote(UNSAFE_NOTE, null);
            MimeHeaders headers = response.getMimeHeaders();
            HeaderFields.Builder named = HeaderFields.builder();
            for (String field : new String[] { "Location", "Content-Location" }) {
                String value = headers.getHeader(field);
                if (value != null) {
                    named.add(field, value);
                }
            }
            cache.invalidateNamedBy(unsafe, new ResponseFacts(response.getStatus(), named.build(), -1));
        }
    }

    /**
     * What the cache rules need of {@code request} if its method may change its target, or
     * {@code null} if it is safe or has no path (an HTTP/2 {@code CONNECT}). The host is its
     * {@code Host} field, which keys are made of; an HTTP/2 request carries its authority apart from
     * its fields, and Coyote parses it into the server name and port, so the host is made again
     * from those.
     */
    private static RequestFacts unsafe(Request request) {
        String method = request.method().toString();
        if (method == null || !ResponseCache.isUnsafe(method) || request.requestURI().isNull()) {
            return null;
        }
        String host = request.getMimeHeaders().getHeader("Host");
        if (host == null && !request.serverName().isNull()) {
            int port = request.getServerPort();
            host = port < 0 ? request.serverName().toString() : request.serverName() + ":" + port;
        }
        String target = request.requestURI().toString();
        if (!request.queryString().isNull()) {
            target += "?" + request.queryString();
        }
        HeaderFields.Builder fields = HeaderFields.builder();
        if (host != null) {
            fields.add("Host", host);
        }
        return new RequestFacts(method, target, fields.build());
    }

    @Override
    public boolean prepare(Request request, Response response) throws Exception {
        return catalina.prepare(request, response);
    }

    @Override
    public void log(Request request, Response response, long time) {
        catalina.log(request, response, time);
    }

    @Override
    public void checkRecycled(Request request, Response response) {
        catalina.checkRecycled(request, response);
    }

    @Override
    public String getDomain() {
        return catalina.getDomain();
    }
}
