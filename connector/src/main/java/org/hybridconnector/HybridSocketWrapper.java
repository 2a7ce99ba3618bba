package org.hybridconnector;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.SocketChannel;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;

import org.apache.tomcat.util.net.AbstractEndpoint.Handler.SocketState;
import org.apache.tomcat.util.net.SSLSupport;
import org.apache.tomcat.util.net.SendfileDataBase;
import org.apache.tomcat.util.net.SendfileState;
import org.apache.tomcat.util.net.SocketBufferHandler;
import org.apache.tomcat.util.res.StringManager;

/**
 * One client connection as Coyote sees it: the non-blocking channel, its buffers, and every byte
 * through its {@link Transport}, clear or TLS. Reads and writes Coyote asks to block wait for
 * readiness on a pooled {@link ReadinessWaiter}, bounded by {@code connectionTimeout}; Coyote's
 * asynchronous operations whose socket is not ready wait in the selector ({@link VectoredSocketWrapper}).
 * <p>
 * Its selector side is a {@link Connection}, reached only through {@link HandBack}. What Coyote
 * asks of the selector while a worker serves the connection (read or write interest, a file to
 * finish) is held until the worker's turn ends ({@link #endServing}), so that the selector never
 * sees the connection before the worker has stopped touching it.
 * <p>
 * Threads: the buffers belong to the selector thread while it waits for a head that is its own
 * ({@link Turns}) and to a worker while dispatched; the hand-over through the selector's update
 * queue or the executor's task queue publishes them. The turn's fields belong to the serving worker. The
 * admission permits may be released from any thread, exactly once; its {@link Turns} are any thread's.
 */
final class HybridSocketWrapper extends VectoredSocketWrapper implements Transfer.Sink {

    private static final StringManager sm = StringManager.getManager(HybridSocketWrapper.class);

    private final ChannelEndpoint endpoint;
    private final ReadinessWaiter.Pool waiters;
    private final HandBack handBack;
    /** Runs Coyote's work for this connection on a worker, counted as a request ({@link Dispatcher#run}). */
    private final Executor workers;
    /** Clear or TLS: every byte of the connection passes through it; {@link ClosedTransport} once closed. */
    private volatile Transport transport;
    private boolean handshakeComplete;
    private final ConnectionPermits permits = new ConnectionPermits();
    private final Turns turns = new Turns();

    // The worker serving this connection, and what it asked of the selector meanwhile.
    private volatile Thread servingThread;
    private int servingDepth;
    /** {@code OP_READ} and {@code OP_WRITE} bits Coyote registered during the turn. */
    private int deferredInterest;
    private FileTransfer deferredFile;
    /** What the cache learns from the turn's response: set by the selector before the hand-over. */
    private ResponseCapture capture;

    HybridSocketWrapper(SocketChannel channel, ChannelEndpoint endpoint, ReadinessWaiter.Pool waiters,
            HandBack handBack, Executor workers) {
        super(channel, endpoint);
        this.endpoint = endpoint;
        this.waiters = waiters;
        this.handBack = handBack;
        this.workers = workers;
        this.socketBufferHandler = BufferPool.NONE;
        if (endpoint.isSSLEnabled()) {
            this.transport = new TlsTransport(channel, endpoint);
        } else {
            this.transport = new PlainTransport(channel);
            this.handshakeComplete = true;
        }
    }

    HandBack handBack() {
        return handBack;
    }

    /** Its worker turns, which decide whether a hand-back for the next head still holds. */
    Turns turns() {
        return turns;
    }

    // -------------------------------------------------------------- admission

    /** What admission control handed the connection, given back when it closes. */
    ConnectionPermits permits() {
        return permits;
    }

    /** Counts to {@code maxKeepAliveRequests}, except where the session is the connection (its next is a new one). */
    @Override
    public int decrementKeepAlive() {
        return permits.sessionIsTheConnection() ? Integer.MAX_VALUE : super.decrementKeepAlive();
    }

    /** An HTTP/2 stream, or other work Coyote runs on a container thread, takes a permit as a request does. */
    @Override
    public void execute(Runnable work) {
        if (!endpoint.isRunning()) {
            throw new RejectedExecutionException(sm.getString("wrapper.workRefused", this));
        }
        workers.execute(work);
    }

    // ------------------------------------------------------------ TLS handshake

    /** Whether the opening handshake (TLS) is done; always true in the clear. */
    boolean isHandshakeComplete() {
        return handshakeComplete;
    }

