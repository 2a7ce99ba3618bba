package org.hybridconnector;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.SocketChannel;
import java.util.concurrent.atomic.AtomicBoolean;

import org.apache.tomcat.util.net.AbstractEndpoint.Handler.SocketState;
import org.apache.tomcat.util.net.SSLSupport;
import org.apache.tomcat.util.net.SendfileDataBase;
import org.apache.tomcat.util.net.SendfileState;
import org.apache.tomcat.util.net.SocketBufferHandler;

/**
 * One client connection: the non-blocking channel, its read and write buffers, and the state the
 * selector loop and the workers need to pass it back and forth.
 * <p>
 * Reads and writes that Coyote asks to block wait for readiness on a pooled
 * {@link ReadinessWaiter}, each wait bounded by the read or write time-out
 * ({@code connectionTimeout}); every byte passes through the connection's {@link Transport},
 * clear or TLS.
 * <p>
 * Threads: the fields marked "selector thread" are touched only by the {@link SelectorLoop}; the
 * buffers belong to the selector while the connection is parked and to a worker while it is
 * dispatched, and the hand-over through the selector's command queue or the executor's task queue
 * publishes them. {@link #registerReadInterest()} called by the worker that is serving this
 * connection is deferred until the worker is done (see {@link #beginServing()}).
 */
final class HybridSocketWrapper extends ChannelSocketWrapper {

    private final HybridEndpoint endpoint;
    private final AtomicBoolean fresh = new AtomicBoolean(true);
    /** Clear or TLS: every byte of the connection passes through it. */
    final Transport transport;
    private boolean handshakeComplete;

    // Selector thread only.
    SelectionKey key;
    Parking parking = Parking.NONE;
    long parkTicket;
    boolean writeWanted;
    /** The file the selector is sending on the connection's behalf, if any. */
    FileTransfer transfer;
    /** When the client last took bytes of {@link #transfer}: its stall deadline counts from then. */
    long transferProgressNanos;
    final HeadScanner headScanner = new HeadScanner();
    /** Request heads handed to a worker so far; the selector thread's alone. */
    private int headsSeen;
    /** Whether the connection holds a session place of the admission policy, given back at close. */
    private final AtomicBoolean holdsSession = new AtomicBoolean();

    // The worker serving this connection, and what it asked of the selector meanwhile.
    private volatile Thread servingThread;
    private int servingDepth;
    private boolean readInterestDeferred;
    private boolean writeInterestDeferred;
    private FileTransfer transferDeferred;

    /** Why a connection sits in the selector. */
    enum Parking {
        /** Not parked: a worker has it, or it waits for nothing. */
        NONE,
        /** Between requests: dispatch once a complete request head is buffered. */
        HEAD,
        /** A processor is attached (a split head, servlet non-blocking reads): dispatch on any byte. */
        DATA
    }

