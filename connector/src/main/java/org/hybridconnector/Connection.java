package org.hybridconnector;

import java.io.IOException;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;

import org.apache.coyote.Processor;
import org.apache.tomcat.util.net.SocketBufferHandler;
import org.apache.tomcat.util.net.SocketEvent;
import org.apache.tomcat.util.res.StringManager;

/**
 * One client connection's state machine on the selector side: what it waits for
 * ({@link ConnectionState}), the interest it wants on its key, and what it does when the selector
 * reports it ready or a deadline passes.
 * <pre>
 *   register ──► AWAIT_HEAD ──(head complete)──► SERVING ──(Coyote done: OPEN)──► AWAIT_HEAD
 *                 │  ▲                             │  ▲
 *                 │  └── (the client trickles)     │  └──(bytes arrive)── AWAIT_DATA ◄──(LONG)
 *                 ▼                                ▼
 *        (idle past its time-out: close)   SENDING ──(sent)──► AWAIT_HEAD, SERVING or linger
 *   AWAIT_HEAD ──(head complete, answered from the response cache)──► SENDING
 *   SERVING ──(Coyote done: CLOSED; a 503 sent)──► linger: a {@link Lingering} takes the key over
 * </pre>
 * The interest it wants ({@link #interest()}) follows from the state, the {@link WriteWait} and the
 * {@link OperationWaits}; after every step the key is brought in line ({@link #updateKey()}).
 * <p>
 * Thread safety: every field is the selector thread's; other threads reach it only through its
 * {@link QueuedHandBack}, which queues each change for the selector thread (the wrapper is Coyote's view).
 */
final class Connection implements Selectable, QueuedHandBack.Steps {

    private static final StringManager sm = StringManager.getManager(Connection.class);

    private final HybridSocketWrapper wrapper;
    private final QueuedHandBack handBack;
    private final SelectorLoop loop;
    private final Parks parks;
    private final Dispatcher dispatcher;
    private final BufferPool buffers;
    private final HeadScanner headScanner;
    private final OperationWaits operations;
    private final Sending sending;
    private final WriteWait writeWait;

    private ConnectionState state = ConnectionState.SERVING;
    /** Its place in the queue of its current wait's deadline; it leaves with every change of wait. */
    private final ExpiryQueue.Place<Selectable> waiting = new ExpiryQueue.Place<>(this);
    /** Its place among new connections, until its {@link Deadline#FRESH} grace ends, whatever it does meanwhile. */
    private final ExpiryQueue.Place<Selectable> fresh = new ExpiryQueue.Place<>(this);
    private SelectionKey key;
    /** Whether a {@link Lingering} has taken its key over: from then on, queued steps find it closed. */
    private boolean handedOver;
    /** Request heads handed to a worker so far: the first is what makes a new session. */
    private int headsSeen;
    /** Whether a head was answered: the next waits {@code keepAliveTimeout}, a first {@code connectionTimeout}. */
    private boolean keptAlive;

    Connection(SocketChannel channel, ChannelEndpoint endpoint, ReadinessWaiter.Pool waiters, SelectorLoop loop,
            Parks parks, Dispatcher dispatcher, BufferPool buffers, HeadRules headRules) {
        this.handBack = new QueuedHandBack(loop, this);
        this.wrapper = new HybridSocketWrapper(channel, endpoint, waiters, handBack, dispatcher::run);
        this.headScanner = new HeadScanner(headRules);
        this.loop = loop;
        this.parks = parks;
        this.dispatcher = dispatcher;
        this.buffers = buffers;
        this.operations = new OperationWaits(this, parks, dispatcher);
        this.sending = new Sending(parks);
        this.writeWait = new WriteWait(this, parks);
    }

    /** Coyote's view of this connection. */
    HybridSocketWrapper socketWrapper() {
        return wrapper;
    }

    /** Takes in a connection the acceptor has just accepted: from any thread. */
    void register() {
        handBack.register();
    }

    // The steps other threads queue through the hand-back, run on the selector thread.

    @Override
    public void register(Selector selector) throws IOException {
        if (loop.isDraining()) {
            closeNow();
            return;
        }
        key = wrapper.getSocket().register(selector, 0, this);
        parks.add(Deadline.FRESH, fresh, System.nanoTime());
        // A TLS connection's first bytes are its handshake, for a worker to advance.
        park(wrapper.isHandshakeComplete() ? ConnectionState.AWAIT_HEAD : ConnectionState.AWAIT_DATA, Deadline.HEAD);
    }

    @Override
    public void awaitData() {
        park(ConnectionState.AWAIT_DATA, Deadline.HEAD);
    }

    @Override
    public void awaitWrite() {
        writeWait.begin(wrapper.getWriteTimeout());
    }

    @Override
    public void awaitOperation(PendingOperation operation) {
        operations.add(operation, System.nanoTime());
    }

