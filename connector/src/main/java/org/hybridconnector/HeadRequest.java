package org.hybridconnector;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

import org.apache.coyote.OutputBuffer;
import org.apache.coyote.Request;
import org.apache.coyote.Response;

/**
 * Turns a {@link SelfServed} response into the Coyote {@link Request}/{@link Response} pair that
 * {@code Adapter.log} takes: method, request URI and query, protocol, the header fields, the Host
 * header's server name and port (else the scheme's default, as {@code CoyoteAdapter} sets it;
 * a connector's {@code proxyPort} is not applied), the connection's addresses and ports, the status and the bytes
 * sent, with no action hook (the fields Coyote would fetch through one are set directly).
 * <p>
 * The head was already judged by {@link HeadScanner} against the protocol's {@link HeadRules}, so
 * this is a small reading of a well-formed head, not Coyote's parser: it does not decode the URI
 * and keeps whatever bytes it finds, as ISO-8859-1. Runs on the thread that reports the response.
 */
final class HeadRequest {

    private static final ByteBuffer NOTHING = ByteBuffer.allocate(8192).asReadOnlyBuffer();

    private HeadRequest() {
    }

    /** A new request, its response attached, for {@code served}. */
    static Request translate(SelfServed served, boolean secure) {
        Request request = new Request();
        Response response = new Response();
        request.setResponse(response);
        readHead(served.head(), request);
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

    /** Reads the request line and the header fields of {@code head} into {@code request}. */
    static void readHead(byte[] head, Request request) {
        int i = 0;
        while (i < head.length && (head[i] == '\r' || head[i] == '\n')) {
            i++;
        }
        int lineEnd = lineEnd(head, i);
        int methodEnd = indexOf(head, i, lineEnd, ' ');
        request.method().setString(text(head, i, methodEnd));
        int targetStart = Math.min(methodEnd + 1, lineEnd);
        int targetEnd = indexOf(head, targetStart, lineEnd, ' ');
        request.protocol().setString(text(head, Math.min(targetEnd + 1, lineEnd), lineEnd));
        String authority = target(text(head, targetStart, targetEnd), request);
        for (i = next(head, lineEnd); i < head.length; i = next(head, lineEnd)) {
            lineEnd = lineEnd(head, i);
            if (lineEnd == i) {
                break; // the empty line that ends the head
            }
            int colon = indexOf(head, i, lineEnd, ':');
            if (colon < lineEnd && head[i] != ' ' && head[i] != '\t') {
                String name = text(head, i, colon);
                String value = text(head, colon + 1, lineEnd).strip();
                request.getMimeHeaders().addValue(name).setString(value);
                if (authority == null && name.equalsIgnoreCase("host")) {
                    authority = value;
                }
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

    /** The end of the line starting at {@code from}: the index of its CR LF (or lone LF). */
    private static int lineEnd(byte[] head, int from) {
        int lf = indexOf(head, from, head.length, '\n');
        return lf > from && head[lf - 1] == '\r' ? lf - 1 : lf;
    }

    /** The start of the line after the one ending at {@code lineEnd}. */
    private static int next(byte[] head, int lineEnd) {
        return lineEnd < head.length && head[lineEnd] == '\r' ? lineEnd + 2 : lineEnd + 1;
    }

    private static int indexOf(byte[] head, int from, int end, char c) {
        int i = from;
        while (i < end && head[i] != c) {
            i++;
        }
        return i;
    }

    private static String text(byte[] head, int from, int end) {
        return new String(head, from, Math.max(0, end - from), StandardCharsets.ISO_8859_1);
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
