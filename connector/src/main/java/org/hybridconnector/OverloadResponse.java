package org.hybridconnector;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * The answer to a request an admission policy turns away: {@code 503 Service Unavailable} with
 * {@code Retry-After} and {@code Connection: close}, written by the selector thread without a
 * worker, so that turning a client away costs next to nothing when the server is overloaded.
 * <p>
 * It is written once, without waiting: a response this small fits any socket's send buffer; if
 * it did not (a client that stopped reading), the connection is closed anyway, since waiting for
 * such a client would cost the selector thread.
 */
final class OverloadResponse {

    /** Its status code, as the access log and the request counters report it. */
    static final int STATUS = 503;

    private static final byte[] BODY = "The server is busy. Please try again in a moment.\n"
            .getBytes(StandardCharsets.US_ASCII);

    private OverloadResponse() {
    }

    /** The length of its body: what Tomcat counts as the bytes a response sent. */
    static int bodyLength() {
        return BODY.length;
    }

    static byte[] bytes(int retryAfterSeconds) {
        String head = "HTTP/1.1 503 Service Unavailable\r\n" +
                "Retry-After: " + retryAfterSeconds + "\r\n" +
                "Content-Type: text/plain;charset=US-ASCII\r\n" +
                "Content-Length: " + BODY.length + "\r\n" +
                "Connection: close\r\n\r\n";
        ByteBuffer response = ByteBuffer.allocate(head.length() + BODY.length);
        response.put(head.getBytes(StandardCharsets.US_ASCII)).put(BODY);
        return response.array();
    }
}
