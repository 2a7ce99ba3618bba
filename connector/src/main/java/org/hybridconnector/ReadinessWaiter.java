package org.hybridconnector;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.util.concurrent.ConcurrentLinkedQueue;

import org.apache.tomcat.util.res.StringManager;

/**
 * Lets a worker wait, with a time-out, until a non-blocking channel can be read or written: the
 * blocking semantics that Coyote asks of a worker, without ever switching a channel to blocking
 * mode (a blocking {@code SocketChannel} read ignores {@code SO_TIMEOUT} and a blocking write has
 * no time-out at all). See {@code docs/decisions/0001-blocking-by-private-selector.md}.
 * <p>
 * A waiter owns a private {@link Selector}. A channel may be registered with several selectors,
 * so the selector thread's key for the connection stays where it is while a worker waits here.
 * Waiters are pooled by the endpoint rather than kept per thread: worker threads come and go (a
 * shared executor, thread renewal on webapp reload), and a selector left behind with a dead
 * thread would hold its file descriptors until the JVM exits.
 * <p>
 * Thread safety: a waiter is used by one thread at a time (whoever borrowed it); the pool is
 * thread safe.
 */
final class ReadinessWaiter {

    private static final StringManager sm = StringManager.getManager(ReadinessWaiter.class);

    private final Selector selector;

    private ReadinessWaiter() throws IOException {
        this.selector = Selector.open();
    }

    /**
     * Waits until {@code channel} is ready for {@code op} ({@link SelectionKey#OP_READ} or
     * {@link SelectionKey#OP_WRITE}) or {@code timeoutMillis} passes; a time-out of zero or less
     * waits without limit.
     *
     * @return {@code true} if the channel became ready, {@code false} on time-out
     * @throws InterruptedIOException if the thread is interrupted (it stays so)
     */
    boolean await(SocketChannel channel, int op, long timeoutMillis) throws IOException {
        SelectionKey key = channel.register(selector, op);
        try {
            int ready = timeoutMillis > 0 ? selector.select(timeoutMillis) : selector.select();
            selector.selectedKeys().clear();
            if (ready == 0 && Thread.currentThread().isInterrupted()) {
                // A stopping executor's shutdownNow, once running requests have had their time: a
                // select ends at once while the interrupt is set, so waiting on would spin.
                throw new InterruptedIOException(sm.getString("waiter.interrupted"));
            }
            return ready > 0;
        } finally {
            key.cancel();
            // Flush the cancelled key now, so the channel can be registered here again at once.
            selector.selectNow();
        }
    }

    private void close() {
        try {
            selector.close();
        } catch (IOException ignored) {
            // Nothing to do: the selector is gone either way.
        }
    }

    /** The endpoint's waiters: at most one per thread that is waiting at any moment. */
    static final class Pool {

        private final ConcurrentLinkedQueue<ReadinessWaiter> idle = new ConcurrentLinkedQueue<>();
        private volatile boolean closed;

        /** See {@link ReadinessWaiter#await}. */
        boolean await(SocketChannel channel, int op, long timeoutMillis) throws IOException {
            ReadinessWaiter waiter = idle.poll();
            if (waiter == null) {
                waiter = new ReadinessWaiter();
            }
            try {
                return waiter.await(channel, op, timeoutMillis);
            } finally {
                idle.offer(waiter);
                if (closed) {
                    closeIdle();
                }
            }
        }

        /** Closes the idle waiters; a waiter in use is closed when it is given back. */
        void close() {
            closed = true;
            closeIdle();
        }

        private void closeIdle() {
            ReadinessWaiter waiter;
            while ((waiter = idle.poll()) != null) {
                waiter.close();
            }
        }
    }
}
