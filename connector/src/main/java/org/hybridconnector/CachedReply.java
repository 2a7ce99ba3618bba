package org.hybridconnector;

import java.io.IOException;
import java.nio.ByteBuffer;

import org.apache.tomcat.util.net.SendfileKeepAliveState;

/**
 * A response from the cache that the selector thread writes itself: the head it was given (with
 * this connection's own {@code Connection} fields) and the stored body, as far as the socket takes
 * them at once, the rest as the client reads. Once it is over, sent whole or cut short, Tomcat
 * hears of it as a request ({@link SelfServedLog}), with the body bytes the client was sent.
 * <p>
 * Thread safety: none; the selector thread's.
 */
final class CachedReply implements Transfer {

    private final ByteBuffer[] response;
    private final int bodyLength;
    private final SendfileKeepAliveState next;
    private final SelfServedLog log;
    /** What Tomcat is told, but for the body bytes sent and the time: filled in on {@link #close()}. */
    private final SelfServed served;
    private boolean reported;

    /**
     * @param response what to write, in order, the body last
     * @param keepOpen whether the connection goes on to its next request afterwards
     * @param served   what the report will say, {@code bytesSent} and {@code endNanos} left for the close
     */
    CachedReply(ByteBuffer[] response, boolean keepOpen, SelfServedLog log, SelfServed served) {
        this.response = response;
        this.bodyLength = body().remaining();
        this.next = keepOpen ? SendfileKeepAliveState.OPEN : SendfileKeepAliveState.NONE;
        this.log = log;
        this.served = served;
    }

    @Override
    public boolean advance(Sink connection) throws IOException {
        while (hasRemaining()) {
            if (connection.sendNow(response) <= 0) {
                return false;
            }
        }
        return connection.flushTransport();
    }

    private boolean hasRemaining() {
        for (ByteBuffer part : response) {
            if (part.hasRemaining()) {
                return true;
            }
        }
        return false;
    }

    private ByteBuffer body() {
        return response[response.length - 1];
    }

    @Override
    public String name() {
        return "from the response cache";
    }

    @Override
    public SendfileKeepAliveState keepAliveState() {
        return next;
    }

    /** Reports the response, once, with the body bytes the connection took. */
    @Override
    public void close() {
        if (reported) {
            return;
        }
        reported = true;
        log.report(served.ended(bodyLength - body().remaining(), System.nanoTime()));
    }
}
