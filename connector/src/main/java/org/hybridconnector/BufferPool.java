package org.hybridconnector;

import java.util.ArrayDeque;

import org.apache.tomcat.util.net.SocketBufferHandler;
import org.apache.tomcat.util.net.SocketProperties;

/**
 * Socket buffers for the connections that are doing something. A connection parked between
 * requests with nothing buffered gives its buffers back here and takes a set again when its next
 * request's first bytes arrive, so thousands of idle keep-alive connections hold no buffer at all
 * (16 KiB each at Tomcat's default buffer sizes).
 * <p>
 * At most {@code capacity} idle sets are kept; more are left to the garbage collector.
 * <p>
 * Thread safety: none; the selector thread takes and gives back (a connection's head is read, and
 * it parks or closes, there), so a set changes hands with no atomic operation and no allocation.
 */
final class BufferPool {

    /** What a parked connection holds instead of buffers: zero capacity, never written to. */
    static final SocketBufferHandler NONE = new SocketBufferHandler(0, 0, false);
    /** What a closed connection holds: zero capacity, and never replaced by a set from the pool. */
    static final SocketBufferHandler CLOSED = new SocketBufferHandler(0, 0, false);

    /** Used last, taken first: its memory is the likeliest to be in a CPU cache still. */
    private final ArrayDeque<SocketBufferHandler> idle = new ArrayDeque<>();
    private final SocketProperties properties;
    private final int capacity;

    BufferPool(SocketProperties properties, int capacity) {
        this.properties = properties;
        this.capacity = capacity;
    }

    SocketBufferHandler take() {
        SocketBufferHandler buffers = idle.pollFirst();
        if (buffers == null) {
            return new SocketBufferHandler(properties.getAppReadBufSize(), properties.getAppWriteBufSize(),
                    properties.getDirectBuffer());
        }
        return buffers;
    }

    void giveBack(SocketBufferHandler buffers) {
        if (idle.size() < capacity) {
            buffers.reset();
            idle.addFirst(buffers);
        }
    }

    int idleCount() {
        return idle.size();
    }
}