    /**
     * Advances the opening handshake without blocking; called by a worker.
     *
     * @return 0 when done, {@code OP_READ} or {@code OP_WRITE} for what it waits for, -1 to close
     */
    int handshake() {
        try {
            int result = transport.handshake();
            handshakeComplete = result == 0;
            if (handshakeComplete) {
                // Coyote picks the first request's processor by it: h2 by ALPN gets HTTP/2's.
                setNegotiatedProtocol(transport.applicationProtocol());
            }
            return result;
        } catch (IOException e) {
            logDebug(sm.getString("wrapper.handshakeFailed", this), e);
            return -1;
        }
    }

    // --------------------------------------------------------- a worker's turn

    /**
     * Called by a worker before it runs Coyote for this connection, under the connection's lock. Coyote may
     * serve an event inline within another ({@code dispatch == false}); only the outermost turn hands it back.
     */
    void beginServing() {
        if (servingDepth++ == 0) {
            deferredInterest = 0;
            deferredFile = null;
            servingThread = Thread.currentThread();
        }
    }

    /**
     * Called by the same worker when Coyote is done: what Coyote asked of the selector meanwhile
     * goes to it only now.
     *
     * @param state what Coyote returned: {@code OPEN}, the connection waits for a new request; {@code CLOSED}, it
     *            is about to close; anything else, a request is in progress (a split head, async, an upgrade)
     * @param lastTurn whether the turn was the last queued and left the next head to the selector ({@link Turns})
     */
    void endServing(SocketState state, boolean lastTurn) {
        if (--servingDepth > 0) {
            return;
        }
        servingThread = null;
        capture = null;
        FileTransfer file = deferredFile;
        deferredFile = null;
        if (state == SocketState.CLOSED) {
            if (file != null) {
                file.close();
            }
            return;
        }
        if (file != null) {
            handBack.finishTransfer(file);
            return;
        }
        if (state == SocketState.OPEN) {
            if (lastTurn) { // even with no read interest (Coyote's stale time-out shortcut); else the last turn does
                handBack.awaitHead();
            }
        } else if ((deferredInterest & SelectionKey.OP_READ) != 0) {
            handBack.awaitData();
        }
        if ((deferredInterest & SelectionKey.OP_WRITE) != 0) {
            handBack.awaitWrite();
        }
    }

    @Override
    public void registerReadInterest() {
        if (servingThread == Thread.currentThread()) {
            deferredInterest |= SelectionKey.OP_READ;
        } else {
            handBack.awaitData();
        }
    }

    @Override
    public void registerWriteInterest() {
        if (servingThread == Thread.currentThread()) {
            deferredInterest |= SelectionKey.OP_WRITE;
        } else {
            handBack.awaitWrite();
        }
    }

    // ------------------------------------------- buffers, for the selector thread

    /** The read buffer in write mode: bytes {@code [0, position)} are what is buffered. */
    ByteBuffer readBufferForWrite() {
        socketBufferHandler.configureReadBufferForWrite();
        return socketBufferHandler.getReadBuffer();
    }

    /**
     * Gives the buffers back to the pool if nothing is buffered either way: the connection is
     * parked between requests and holds no memory but this object until its client speaks again.
     */
    void releaseBuffersIfEmpty(BufferPool pool) {
        SocketBufferHandler buffers = socketBufferHandler;
        if (buffers == BufferPool.NONE || buffers == BufferPool.CLOSED) { // given back already, or closed
            return;
        }
        buffers.configureReadBufferForWrite();
        if (buffers.getReadBuffer().position() == 0 && buffers.isWriteBufferEmpty() &&
                nonBlockingWriteBuffer.isEmpty()) {
            giveBuffersBack(pool);
        }
    }

    /** Gives the buffers to {@code pool} whatever they hold: the caller knows nothing else holds them. */
    void giveBuffersBack(BufferPool pool) {
        SocketBufferHandler held = socketBufferHandler;
        if (held != BufferPool.NONE && held != BufferPool.CLOSED) {
            socketBufferHandler = BufferPool.NONE;
            pool.giveBack(held);
        }
    }

    /** Takes buffers from the pool if the connection gave its own back. */
    SocketBufferHandler acquireBuffers(BufferPool pool) {
        if (socketBufferHandler == BufferPool.NONE) {
            socketBufferHandler = pool.take();
        }
        return socketBufferHandler;
    }

    /** Whether the transport holds bytes already taken from the socket (TLS records). */
    boolean hasBufferedInput() {
        return transport.hasBufferedInput();
    }

