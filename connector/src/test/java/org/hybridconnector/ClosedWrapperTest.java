package org.hybridconnector;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A closed connection may stay reachable for a while (a stale deadline in the selector's parks
 * names it until its time comes), so closing must let go of what is heavy: its socket buffers, and
 * its transport (for TLS, the engine and its record buffers), as stock NIO drops its buffers. And
 * nothing may take a set of buffers from the pool for it, or give its empty ones to the pool.
 */
class ClosedWrapperTest {

    private final ReadinessWaiter.Pool waiters = new ReadinessWaiter.Pool();
    private final HybridEndpoint endpoint = new HybridEndpoint();
    private final BufferPool pool = new BufferPool(endpoint.getSocketProperties(), 4);
    private LoopbackPair pair;
    private Socket client;
    private HybridSocketWrapper wrapper;

    @BeforeEach
    void connect() throws Exception {
        pair = LoopbackPair.open(0);
        client = pair.client();
        wrapper = new HybridSocketWrapper(pair.accepted(), endpoint, waiters, new IgnoredHandBack(), null);
    }

    @AfterEach
    void disconnect() throws Exception {
        pair.close();
        waiters.close();
    }

    @Test
    void testClosingDropsTheBuffersAndTheTransport() throws Exception {
        wrapper.acquireBuffers(pool);

        wrapper.close();

        assertSame(BufferPool.CLOSED, wrapper.getSocketBufferHandler());
        assertThrows(ClosedChannelException.class, () -> wrapper.readChannel(ByteBuffer.allocate(16)));
        assertEquals(-1, client.getInputStream().read(), "the client must see the close");
    }

    @Test
    void testAClosedConnectionNeitherTakesNorGivesBuffers() throws Exception {
        wrapper.acquireBuffers(pool);
        wrapper.close();

        assertSame(BufferPool.CLOSED, wrapper.acquireBuffers(pool));
        wrapper.releaseBuffersIfEmpty(pool);

        assertSame(BufferPool.CLOSED, wrapper.getSocketBufferHandler());
        assertEquals(0, pool.idleCount(), "a closed connection gave something to the pool");
    }

    @Test
    void testAParkedConnectionThatClosesTakesNothing() throws Exception {
        // Parked between requests: its buffers went back to the pool.
        wrapper.acquireBuffers(pool);
        wrapper.releaseBuffersIfEmpty(pool);
        assertEquals(1, pool.idleCount());

        wrapper.close();

        assertSame(BufferPool.CLOSED, wrapper.acquireBuffers(pool));
        assertEquals(1, pool.idleCount(), "closing took or gave a set");
    }
}
