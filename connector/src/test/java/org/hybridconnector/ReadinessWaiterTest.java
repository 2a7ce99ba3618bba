package org.hybridconnector;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InterruptedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;

import org.junit.jupiter.api.Test;

class ReadinessWaiterTest {

    @Test
    void testAwaitReadTimesOutWithoutDataAndWakesWhenDataArrives() throws Exception {
        withConnectedPair((waiters, client, accepted) -> {
            long start = System.nanoTime();
            assertFalse(waiters.await(accepted, SelectionKey.OP_READ, 200));
            assertTrue(System.nanoTime() - start >= 150_000_000L, "returned before the time-out");

            client.write(ByteBuffer.wrap(new byte[] { 'x' }));
            assertTrue(waiters.await(accepted, SelectionKey.OP_READ, 5000));
            // The same channel can be awaited again at once: the cancelled key was flushed.
            assertTrue(waiters.await(accepted, SelectionKey.OP_READ, 5000));
            assertTrue(waiters.await(accepted, SelectionKey.OP_WRITE, 5000));
        });
    }

    @Test
    void testAwaitWriteTimesOutWhileThePeerDoesNotRead() throws Exception {
        withConnectedPair((waiters, client, accepted) -> {
            ByteBuffer chunk = ByteBuffer.allocate(1 << 16);
            while (accepted.write(chunk) > 0) {
                chunk.clear();
            }
            assertFalse(waiters.await(accepted, SelectionKey.OP_WRITE, 200));
        });
    }

    @Test
    void testAnInterruptEndsTheWaitWithAnErrorAndStaysSet() throws Exception {
        // Interrupted by a stopping executor, a worker that waits for a silent client must not spin:
        // a select ends at once while the interrupt is set, wait after wait.
        withConnectedPair((waiters, client, accepted) -> {
            Thread.currentThread().interrupt();
            try {
                assertThrows(InterruptedIOException.class, () -> waiters.await(accepted, SelectionKey.OP_READ, 5000));
                assertTrue(Thread.currentThread().isInterrupted());
                assertThrows(InterruptedIOException.class, () -> waiters.await(accepted, SelectionKey.OP_READ, 0));
            } finally {
                Thread.interrupted();
            }
            assertFalse(waiters.await(accepted, SelectionKey.OP_READ, 50), "the pool's waiter is usable again");
            // A socket ready for the operation is no wait: the caller goes on, and meets the interrupt later.
            Thread.currentThread().interrupt();
            try {
                assertTrue(waiters.await(accepted, SelectionKey.OP_WRITE, 5000));
            } finally {
                Thread.interrupted();
            }
        });
    }

    private interface PairTest {
        void run(ReadinessWaiter.Pool waiters, SocketChannel client, SocketChannel accepted) throws Exception;
    }

    /** Runs {@code test} on a fresh pool and a connected pair on 127.0.0.1, the accepted side non-blocking. */
    private static void withConnectedPair(PairTest test) throws Exception {
        ReadinessWaiter.Pool waiters = new ReadinessWaiter.Pool();
        try (ServerSocketChannel server = ServerSocketChannel.open()) {
            server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            try (SocketChannel client = SocketChannel.open(server.getLocalAddress());
                    SocketChannel accepted = server.accept()) {
                accepted.configureBlocking(false);
                test.run(waiters, client, accepted);
            }
        } finally {
            waiters.close();
        }
    }
}
