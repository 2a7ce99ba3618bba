package org.hybridconnector.blocking;

import java.io.IOException;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.ClosedSelectorException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;

import org.apache.tomcat.util.net.SocketBufferHandler;
import org.apache.tomcat.util.net.SocketEvent;
import org.hybridconnector.ChannelSocketWrapper;

/**
 * One connection of the blocking baseline: a non-blocking channel that its owning thread treats
 * as blocking. Every wait (for request bytes, for a slow reader, for the client's next request)
 * is a {@code select} with a time-out on the connection's own selector, because a blocking
 * {@code SocketChannel} read ignores {@code SO_TIMEOUT} and a blocking write has no time-out at
 * all; this way every read and write is bounded.
 * <p>
 * Events Coyote raises from other threads (async completion, dispatch, time-outs) are queued for
 * the owning thread, which serves them one at a time: the connection is never processed by two
 * threads at once.
 */
final class BlockingSocketWrapper extends ChannelSocketWrapper {

    private final BlockingEndpoint endpoint;
    private final Selector selector;
    private final SelectionKey key;
    /** Selection is single-threaded per selector; async servlets may write from another thread. */
    private final ReentrantLock selectLock = new ReentrantLock();
    /** Events for the owner, and {@link #WAKE} markers that only wake it. */
    private final LinkedBlockingQueue<Object> events = new LinkedBlockingQueue<>();
    private static final Object WAKE = new Object();

    private volatile boolean readInterest;
    private volatile boolean writeInterest;
    private volatile Thread owner;

    BlockingSocketWrapper(SocketChannel channel, BlockingEndpoint endpoint) throws IOException {
        super(channel, endpoint);
        this.endpoint = endpoint;
        this.socketBufferHandler = new SocketBufferHandler(endpoint.getSocketProperties().getAppReadBufSize(),
                endpoint.getSocketProperties().getAppWriteBufSize(), endpoint.getSocketProperties().getDirectBuffer());
        this.selector = Selector.open();
        try {
            this.key = channel.register(selector, 0);
        } catch (IOException e) {
            selector.close();
            throw e;
        }
    }

    void setOwner(Thread thread) {
        owner = thread;
    }

    Thread getOwner() {
        return owner;
    }

    // ------------------------------------------------------------- events

    /** Queues an event for the owning thread and wakes it if it is waiting. */
    void post(SocketEvent event) {
        events.add(event);
        wakeOwner();
    }

    /** Wakes the owning thread out of whatever wait it is in, to look at events and the endpoint's state. */
    void wakeOwner() {
        try {
            selector.wakeup();
        } catch (ClosedSelectorException e) {
            // closed: the owner notices through isClosed()
        }
        events.offer(WAKE);
    }

    /**
     * What the owning thread waits for between two turns of Coyote: the bytes Coyote registered
     * read interest for, write readiness it registered interest for, or an event posted by
     * another thread; at most {@code timeoutMillis} (0 or less: no limit).
     *
     * @return the event to serve next, or {@code null} if the time-out passed with nothing to do
     */
    SocketEvent awaitNext(long timeoutMillis) throws IOException {
        long deadline = timeoutMillis > 0 ? System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis) : 0;
        while (!isClosed()) {
            SocketEvent posted = takePosted();
            if (posted != null) {
                return posted;
            }
            if (!endpoint.isRunning()) {
                return SocketEvent.STOP;
            }
            long waitMillis = 0;
            if (deadline != 0) {
                waitMillis = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
                if (waitMillis <= 0) {
                    return null;
                }
            }
            int ops = (readInterest ? SelectionKey.OP_READ : 0) | (writeInterest ? SelectionKey.OP_WRITE : 0);
            if (ops == 0) {
                // Only another thread can move this connection on (an async servlet): wait for its event.
                Object event;
                try {
                    event = deadline == 0 ? events.poll(1, TimeUnit.SECONDS)
                            : events.poll(Math.min(waitMillis, 1000), TimeUnit.MILLISECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return SocketEvent.STOP;
                }
                if (event instanceof SocketEvent socketEvent) {
                    return socketEvent;
                }
                continue;
            }
            int ready = select(ops, waitMillis);
            if ((ready & SelectionKey.OP_READ) != 0) {
                readInterest = false;
                return SocketEvent.OPEN_READ;
            }
            if ((ready & SelectionKey.OP_WRITE) != 0) {
                writeInterest = false;
                return SocketEvent.OPEN_WRITE;
            }
        }
        return SocketEvent.DISCONNECT;
    }

    private SocketEvent takePosted() {
        Object event;
        while ((event = events.poll()) != null) {
            if (event instanceof SocketEvent socketEvent) {
                return socketEvent;
            }
        }
        return null;
    }

    /** Whether Coyote asked for more request bytes (a split head, a servlet's non-blocking read). */
    boolean wantsRead() {
        return readInterest;
    }

    boolean wantsWrite() {
        return writeInterest;
    }

    @Override
    public void registerReadInterest() {
        readInterest = true;
        if (Thread.currentThread() != owner) {
            wakeOwner();
        }
    }

    @Override
    public void registerWriteInterest() {
        writeInterest = true;
        if (Thread.currentThread() != owner) {
            wakeOwner();
        }
    }

    /**
     * Waits until the channel is ready for one of {@code ops}, the selector is woken, or
     * {@code timeoutMillis} pass (0: no limit).
     *
     * @return the ready operations, 0 if none
     */
    private int select(int ops, long timeoutMillis) throws IOException {
        selectLock.lock();
        try {
            if (!key.isValid()) {
                throw new ClosedChannelException();
            }
            key.interestOps(ops);
            selector.selectedKeys().clear();
            int n = timeoutMillis > 0 ? selector.select(timeoutMillis) : selector.select();
            int ready = n > 0 && key.isValid() ? key.readyOps() & ops : 0;
            if (key.isValid()) {
                key.interestOps(0);
            }
            selector.selectedKeys().clear();
            return ready;
        } catch (ClosedSelectorException e) {
            throw new ClosedChannelException();
        } finally {
            selectLock.unlock();
        }
    }

    @Override
    protected void awaitReady(int op, long timeoutMillis) throws IOException {
        select(op, timeoutMillis);
    }

    // ------------------------------------------------------------------ close

    @Override
    protected void doClose() {
        endpoint.forget(getSocket());
        try {
            getSocket().close();
        } catch (IOException e) {
            endpoint.logDebug("Closing the channel of " + this + " failed", e);
        }
        try {
            // Wakes an owner blocked in select(), which then sees the connection closed.
            selector.close();
        } catch (IOException e) {
            endpoint.logDebug("Closing the selector of " + this + " failed", e);
        }
        events.offer(WAKE);
    }

    /**
     * Keep-alive is decided per request by Coyote, which asks here whether the connection may
     * serve another one; this is where the BIO connector's rule cuts it short under load.
     */
    @Override
    public int decrementKeepAlive() {
        int left = super.decrementKeepAlive();
        if (left > 0 && endpoint.keepAliveMustEnd()) {
            setKeepAliveLeft(0);
            return 0;
        }
        return left;
    }
}
