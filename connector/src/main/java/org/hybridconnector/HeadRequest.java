package org.hybridconnector;

import java.io.IOException;
import java.nio.ByteBuffer;

import org.apache.coyote.OutputBuffer;
import org.apache.coyote.Request;
import org.apache.coyote.Response;
import org.hybridconnector.cache.HeaderFields;

/**
 * Turns a {@link SelfServed} response into the Coyote {@link Request}/{@link Response} pair that
 * {@code Adapter.log} takes: method, request URI and query, protocol, the header fields, the Host
 * header's server name and port (else the scheme's default, as {@code CoyoteAdapter} sets it;
 * a connector's {@code proxyPort} is not applied), the connection's addresses and ports, the status and the bytes
 * sent, with no action hook (the fields Coyote would fetch through one are set directly).
 * <p>
 * The head was already judged by {@link HeadScanner} against the protocol's {@link HeadRules}, so
 * this is a small reading of a well-formed head ({@link RequestHead}), not Coyote's parser: it does
 * not decode the URI and keeps whatever bytes it finds, as ISO-8859-1. Runs on the thread that reports the response.
 */
final class HeadRequest {

    private static final ByteBuffer NOTHING = ByteBuffer.allocate(8192).asReadOnlyBuffer();

    private HeadRequest() {
    }

    /**
     * Fills {@code request}, recycled, and its attached response for {@code served}: a pair kept
     * for reuse keeps the Catalina request and response the adapter hangs on it as notes, which are
     * costly to make for every response.
     */
    static Request translate(SelfServed served, boolean secure, Request request) {
        Response response = request.getResponse();
        request.recycle();
        response.recycle();
        readHead(served.request(), request);
        request.scheme().setString(secure ? "https" : "http");
        request.remoteAddr().setString(served.remoteAddr());
        request.peerAddr().setString(served.remoteAddr());
        request.remoteHost().setString(served.remoteAddr());
        request.setRemotePort(served.remotePort());
        request.localAddr().setString(served.localAddr());
        request.setLocalPort(served.localPort());
        if (request.getServerPort() == -1) {
            request.setServerPort(secure ? 443 : 80); // as CoyoteAdapter does without a port in Host
        }
        markStart(request, served.startNanos());
        response.setStatus(served.status());
        response.setCommitted(true);
        sent(response, served.bytesSent());
        return request;
    }

    @SuppressWarnings("deprecation") // markStartTime() would take the logging thread's time instead
    private static void markStart(Request request, long startNanos) {
        request.setStartTimeNanos(startNanos);
    }

    /** Counts {@code bytes} as written, both as content (the counters) and to the socket (%b). */
    private static void sent(Response response, long bytes) {
        Sent out = new Sent();
        response.setOutputBuffer(out);
        try {
            for (long left = bytes; left > 0; left -= NOTHING.capacity()) {
                response.doWrite(NOTHING.duplicate().limit((int) Math.min(left, NOTHING.capacity())));
            }
        } catch (IOException e) {
            throw new IllegalStateException(e); // Sent does not throw
        }
    }

    /** Reads the request line and the header fields of {@code read} into {@code request}. */
    private static void readHead(RequestHead read, Request request) {
        request.method().setString(read.method());
        request.protocol().setString(read.protocol());
        String authority = target(read.target(), request);
        HeaderFields fields = read.fields();
        for (int i = 0; i < fields.size(); i++) {
            request.getMimeHeaders().addValue(fields.name(i)).setString(fields.value(i));
            if (authority == null && fields.name(i).equalsIgnoreCase("host")) {
                authority = fields.value(i);
            }
        }
        if (authority != null) {
            host(authority, request);
        }
    }

    /**
     * Sets the request URI and query of {@code target}; an absolute-form target's path, with its
     * authority returned to stand for the Host header, as Coyote takes it.
     */
    private static String target(String target, Request request) {
        String authority = null;
        int scheme = target.indexOf("://");
        if (!target.startsWith("/") && scheme > 0) {
            int pathStart = scheme + 3;
            while (pathStart < target.length() && "/?#".indexOf(target.charAt(pathStart)) < 0) {
                pathStart++;
            }
            authority = target.substring(scheme + 3, pathStart);
            target = pathStart < target.length() && target.charAt(pathStart) == '/' ? target.substring(pathStart)
                    : "/" + target.substring(pathStart);
        }
        int query = target.indexOf('?');
        request.requestURI().setString(query < 0 ? target : target.substring(0, query));
        if (query >= 0) {
            request.queryString().setString(target.substring(query + 1));
        }
        return authority;
    }

    /** The server name and, if it names one, the port of a Host value ({@code [v6]:port} too). */
    private static void host(String authority, Request request) {
        int userInfo = authority.lastIndexOf('@');
        String host = authority.substring(userInfo + 1);
        int colon = host.startsWith("[") ? host.indexOf(':', Math.max(0, host.indexOf(']'))) : host.indexOf(':');
        request.serverName().setString(colon < 0 ? host : host.substring(0, colon));
        if (colon >= 0) {
            try {
                request.setServerPort(Integer.parseInt(host.substring(colon + 1)));
            } catch (NumberFormatException e) {
                // Coyote would have refused it; the scheme's default port stands in.
            }
        }
    }

    /** Where the response's bytes were "written": nowhere, only counted. */
    private static final class Sent implements OutputBuffer {
        private long written;

        @Override
        public int doWrite(ByteBuffer chunk) {
            int length = chunk.remaining();
            chunk.position(chunk.limit());
            written += length;
            return length;
        }

        @Override
        public long getBytesWritten() {
            return written;
        }
    }
}
