package org.hybridconnector;

import java.nio.ByteBuffer;
import java.util.concurrent.TimeUnit;

/**
 * A response the selector thread wrote itself, without Coyote's processor (a turn-away 503
 * today, a cached response later), as Tomcat is to hear of it: a copy of the request head it
 * answered, the connection's addresses, the status and the bytes sent, and how long it took.
 * <p>
 * Made on the selector thread while the connection is still open (its addresses are read then);
 * immutable afterwards, so it may cross to the thread that reports it ({@link SelfServedLog}).
 *
 * @param head       the request head's bytes, as the selector read them (possibly followed by
 *                   bytes of a body, which are ignored)
 * @param remoteAddr the client's address
 * @param remotePort the client's port
 * @param localAddr  the address the connection was accepted on
 * @param localPort  the port the connection was accepted on
 * @param status     the response's status code
 * @param bytesSent  the bytes of the response's body written to the connection: what Tomcat
 *                   counts as bytesSent and logs as {@code %b}, the head left out
 * @param startNanos {@code System.nanoTime()} when the selector began to answer
 * @param endNanos   {@code System.nanoTime()} when it had written the answer
 * @param read       {@code head} already read into its parts, or {@code null} if it was not
 */
record SelfServed(byte[] head, String remoteAddr, int remotePort, String localAddr, int localPort, int status,
        long bytesSent, long startNanos, long endNanos, RequestHead read) {

    /** A response to a head the selector did not read into its parts. */
    SelfServed(byte[] head, String remoteAddr, int remotePort, String localAddr, int localPort, int status,
            long bytesSent, long startNanos, long endNanos) {
        this(head, remoteAddr, remotePort, localAddr, localPort, status, bytesSent, startNanos, endNanos, null);
    }

    /** This response as it ended: {@code bytesSent} of its body sent, at {@code endNanos}. */
    SelfServed ended(long bytesSent, long endNanos) {
        return new SelfServed(head, remoteAddr, remotePort, localAddr, localPort, status, bytesSent, startNanos,
                endNanos, read);
    }

    /** The head read into its parts, by the selector if it already did. */
    RequestHead request() {
        return read != null ? read : RequestHead.read(head);
    }

    /** Copies the head, the bytes {@code [0, position)} of {@code buffer} in write mode. */
    static byte[] copyHead(ByteBuffer buffer) {
        byte[] head = new byte[buffer.position()];
        buffer.duplicate().flip().get(head);
        return head;
    }

    /** The time taken, in nanoseconds, as Tomcat's access log takes it. */
    long nanos() {
        return Math.max(0, endNanos - startNanos);
    }

    /** The time taken in milliseconds, as Coyote's request counters take it. */
    long millis() {
        return TimeUnit.NANOSECONDS.toMillis(nanos());
    }
}