    /** Sends the rest of a response as the client takes it: a file a worker began, or a cached one. */
    @Override
    public void startSending(Transfer rest) {
        enter(ConnectionState.SENDING);
        sending.start(rest, waiting);
    }

    @Override
    public boolean isClosed() {
        return handedOver || wrapper.isClosed();
    }

    @Override
    public void stepFailed(Exception e) {
        wrapper.logDebug(sm.getString("connection.parkFailed", wrapper), e);
        closeNow();
    }

    @Override
    public void selected(int readyOps) {
        if (wrapper.isClosed()) {
            return;
        }
        // Operations waiting for the socket take their readiness first; the rest is the connection's.
        if ((readyOps = operations.resume(readyOps)) < 0) {
            closeNow();
            return;
        }
        boolean writable = (readyOps & SelectionKey.OP_WRITE) != 0;
        if (writeWait.isWaiting() && writable) {
            writeWait.end();
            if (!dispatcher.dispatch(wrapper, SocketEvent.OPEN_WRITE)) {
                closeNow();
                return;
            }
        } else if (state == ConnectionState.SENDING && writable) {
            continueTransfer();
            updateKey();
            return;
        }
        if ((readyOps & SelectionKey.OP_READ) != 0) {
            if (state == ConnectionState.AWAIT_HEAD && !wrapper.turns().headIsTheSelectors()) {
                enter(ConnectionState.SERVING); // a turn came in meanwhile (an event raised elsewhere): it hands back
            } else if (state == ConnectionState.AWAIT_HEAD) {
                readHead();
            } else if (state == ConnectionState.AWAIT_DATA) {
                dispatch(SocketEvent.OPEN_READ);
                wrapper.permits().settleFresh();
            }
        }
        updateKey();
    }

    @Override
    public void expired(Deadline deadline, long now) {
        switch (deadline) {
            case FRESH -> wrapper.permits().settleFresh();
            case KEEP_ALIVE, HEAD -> idleTimedOut(now);
            case STALL -> {
                if (sending.stalled(now, waiting)) {
                    parks.idleClosed();
                    closeNow();
                }
            }
        }
    }

    @Override
    public void operationsDue(long nowNanos) {
        if (writeWait.timedOut(nowNanos)) {
            dispatchTimeout(); // as stock NIO's poller: the time-out or the operations', not both
        } else if (!wrapper.isClosed() && !operations.expire(nowNanos)) {
            closeNow();
        }
        updateKey();
    }

    @Override
    public void closeIfParked() {
        if (state.isParked()) {
            closeNow();
        }
    }

    /** The interest this connection wants on its key, from its state, its write wait and operations. */
    private int interest() {
        int interest = (state.isParked() ? SelectionKey.OP_READ : 0) | operations.interest();
        if (writeWait.isWaiting() || state == ConnectionState.SENDING) {
            interest |= SelectionKey.OP_WRITE;
        }
        return interest;
    }

    /** Brings the key's interest set in line with {@link #interest()}. */
    @Override
    public void updateKey() {
        if (key != null && key.isValid() && key.interestOps() != interest()) {
            key.interestOps(interest());
        }
    }

    /** Moves to {@code next}, keeping the parked count; the deadline of the wait it leaves is dropped. */
    private void enter(ConnectionState next) {
        boolean wasParked = state.isParked();
        state = next;
        waiting.leave();
        if (wasParked != state.isParked()) {
            parks.parkedChanged(wasParked ? -1 : 1);
        }
    }

    private void park(ConnectionState parking, Deadline deadline) {
        enter(parking);
        parks.add(deadline, waiting, System.nanoTime());
    }

    /** Parks until the next request head is complete, or serves one already buffered (pipelining). */
    @Override
    public void awaitHeadNow() {
        if (!wrapper.turns().headIsTheSelectors() || state == ConnectionState.SENDING) {
            return; // stale: the turn queued since, or the transfer, hands the connection on when it ends
        }
        if (loop.isDraining()) {
            closeNow();
            return;
        }
        ByteBuffer buffer = wrapper.readBufferForWrite();
        headScanner.reset();
        boolean empty = buffer.position() == 0;
        if (!empty && (headScanner.headComplete(buffer) || !buffer.hasRemaining())) {
            dispatchHead();
            return;
        }
        wrapper.releaseBuffersIfEmpty(buffers);
        park(ConnectionState.AWAIT_HEAD, empty && keptAlive ? Deadline.KEEP_ALIVE : Deadline.HEAD);
        if (wrapper.hasBufferedInput()) {
            // TLS records already taken from the socket will not make it readable again.
            readHead();
        }
    }

