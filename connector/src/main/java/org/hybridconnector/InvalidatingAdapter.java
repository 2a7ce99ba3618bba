package org.hybridconnector;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Predicate;

import org.apache.coyote.ActionCode;
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
 * The change ends once the exchange is over: when {@code service}, or an asynchronous dispatch,
 * returns and the request is no longer asynchronous (Coyote's last dispatch of a completed request
 * finds it so), or is in error, after which Coyote dispatches it no more. The target is dropped
 * again then, with the {@code Location} and {@code Content-Location} a non-error response names
 * (RFC 9111 §4.4), and the cache stores no response to a request that began before the end
 * (decision 0019). What the request is, is read once, before Catalina maps it (which may give a
 * port the request did not name), and kept in a note of Coyote's request until the change ends.
 * <p>
 * A change Coyote drops without a further dispatch (an HTTP/2 stream the client replaced while
 * its asynchronous request was under way) ends when Coyote recycles an HTTP/1.1 processor
 * ({@link #checkRecycled}) or reuses the request's object for another request, if ever: until
 * then, a page read during the change and stored stays, as it did before decision 0019. An end
 * holds nothing, so one that never comes leaks nothing.
 * <p>
 * Threads: any thread Coyote serves a request on (a worker, an HTTP/2 stream's, an asynchronous
 * dispatch's), one at a time for a request, as Coyote runs them; {@link #checkRecycled} also,
 * rarely, the selector thread's (a connection closed with an asynchronous change still open),
 * which then waits for the store's lock as a worker would. The adapter holds nothing of its own
 * but the objects it joins.
 */
final class InvalidatingAdapter implements Adapter {

    /** The note of Coyote's request holding an unsafe request's facts until its change ends (9 to 16 are a connector's). */
    private static final int CHANGE_NOTE = 9;

    private final Adapter catalina;
    private final ResponseCache cache;
    private final Predicate<Request> isOver;

    /** @param catalina the adapter Catalina set, which serves each request */
    InvalidatingAdapter(Adapter catalina, ResponseCache cache) {
        this(catalina, cache, InvalidatingAdapter::isOver);
    }

    /** @param isOver whether Coyote is done with a request, as its processor tells: a test's stand-in */
    InvalidatingAdapter(Adapter catalina, ResponseCache cache, Predicate<Request> isOver) {
        this.catalina = catalina;
        this.cache = cache;
        this.isOver = isOver;
    }

    @Override
    public void service(Request request, Response response) throws Exception {
        // Coyote reuses a request's object for the next request without clearing its notes: a
        // change still noted there was never dispatched again, and is over now.
        endChange(request, null);
        RequestFacts unsafe = unsafe(request);
        if (unsafe != null) {
            request.setNote(CHANGE_NOTE, unsafe);
            cache.invalidateBefore(unsafe);
        }
        try {
            catalina.service(request, response);
        } catch (Throwable t) {
            endChange(request, null); // Coyote closes the connection on this, and dispatches no more
            throw t;
        }
        endIfOver(request, response);
    }

    @Override
    public boolean asyncDispatch(Request request, Response response, SocketEvent status) throws Exception {
        boolean dispatched;
        try {
            dispatched = catalina.asyncDispatch(request, response, status);
        } catch (Throwable t) {
            endChange(request, null);
            throw t;
        }
        if (dispatched) {
            endIfOver(request, response);
        } else {
            endChange(request, null); // Coyote closes the connection on a failed dispatch
        }
        return dispatched;
    }

    /**
     * Ends the change the request made once Coyote is done with it, with what its response names
     * if it was committed: an asynchronous response may be committed long before the application
     * is done with the change.
     */
    private void endIfOver(Request request, Response response) {
        if (request.getNote(CHANGE_NOTE) == null || !isOver.test(request)) {
            return;
        }
        ResponseFacts answer = null;
        if (response.isCommitted()) {
            MimeHeaders headers = response.getMimeHeaders();
            HeaderFields.Builder named = HeaderFields.builder();
            for (String field : new String[] { "Location", "Content-Location" }) {
                String value = headers.getHeader(field);
                if (value != null) {
                    named.add(field, value);
                }
            }
            answer = new ResponseFacts(response.getStatus(), named.build(), -1);
        }
        endChange(request, answer);
    }

    /** Ends the change noted on {@code request}, if any, with {@code response}, or with no answer known if {@code null}. */
    private void endChange(Request request, ResponseFacts response) {
        if (request.getNote(CHANGE_NOTE) instanceof RequestFacts unsafe) {
            request.setNote(CHANGE_NOTE, null);
            cache.changeEnded(unsafe, response);
        }
    }

    /**
     * Whether Coyote's processor is done with {@code request}: it is no longer asynchronous, or it
     * is in error, after which the processor closes the connection without a further dispatch.
     */
    private static boolean isOver(Request request) {
        AtomicBoolean flag = new AtomicBoolean();
        request.action(ActionCode.ASYNC_IS_ASYNC, flag);
        if (!flag.get()) {
            return true;
        }
        request.action(ActionCode.IS_ERROR, flag);
        return flag.get();
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

    /** Coyote's processor is being recycled: a change it still holds will see no further dispatch. */
    @Override
    public void checkRecycled(Request request, Response response) {
        endChange(request, null);
        catalina.checkRecycled(request, response);
    }

    @Override
    public String getDomain() {
        return catalina.getDomain();
    }
}
