package org.hybridconnector;

import java.io.IOException;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.nio.channels.CancelledKeyException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.util.Iterator;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

import org.apache.coyote.Processor;
import org.apache.tomcat.util.net.SocketBufferHandler;
import org.apache.tomcat.util.net.SocketEvent;
import org.hybridconnector.HybridSocketWrapper.Parking;

/**
 * The selector thread: parks every connection that waits for its client, reads the bytes of
 * request heads without blocking, hands a connection to the worker pool once its request head is
 * complete, and closes connections that stay idle too long.
 * <p>
 * It is the only thread that touches the {@link Selector} and its keys. Other threads ask it for
 * something by queueing a {@link Command} and waking it; wake-ups are coalesced, since one
 * wake-up makes the loop drain every command queued so far.
 * <p>
 * Time-outs: a connection waiting for its next request expires {@code keepAliveTimeout} after it
 * was parked; one whose request head is on its way (a new connection, or the first bytes of the
 * next request arrived) expires {@code connectionTimeout} after that wait began. Trickling bytes
 * does not extend the deadline, so a client that sends its head one byte at a time holds a buffer
 * for {@code connectionTimeout} at most, and never a worker.
 * <p>
 * It also finishes the file transfers (sendfile) that workers started and the client did not
 * take at once, and closes a connection whose client has taken no byte of its file for
 * {@code connectionTimeout}.
 */
final class SelectorLoop implements Runnable {

    /**
     * How long a select may block when no deadline is nearer: bounds the reaction to a stop, and
     * is the clock of the policies that adapt once a second.
     */
    private static final long MAX_SELECT_MILLIS = 1000;

    /** The shorter bound while a policy measures over time windows ({@link HybridEndpoint#needsTicks()}). */
    private static final long TICK_MILLIS = 100;

    /**
     * How long a new connection counts as work for admission control while its first bytes have
     * not arrived. A client sends its request right behind the last packet of its TCP handshake,
     * so by the time the acceptor takes the connection in (after a wait in the backlog, under
     * load) the request is already there or a few milliseconds away: a short grace is enough to
     * close the burst race (many connections accepted before any request is seen). A client that
     * connects and stays silent holds an admission slot for no longer than this, instead of until
     * {@code connectionTimeout}.
     */
    static final long FRESH_GRACE_MILLIS = 50;

    private enum Kind {
        REGISTER, AWAIT_HEAD, AWAIT_DATA, AWAIT_WRITE, TRANSFER
    }

    private record Command(Kind kind, HybridSocketWrapper connection) {
    }

    private final HybridEndpoint endpoint;
    private final Selector selector;
    private final ConcurrentLinkedQueue<Command> commands = new ConcurrentLinkedQueue<>();
    private final AtomicBoolean wakeupPending = new AtomicBoolean();
    private final ExpiryQueue<HybridSocketWrapper> keepAliveParks;
    private final ExpiryQueue<HybridSocketWrapper> headParks;
    private final ExpiryQueue<HybridSocketWrapper> freshGraces =
            new ExpiryQueue<>(FRESH_GRACE_MILLIS, (connection, ticket) -> true);
    private final ExpiryQueue<HybridSocketWrapper> transferStalls;
    private final AtomicLong idleClosed = new AtomicLong();
    private volatile int parked;
    private volatile int transfers;
    private volatile boolean draining;
    private volatile boolean running = true;

    SelectorLoop(HybridEndpoint endpoint) throws IOException {
        this.endpoint = endpoint;
        this.selector = Selector.open();
        ExpiryQueue.Tickets<HybridSocketWrapper> tickets = (c, ticket) -> c.parkTicket == ticket &&
                c.parking != Parking.NONE;
        this.keepAliveParks = new ExpiryQueue<>(endpoint.getKeepAliveTimeout(), tickets);
        this.headParks = new ExpiryQueue<>(endpoint.getConnectionTimeout(), tickets);
        this.transferStalls = new ExpiryQueue<>(endpoint.getConnectionTimeout(),
                (c, ticket) -> c.parkTicket == ticket && c.transfer != null);
    }

    // ------------------------------------------------- requests from other threads

    /** Takes in a connection the acceptor has just accepted. */
    void register(HybridSocketWrapper connection) {
        submit(new Command(Kind.REGISTER, connection));
    }

    /** Parks a connection between requests, until the next request head is complete. */
    void awaitHead(HybridSocketWrapper connection) {
        submit(new Command(Kind.AWAIT_HEAD, connection));
    }

