package org.hybridconnector;

import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;

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
 * Thread safety: thread safe; in practice the selector thread both takes and gives back.
 */
final class BufferPool {

    /** What a parked connection holds instead of buffers: zero capacity, never written to. */
    static final SocketBufferHandler NONE = new SocketBufferHandler(0, 0, false);
    /** What a closed connection holds: zero capacity, and never replaced by a set from the pool. */
    static final SocketBufferHandler CLOSED = new SocketBufferHandler(0, 0, false);

    private final ConcurrentLinkedQueue<SocketBufferHandler> idle = new ConcurrentLinkedQueue<>();
    private final AtomicInteger idleCount = new AtomicInteger();
    private final SocketProperties properties;
    private final int capacity;

    BufferPool(SocketProperties properties, int capacity) {
        this.properties = properties;
        this.capacity = capacity;
    }

    SocketBufferHandler take() {
        SocketBufferHandler buffers = idle.poll();
        if (buffers == null) {
            return new SocketBufferHandler(properties.getAppReadBufSize(), properties.getAppWriteBufSize(),
                    properties.getDirectBuffer());
        }
        idleCount.decrementAndGet();
        return buffers;
    }

    void giveBack(SocketBufferHandler buffers) {
        if (idleCount.incrementAndGet() <= capacity) {
            buffers.reset();
            idle.offer(buffers);
        } else {
            idleCount.decrementAndGet();
        }
    }

    int idleCount() {
        return idleCount.get();
    }
}