    /** Reads what has arrived of a request head; dispatches once it is complete. */
    private void readHead() {
        SocketBufferHandler handler = wrapper.acquireBuffers(buffers);
        handler.configureReadBufferForWrite();
        ByteBuffer buffer = handler.getReadBuffer();
        boolean firstBytes = buffer.position() == 0;
        int n;
        try {
            n = wrapper.readChannel(buffer);
        } catch (IOException e) {
            wrapper.logDebug(sm.getString("connection.readFailed", wrapper), e);
            closeNow();
            return;
        }
        if (n < 0) {
            // The client closed between requests: the normal end of a keep-alive connection.
            closeNow();
            return;
        }
        if (n == 0) {
            return;
        }
        if (headScanner.headComplete(buffer) || !buffer.hasRemaining()) {
            // Complete, or too large for the buffer: Coyote's parser takes it (a 400 past maxHttpHeaderSize).
            // Queued before it stops counting as fresh, so admission never sees the request as no work.
            dispatchHead();
            wrapper.permits().settleFresh();
            return;
        }
        wrapper.permits().settleFresh();
        if (firstBytes) {
            // The next request has begun: from now on it has connectionTimeout to arrive whole.
            park(ConnectionState.AWAIT_HEAD, Deadline.HEAD);
        }
    }

    /** Hands over a connection whose request head is complete (or fills the buffer). */
    private void dispatchHead() {
        enter(ConnectionState.SERVING);
        keptAlive = true;
        CachedReply reply = dispatcher.answerFromCache(wrapper, headScanner.wellFormedHeadEnd());
        if (reply != null) {
            startSending(reply);
            continueTransfer();
        } else if (!dispatcher.serveHead(wrapper, headsSeen++ == 0)) {
            lingerNow();
        }
    }

    private void dispatch(SocketEvent event) {
        enter(ConnectionState.SERVING);
        if (!dispatcher.dispatch(wrapper, event)) {
            closeNow();
        }
    }

    /** Sends what the socket takes of the response; once it is all sent, the connection goes on. */
    private void continueTransfer() {
        Transfer sent;
        try {
            sent = sending.advance(wrapper);
        } catch (IOException e) {
            wrapper.logDebug(sm.getString("connection.sendFailed", sending.name(), wrapper), e);
            closeNow();
            return;
        }
        if (sent == null) {
            return;
        }
        enter(ConnectionState.SERVING);
        switch (sent.keepAliveState()) {
            case OPEN -> awaitHeadNow();
            case PIPELINED -> dispatch(SocketEvent.OPEN_READ);
            default -> lingerNow();
        }
    }

    private void idleTimedOut(long now) {
        if (state == ConnectionState.AWAIT_DATA && wrapper.getReadTimeout() <= 0) {
            // Upgraded: its protocol keeps its own time-outs, as on stock NIO; this notices its close.
            if (wrapper.isClosed()) {
                closeNow();
            } else {
                parks.add(Deadline.HEAD, waiting, now);
            }
            return;
        }
        Processor processor = (Processor) wrapper.getCurrentProcessor();
        // A servlet waiting in a ReadListener, or a turn raised elsewhere that holds the processor
        // now, must hear of the time-out through ERROR after it, not find its socket closed under it.
        if (wrapper.turns().any() || state == ConnectionState.AWAIT_DATA && processor != null && processor.isAsync()) {
            dispatchTimeout();
            return;
        }
        parks.idleClosed();
        closeNow();
    }

    /** Ends every wait; what waited (a listener, an upgraded protocol, a turn) hears of it by ERROR, as stock NIO. */
    private void dispatchTimeout() {
        enter(ConnectionState.SERVING);
        writeWait.end();
        wrapper.setError(new SocketTimeoutException());
        if (wrapper.isClosed() || nothingServes() || !dispatcher.dispatch(wrapper, SocketEvent.ERROR)) {
            closeNow();
        }
    }

    /** Ends the connection after its last response: a {@link Lingering} takes its key over. */
    @Override
    public void lingerNow() {
        stopWaiting();
        if (loop.isDraining()) {
            closeNow();
            return;
        }
        handedOver = true;
        Lingering.begin(wrapper, key, nothingServes() ? buffers : null, loop, parks);
        key = null;
    }

    /** No processor attached, no worker turn to run: nothing but the wrapper holds the buffers, or hears an event. */
    private boolean nothingServes() {
        return wrapper.getCurrentProcessor() == null && !wrapper.turns().any();
    }

    /** Ends every wait in the selector (operations, a transfer, a write, a park) as the connection ends. */
    private void stopWaiting() {
        operations.clear();
        sending.end();
        writeWait.end();
        enter(ConnectionState.SERVING);
    }

    /** Closes the connection; closing the channel cancels its key. */
    @Override
    public void closeNow() {
        boolean buffersFree = state.isBetweenRequests() && nothingServes();
        stopWaiting();
        if (buffersFree) {
            wrapper.giveBuffersBack(buffers);
        }
        wrapper.close();
    }
}