    /** Parks a connection whose processor waits for any further bytes. */
    void awaitData(HybridSocketWrapper connection) {
        submit(new Command(Kind.AWAIT_DATA, connection));
    }

    /** Dispatches the connection with {@code OPEN_WRITE} once its socket can take more bytes. */
    void awaitWrite(HybridSocketWrapper connection) {
        submit(new Command(Kind.AWAIT_WRITE, connection));
    }

    /**
     * Finishes sending a file a worker has started; then parks the connection for its next request,
     * or closes it if the response said so. The hand-over through the command queue publishes
     * {@code file} to the selector thread.
     */
    void finishTransfer(HybridSocketWrapper connection, FileTransfer file) {
        connection.transfer = file;
        submit(new Command(Kind.TRANSFER, connection));
    }

    /** File transfers the selector is finishing now. */
    int transferCount() {
        return transfers;
    }

    /** Connections parked now (idle keep-alive ones and those whose head is on its way). */
    int parkedCount() {
        return parked;
    }

    /**
     * Connections closed so far because they stayed idle past their time-out, or their client took
     * no byte of a file for {@code connectionTimeout}.
     */
    long idleClosedCount() {
        return idleClosed.get();
    }

    /**
     * Starts a stop: closes every parked connection now, and from then on closes each connection
     * a worker hands back instead of parking it.
     */
    void drain() {
        draining = true;
        wakeup();
    }

    /** Ends the loop; the connections still registered are closed on the way out. */
    void halt() {
        running = false;
        wakeup();
    }

    private void submit(Command command) {
        commands.add(command);
        wakeup();
    }

    private void wakeup() {
        // The loop clears the flag before it drains the queue, so a command queued after the drain
        // always finds the flag clear and wakes the next select.
        if (wakeupPending.compareAndSet(false, true)) {
            selector.wakeup();
        }
    }

    // ---------------------------------------------------------- the selector thread

    @Override
    public void run() {
        try {
            while (running) {
                wakeupPending.set(false);
                runCommands();
                if (draining) {
                    closeParked();
                }
                long now = System.nanoTime();
                int ready = select(now);
                if (ready > 0) {
                    handleReadyKeys();
                }
                now = System.nanoTime();
                expire(now);
                endpoint.tick(now);
            }
        } catch (Throwable t) {
            endpoint.logError("The selector loop of " + endpoint.getName() + " failed", t);
        } finally {
            closeEverything();
        }
    }

    private int select(long now) throws IOException {
        keepAliveParks.setTimeoutMillis(endpoint.getKeepAliveTimeout());
        headParks.setTimeoutMillis(endpoint.getConnectionTimeout());
        transferStalls.setTimeoutMillis(endpoint.getConnectionTimeout());
        long waitNanos = TimeUnit.MILLISECONDS.toNanos(endpoint.needsTicks() ? TICK_MILLIS : MAX_SELECT_MILLIS);
        waitNanos = nearer(waitNanos, keepAliveParks.nanosUntilNext(now));
        waitNanos = nearer(waitNanos, headParks.nanosUntilNext(now));
        waitNanos = nearer(waitNanos, freshGraces.nanosUntilNext(now));
        waitNanos = nearer(waitNanos, transferStalls.nanosUntilNext(now));
        long waitMillis = TimeUnit.NANOSECONDS.toMillis(waitNanos + 999_999);
        return waitMillis <= 0 ? selector.selectNow() : selector.select(waitMillis);
    }

    private static long nearer(long a, long b) {
        return b < 0 ? a : Math.min(a, b);
    }

    private void runCommands() {
        Command command;
        while ((command = commands.poll()) != null) {
            HybridSocketWrapper connection = command.connection();
            if (connection.isClosed()) {
                if (command.kind() == Kind.TRANSFER) {
                    // Closed on its way here: only the file is left to let go.
                    connection.transfer.close();
                    connection.transfer = null;
                }
                continue;
            }
            try {
                switch (command.kind()) {
                    case REGISTER -> register0(connection);
                    case AWAIT_HEAD -> awaitHead0(connection);
                    case AWAIT_DATA -> park(connection, Parking.DATA, headParks);
                    case AWAIT_WRITE -> awaitWrite0(connection);
                    case TRANSFER -> transfer0(connection);
                }
            } catch (IOException | CancelledKeyException e) {
                endpoint.logDebug("Parking " + connection + " failed", e);
                close(connection);
            }
        }
    }