    @Override
    public SocketChannel channel() {
        return getSocket();
    }

    @Override
    public long sendNow(ByteBuffer[] buffers) throws IOException {
        return transport.write(buffers);
    }

    @Override
    public boolean flushTransport() throws IOException {
        return transport.flush();
    }

    // ------------------------------------------------- I/O through the transport

    @Override
    protected void awaitReady(int op, long timeoutMillis) throws IOException {
        waiters.await(getSocket(), op, timeoutMillis);
    }

    /** At once, not deferred to the end of a turn: the operation runs apart from Coyote's turns. */
    @Override
    protected void awaitOperation(PendingOperation operation) {
        handBack.awaitOperation(operation);
    }

    /** Reads from the transport without blocking: Coyote's reads, and the selector's of a request head. */
    @Override
    protected int readChannel(ByteBuffer to) throws IOException {
        return transport.read(to);
    }

    /** Selector thread, before it hands the connection to a worker for the request. */
    void captureResponse(ResponseCapture capture) {
        this.capture = capture;
    }

    /** The turn's capture if the caller is the serving worker: an async write from another thread is not the turn's. */
    private ResponseCapture watching() {
        return capture != null && servingThread == Thread.currentThread() ? capture : null;
    }

    /** Coyote writes a response head, or a body's bytes, during a turn: writes of a servlet not async. */
    @Override
    protected void writeBlocking(ByteBuffer from) throws IOException {
        ResponseCapture watching = watching();
        if (watching != null) {
            watching.writing(from);
        }
        super.writeBlocking(from);
    }

    @Override
    protected int writeChannel(ByteBuffer from) throws IOException {
        ResponseCapture watching = watching();
        if (watching != null) {
            watching.offered(from, from.position(), from.remaining());
        }
        int taken = transport.write(from);
        if (watching != null && taken > 0) {
            watching.taken(taken);
        }
        return taken;
    }

    @Override
    protected boolean flushChannel() throws IOException {
        return transport.flush();
    }

    @Override
    protected boolean hasPendingOutput() {
        return transport.hasPendingOutput();
    }

    @Override
    protected void bytesArrived() {
        permits.settleFresh();
    }

    // ----------------------------------------------------------------- sendfile

    @Override
    public SendfileDataBase createSendfileData(String filename, long pos, long length) {
        return new FileTransfer(filename, pos, length);
    }

    /**
     * Sends what the socket takes of the file at once; the rest is left for the selector thread,
     * which finishes the transfer as the client reads, so the worker goes back to the pool. The
     * response head is already sent: Coyote flushes it before asking for the file.
     */
    @Override
    public SendfileState processSendfile(SendfileDataBase sendfileData) {
        FileTransfer file = (FileTransfer) sendfileData;
        ResponseCapture watching = watching();
        if (watching != null) {
            watching.bypassed();
        }
        try {
            if (file.advance(getSocket())) {
                file.close();
                return SendfileState.DONE;
            }
        } catch (IOException e) {
            logDebug(sm.getString("connection.sendFileFailed", file.name(), this), e);
            file.close();
            return SendfileState.ERROR;
        }
        // Handed over once Coyote has returned, like any interest registered while serving.
        deferredFile = file;
        return SendfileState.PENDING;
    }

    // ------------------------------------------------------------------ close

    /** Half-closes: the first step of a lingering close ({@link Lingering}), on the selector thread. */
    boolean shutdownOutput() throws IOException {
        return transport.shutdownOutput();
    }

    @Override
    protected void doClose() {
        endpoint.forget(getSocket());
        permits.releaseAll();
        Transport open = transport;
        transport = ClosedTransport.INSTANCE;
        try {
            open.close();
        } catch (IOException e) {
            logDebug(sm.getString("wrapper.closeFailed", this), e);
        }
        // As stock NIO does: a closed connection may stay reachable for a while (a stale deadline
        // names it), and must not keep its buffers meanwhile; nor take a set from the pool again.
        socketBufferHandler = BufferPool.CLOSED;
        handBack.closed();
    }

    @Override
    public SSLSupport getSslSupport() {
        return transport.sslSupport();
    }

    /** The SNI host name, for {@code strictSni} (11.0.15 on); not an override, as earlier releases lack it. */
    public String getSniHostName() {
        return transport.sniHostName();
    }

    void logDebug(String message, Throwable t) {
        endpoint.logDebug(message, t);
    }
}