    HybridSocketWrapper(SocketChannel channel, HybridEndpoint endpoint, SocketBufferHandler buffers) {
        super(channel, endpoint);
        this.endpoint = endpoint;
        this.socketBufferHandler = buffers;
        if (endpoint.isSSLEnabled()) {
            this.transport = new TlsTransport(channel, endpoint);
        } else {
            this.transport = new PlainTransport(channel);
            this.handshakeComplete = true;
        }
    }

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
            return result;
        } catch (IOException e) {
            endpoint.logDebug("The TLS handshake with " + this + " failed", e);
            return -1;
        }
    }

    /**
     * Marks the end of the connection's first wait: its first bytes arrived or it closed. Until
     * then it counts as pending work for admission control.
     */
    void settleFresh() {
        if (fresh.compareAndSet(true, false)) {
            endpoint.getWorkLoad().freshConnectionSettled();
        }
    }

    boolean holdsSession() {
        return holdsSession.get();
    }

    void holdSession() {
        holdsSession.set(true);
    }

    /**
     * Coyote counts requests down to {@code maxKeepAliveRequests} and then closes. A connection
     * that carries an admitted session is not counted down when the session is the connection
     * (see {@link org.hybridconnector.admission.AdmissionPolicy#sessionIsItsConnection()}).
     */
    @Override
    public int decrementKeepAlive() {
        if (holdsSession() && endpoint.getAdmissionPolicy().sessionIsItsConnection()) {
            return Integer.MAX_VALUE;
        }
        return super.decrementKeepAlive();
    }

    /**
     * The selector hands over a complete request head: counts it, and tells whether it is the
     * connection's first (what makes it a new session for a connection-based admission policy).
     * Only the selector thread calls it.
     */
    boolean beginRequest() {
        return headsSeen++ == 0;
    }

    /**
     * Called by a worker before it runs Coyote for this connection, under the connection's lock.
     * Coyote may serve an event inline from within another (a dispatch with {@code dispatch ==
     * false}); only the outermost turn hands the connection back.
     */
    void beginServing() {
        if (servingDepth++ == 0) {
            readInterestDeferred = false;
            writeInterestDeferred = false;
            transferDeferred = null;
            servingThread = Thread.currentThread();
        }
    }

    /**
     * Called by the same worker when Coyote is done: the read or write interest Coyote registered
     * meanwhile is only now passed to the selector, so that the selector never sees the connection
     * before the worker has stopped touching it.
     *
     * @param state what Coyote returned: {@code OPEN} means the connection waits for a new
     *            request, {@code CLOSED} that it is about to be closed, {@code SENDFILE} that the
     *            selector is to finish sending a file, anything else that a request is in
     *            progress (a split head, async, an upgrade)
     */
    void endServing(SocketState state) {
        if (--servingDepth > 0) {
            return;
        }
        servingThread = null;
        FileTransfer unfinished = transferDeferred;
        transferDeferred = null;
        if (state == SocketState.CLOSED) {
            if (unfinished != null) {
                unfinished.close();
            }
            return;
        }
        if (unfinished != null) {
            endpoint.getSelectorLoop().finishTransfer(this, unfinished);
            return;
        }
        if (readInterestDeferred) {
            if (state == SocketState.OPEN) {
                endpoint.getSelectorLoop().awaitHead(this);
            } else {
                endpoint.getSelectorLoop().awaitData(this);
            }
        }
        if (writeInterestDeferred) {
            endpoint.getSelectorLoop().awaitWrite(this);
        }
    }

    @Override
    public void registerReadInterest() {
        if (servingThread == Thread.currentThread()) {
            readInterestDeferred = true;
        } else {
            endpoint.getSelectorLoop().awaitData(this);
        }
    }

    @Override
    public void registerWriteInterest() {
        if (servingThread == Thread.currentThread()) {
            writeInterestDeferred = true;
        } else {
            endpoint.getSelectorLoop().awaitWrite(this);
        }
    }

    // ---------------------------------------------------------------- buffers

    /**
     * Gives the buffers back to the pool if nothing is buffered either way: the connection is
     * parked between requests and holds no memory but this object until its client speaks again.
     * Selector thread only, while the connection is parked.
     */
    void releaseBuffersIfEmpty(BufferPool pool) {
        SocketBufferHandler buffers = socketBufferHandler;
        if (buffers == BufferPool.NONE) {
            return;
        }
        buffers.configureReadBufferForWrite();
        if (buffers.getReadBuffer().position() == 0 && buffers.isWriteBufferEmpty() &&
                nonBlockingWriteBuffer.isEmpty()) {
            socketBufferHandler = BufferPool.NONE;
            pool.giveBack(buffers);
        }
    }

    /** Takes buffers from the pool if the connection gave its own back. Selector thread only. */
    SocketBufferHandler acquireBuffers(BufferPool pool) {
        if (socketBufferHandler == BufferPool.NONE) {
            socketBufferHandler = pool.take();
        }
        return socketBufferHandler;
    }

    // ------------------------------------------------- I/O through the transport

    @Override
    protected void awaitReady(int op, long timeoutMillis) throws IOException {
        endpoint.getWaiters().await(getSocket(), op, timeoutMillis);
    }

    @Override
    protected int readChannel(ByteBuffer to) throws IOException {
        return transport.read(to);
    }

    @Override
    protected int writeChannel(ByteBuffer from) throws IOException {
        return transport.write(from);
    }

    @Override
    protected boolean flushChannel() throws IOException {
        return transport.flush();
    }

    @Override
    protected boolean hasPendingOutput() {
        return transport.hasPendingOutput();
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
        try {
            if (file.advance(getSocket())) {
                file.close();
                return SendfileState.DONE;
            }
        } catch (IOException e) {
            endpoint.logDebug("Sending the file " + file.fileName + " to " + this + " failed", e);
            file.close();
            return SendfileState.ERROR;
        }
        // Handed over once Coyote has returned, like any interest registered while serving.
        transferDeferred = file;
        return SendfileState.PENDING;
    }

    @Override
    protected void bytesArrived() {
        settleFresh();
    }

    // ------------------------------------------------------------------ close

    @Override
    protected void doClose() {
        endpoint.forget(getSocket());
        settleFresh();
        if (holdsSession.compareAndSet(true, false)) {
            endpoint.getAdmissionPolicy().sessionEnded();
        }
        try {
            transport.close();
        } catch (IOException e) {
            endpoint.logDebug("Closing the channel of " + this + " failed", e);
        }
    }

    @Override
    public SSLSupport getSslSupport() {
        return transport.sslSupport();
    }
}