    private void register0(HybridSocketWrapper connection) throws IOException {
        if (draining) {
            close(connection);
            return;
        }
        connection.key = connection.getSocket().register(selector, 0, connection);
        freshGraces.add(connection, 0, System.nanoTime());
        // A TLS connection's first bytes are its handshake, for a worker to advance.
        park(connection, connection.isHandshakeComplete() ? Parking.HEAD : Parking.DATA, headParks);
    }

    private void awaitHead0(HybridSocketWrapper connection) {
        if (draining) {
            close(connection);
            return;
        }
        // Bytes of the next request may already be buffered (pipelining): look at them first.
        SocketBufferHandler buffers = connection.getSocketBufferHandler();
        buffers.configureReadBufferForWrite();
        ByteBuffer buffer = buffers.getReadBuffer();
        connection.headScanner.reset();
        if (buffer.position() == 0) {
            connection.releaseBuffersIfEmpty(endpoint.getBufferPool());
            park(connection, Parking.HEAD, keepAliveParks);
            if (connection.transport.hasBufferedInput()) {
                // TLS records already taken from the socket will not make it readable again.
                readHead(connection);
            }
        } else if (connection.headScanner.headComplete(buffer) || !buffer.hasRemaining()) {
            dispatchHead(connection);
        } else {
            park(connection, Parking.HEAD, headParks);
        }
    }

    private void awaitWrite0(HybridSocketWrapper connection) {
        connection.writeWanted = true;
        connection.key.interestOps(connection.key.interestOps() | SelectionKey.OP_WRITE);
    }

    private void transfer0(HybridSocketWrapper connection) {
        transfers++;
        connection.parkTicket++;
        connection.transferProgressNanos = System.nanoTime();
        transferStalls.add(connection, connection.parkTicket, connection.transferProgressNanos);
        connection.key.interestOps(connection.key.interestOps() | SelectionKey.OP_WRITE);
    }

    /** Sends what the socket takes of the file; once it is all sent, the connection goes on. */
    private void continueTransfer(HybridSocketWrapper connection) {
        FileTransfer file = connection.transfer;
        boolean done;
        try {
            done = file.advance(connection.getSocket());
        } catch (IOException e) {
            endpoint.logDebug("Sending the file " + file.fileName + " to " + connection + " failed", e);
            close(connection);
            return;
        }
        connection.transferProgressNanos = System.nanoTime();
        if (!done) {
            return;
        }
        endTransfer(connection);
        switch (file.keepAliveState) {
            case OPEN -> awaitHead0(connection);
            case PIPELINED -> dispatch(connection, SocketEvent.OPEN_READ);
            default -> close(connection);
        }
    }

    private void endTransfer(HybridSocketWrapper connection) {
        FileTransfer file = connection.transfer;
        if (file == null) {
            return;
        }
        file.close();
        connection.transfer = null;
        transfers--;
        SelectionKey key = connection.key;
        if (key.isValid()) {
            key.interestOps(key.interestOps() & ~SelectionKey.OP_WRITE);
        }
    }

    private void park(HybridSocketWrapper connection, Parking parking, ExpiryQueue<HybridSocketWrapper> deadlines) {
        if (connection.parking == Parking.NONE) {
            parked++;
        }
        connection.parking = parking;
        connection.parkTicket++;
        deadlines.add(connection, connection.parkTicket, System.nanoTime());
        connection.key.interestOps(connection.key.interestOps() | SelectionKey.OP_READ);
    }

    private void unpark(HybridSocketWrapper connection) {
        if (connection.parking != Parking.NONE) {
            parked--;
            connection.parking = Parking.NONE;
            connection.parkTicket++;
        }
        SelectionKey key = connection.key;
        if (key != null && key.isValid()) {
            key.interestOps(connection.writeWanted ? SelectionKey.OP_WRITE : 0);
        }
    }

    private void handleReadyKeys() {
        Iterator<SelectionKey> keys = selector.selectedKeys().iterator();
        while (keys.hasNext()) {
            SelectionKey key = keys.next();
            keys.remove();
            HybridSocketWrapper connection = (HybridSocketWrapper) key.attachment();
            try {
                if (!key.isValid() || connection.isClosed()) {
                    continue;
                }
                int ready = key.readyOps();
                if (connection.writeWanted && (ready & SelectionKey.OP_WRITE) != 0) {
                    connection.writeWanted = false;
                    key.interestOps(key.interestOps() & ~SelectionKey.OP_WRITE);
                    if (!endpoint.processSocket(connection, SocketEvent.OPEN_WRITE, true)) {
                        close(connection);
                        continue;
                    }
                } else if (connection.transfer != null && (ready & SelectionKey.OP_WRITE) != 0) {
                    continueTransfer(connection);
                    continue;
                }
                if ((ready & SelectionKey.OP_READ) != 0) {
                    if (connection.parking == Parking.HEAD) {
                        readHead(connection);
                    } else if (connection.parking == Parking.DATA) {
                        dispatch(connection, SocketEvent.OPEN_READ);
                        connection.settleFresh();
                    }
                }
            } catch (CancelledKeyException e) {
                close(connection);
            }
        }
    }

    /** Reads what has arrived of a request head; dispatches once it is complete. */
    private void readHead(HybridSocketWrapper connection) {
        SocketBufferHandler buffers = connection.acquireBuffers(endpoint.getBufferPool());
        buffers.configureReadBufferForWrite();
        ByteBuffer buffer = buffers.getReadBuffer();
        boolean firstBytes = buffer.position() == 0;
        int n;
        try {
            n = connection.transport.read(buffer);
        } catch (IOException e) {
            endpoint.logDebug("Reading from " + connection + " failed", e);
            close(connection);
            return;
        }
        if (n < 0) {
            // The client closed between requests: the normal end of a keep-alive connection.
            close(connection);
            return;
        }
        if (n == 0) {
            return;
        }
        if (connection.headScanner.headComplete(buffer) || !buffer.hasRemaining()) {
            // Complete, or too large for the buffer: Coyote's parser takes it from here (and
            // answers 400 if the head exceeds maxHttpHeaderSize). Queued before it stops counting
            // as fresh, so admission control never sees the request as no work at all.
            dispatchHead(connection);
            connection.settleFresh();
            return;
        }
        connection.settleFresh();
        if (firstBytes) {
            // The next request has begun: from now on it has connectionTimeout to arrive whole.
            park(connection, Parking.HEAD, headParks);
        }
    }

    /** Hands over a connection whose request head is complete (or fills the buffer). */
    private void dispatchHead(HybridSocketWrapper connection) {
        unpark(connection);
        if (!endpoint.serveHead(connection)) {
            close(connection);
        }
    }

    private void dispatch(HybridSocketWrapper connection, SocketEvent event) {
        unpark(connection);
        if (!endpoint.processSocket(connection, event, true)) {
            close(connection);
        }
    }

    private void expire(long now) {
        freshGraces.expire(now, HybridSocketWrapper::settleFresh);
        keepAliveParks.expire(now, this::onIdleTimeout);
        headParks.expire(now, this::onIdleTimeout);
        transferStalls.expire(now, connection -> {
            long stalledNanos = now - connection.transferProgressNanos;
            if (stalledNanos >= TimeUnit.MILLISECONDS.toNanos(endpoint.getConnectionTimeout())) {
                idleClosed.incrementAndGet();
                close(connection);
            } else {
                // The client has taken bytes since: its deadline counts from the last of them.
                transferStalls.add(connection, connection.parkTicket, connection.transferProgressNanos);
            }
        });
    }

    private void onIdleTimeout(HybridSocketWrapper connection) {
        Processor processor = (Processor) connection.getCurrentProcessor();
        if (connection.parking == Parking.DATA && processor != null && processor.isAsync()) {
            // A servlet waits in a ReadListener: it must hear of the time-out through onError.
            unpark(connection);
            connection.setError(new SocketTimeoutException());
            if (!endpoint.processSocket(connection, SocketEvent.ERROR, true)) {
                close(connection);
            }
            return;
        }
        idleClosed.incrementAndGet();
        close(connection);
    }

    private void closeParked() {
        for (SelectionKey key : selector.keys()) {
            HybridSocketWrapper connection = (HybridSocketWrapper) key.attachment();
            if (connection.parking != Parking.NONE) {
                close(connection);
            }
        }
    }

    private void close(HybridSocketWrapper connection) {
        unparkQuietly(connection);
        endTransfer(connection);
        connection.close();
    }

    private void unparkQuietly(HybridSocketWrapper connection) {
        try {
            unpark(connection);
        } catch (CancelledKeyException ignored) {
            // Already closed elsewhere: nothing left to unpark but the count.
        }
    }

    private void closeEverything() {
        draining = true;
        runCommands();
        for (SelectionKey key : selector.keys()) {
            close((HybridSocketWrapper) key.attachment());
        }
        keepAliveParks.clear();
        headParks.clear();
        transferStalls.clear();
        freshGraces.clear();
        try {
            selector.close();
        } catch (IOException e) {
            endpoint.logDebug("Closing the selector failed", e);
        }
    }
}
