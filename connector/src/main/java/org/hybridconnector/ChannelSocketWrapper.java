package org.hybridconnector;

import java.io.EOFException;
import java.io.IOException;
import java.net.InetAddress;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.CompletionHandler;
import java.nio.channels.SelectionKey;
import java.nio.channels.SocketChannel;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

import org.apache.tomcat.util.net.AbstractEndpoint;
import org.apache.tomcat.util.net.ApplicationBufferHandler;
import org.apache.tomcat.util.net.SSLSupport;
import org.apache.tomcat.util.net.SendfileDataBase;
import org.apache.tomcat.util.net.SendfileState;
import org.apache.tomcat.util.net.SocketWrapperBase;
import org.apache.tomcat.util.res.StringManager;

/**
 * A connection whose channel stays non-blocking for its whole life, while Coyote may ask for
 * blocking reads and writes: a read or write that cannot proceed waits for readiness
 * ({@link #awaitReady}), bounded by the read or write time-out ({@code connectionTimeout}),
 * because a blocking {@code SocketChannel} read ignores {@code SO_TIMEOUT} and a blocking write
 * has no time-out at all.
 * <p>
 * The hybrid's {@link HybridSocketWrapper} waits on a pooled private selector. The class is
 * public only so that the benchmarks' blocking baseline, a module of its own that waits on the
 * connection's own selector, can share it.
 * Vectored asynchronous I/O and sendfile are the hybrid's alone ({@link VectoredSocketWrapper}):
 * both need a thread that goes on while the client is slow, which the blocking baseline has not.
 * There they are switched off, so Coyote never asks for them.
 */
public abstract class ChannelSocketWrapper extends SocketWrapperBase<SocketChannel> {

    private static final StringManager sm = StringManager.getManager(ChannelSocketWrapper.class);

    protected ChannelSocketWrapper(SocketChannel channel, AbstractEndpoint<SocketChannel,?> endpoint) {
        super(channel, endpoint);
    }

    /**
     * Waits until the channel is ready for {@code op} ({@link SelectionKey#OP_READ} or
     * {@link SelectionKey#OP_WRITE}), or {@code timeoutMillis} pass (0: no limit). May return
     * early; callers check again.
     */
    protected abstract void awaitReady(int op, long timeoutMillis) throws IOException;

    /** Reads application bytes; TLS connections decrypt here. */
    protected int readChannel(ByteBuffer to) throws IOException {
        return getSocket().read(to);
    }

    /** Writes application bytes as far as the socket takes them; returns how many it took. */
    protected int writeChannel(ByteBuffer from) throws IOException {
        return getSocket().write(from);
    }

    /** Sends bytes {@link #writeChannel} accepted but the socket did not take yet; true if none are left. */
    protected boolean flushChannel() throws IOException {
        return true;
    }

    /** Whether {@link #writeChannel} holds bytes the socket has not taken yet. */
    protected boolean hasPendingOutput() {
        return false;
    }

    /** Called whenever bytes arrived from the client. */
    protected void bytesArrived() {
    }

    // ------------------------------------------------------------------ reads

    @Override
    public boolean isReadyForRead() throws IOException {
        socketBufferHandler.configureReadBufferForRead();
        if (socketBufferHandler.getReadBuffer().remaining() > 0) {
            return true;
        }
        fillReadBuffer(false);
        return socketBufferHandler.getReadBuffer().position() > 0;
    }

    @Override
    public int read(boolean block, byte[] b, int off, int len) throws IOException {
        int n = populateReadBuffer(b, off, len);
        if (n > 0) {
            return n;
        }
        n = fillReadBuffer(block);
        if (n > 0) {
            socketBufferHandler.configureReadBufferForRead();
            n = Math.min(n, len);
            socketBufferHandler.getReadBuffer().get(b, off, n);
        }
        return n;
    }

    @Override
    public int read(boolean block, ByteBuffer to) throws IOException {
        int n = populateReadBuffer(to);
        if (n > 0) {
            return n;
        }
        int bufferCapacity = socketBufferHandler.getReadBuffer().capacity();
        if (to.remaining() >= bufferCapacity) {
            // Large reads (request bodies) go straight into the caller's buffer: no extra copy.
            to.limit(to.position() + bufferCapacity);
            return fillFromChannel(block, to);
        }
        n = fillReadBuffer(block);
        if (n > 0) {
            n = populateReadBuffer(to);
        }
        return n;
    }

    private int fillReadBuffer(boolean block) throws IOException {
        socketBufferHandler.configureReadBufferForWrite();
        return fillFromChannel(block, socketBufferHandler.getReadBuffer());
    }

    /**
     * Reads what the channel has; if {@code block}, waits for bytes up to the read time-out.
     *
     * @throws EOFException if the client closed its side
     * @throws SocketTimeoutException if no byte came within the read time-out
     */
    private int fillFromChannel(boolean block, ByteBuffer to) throws IOException {
        openChannel();
        int n = readChannel(to);
        if (block && n == 0) {
            long timeout = getReadTimeout();
            long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeout);
            while (n == 0) {
                awaitReady(SelectionKey.OP_READ, millisLeft(timeout, deadline));
                n = readChannel(to);
            }
        }
        if (n < 0) {
            throw new EOFException();
        }
        if (n > 0) {
            bytesArrived();
        }
        return n;
    }

    /**
     * What is left of a time-out: 0 for none (wait without limit).
     *
     * @throws SocketTimeoutException if the deadline has passed
     */
    private static long millisLeft(long timeoutMillis, long deadlineNanos) throws SocketTimeoutException {
        if (timeoutMillis <= 0) {
            return 0;
        }
        long left = TimeUnit.NANOSECONDS.toMillis(deadlineNanos - System.nanoTime());
        if (left <= 0) {
            throw new SocketTimeoutException();
        }
        return left;
    }

    @Override
    public void setAppReadBufHandler(ApplicationBufferHandler handler) {
        // Only Tomcat's own TLS channels need to know the application's buffer.
    }

    // ----------------------------------------------------------------- writes

    @Override
    protected void doWrite(boolean block, ByteBuffer from) throws IOException {
        openChannel();
        if (!block) {
            // Whatever is left is kept by the caller, which registers write interest.
            while (writeChannel(from) > 0 && from.hasRemaining()) {
                // keep writing while the socket takes bytes
            }
            return;
        }
        if (previousIOException != null) {
            // A blocking write timed out before and left the response truncated: the client must
            // see a dropped connection, not a response with bytes missing from the middle.
            throw new IOException(previousIOException);
        }
        long timeout = getWriteTimeout();
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeout);
        while (from.hasRemaining() || hasPendingOutput()) {
            if (from.hasRemaining() && writeChannel(from) > 0) {
                // The client took bytes: the time-out counts from its last progress, as in stock NIO.
                deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeout);
                continue;
            }
            if (flushChannel() && !from.hasRemaining()) {
                break;
            }
            try {
                awaitReady(SelectionKey.OP_WRITE, millisLeft(timeout, deadline));
            } catch (SocketTimeoutException e) {
                previousIOException = e;
                throw e;
            }
        }
    }

    @Override
    protected boolean flushNonBlocking() throws IOException {
        if (!flushChannel()) {
            return true;
        }
        boolean dataLeft = !socketBufferHandler.isWriteBufferEmpty();
        if (dataLeft) {
            doWrite(false);
            dataLeft = !socketBufferHandler.isWriteBufferEmpty();
        }
        if (!dataLeft && !nonBlockingWriteBuffer.isEmpty()) {
            dataLeft = nonBlockingWriteBuffer.write(this::writeFromBuffer, false);
            if (!dataLeft && !socketBufferHandler.isWriteBufferEmpty()) {
                doWrite(false);
                dataLeft = !socketBufferHandler.isWriteBufferEmpty();
            }
        }
        return dataLeft || hasPendingOutput();
    }

    /** Moves bytes the servlet wrote while the socket was full towards the socket, without blocking. */
    private boolean writeFromBuffer(ByteBuffer buffer, boolean block) throws IOException {
        writeNonBlockingInternal(buffer);
        return buffer.hasRemaining();
    }

    @Override
    public boolean hasDataToWrite() {
        return super.hasDataToWrite() || hasPendingOutput();
    }

    @Override
    public boolean canWrite() {
        return super.canWrite() && !hasPendingOutput();
    }

    private void openChannel() throws ClosedChannelException {
        if (isClosed() || !getSocket().isOpen()) {
            throw new ClosedChannelException();
        }
    }

    // -------------------------------------------------------------- addresses

    @Override
    protected void populateRemoteHost() {
        InetAddress address = getSocket().socket().getInetAddress();
        if (address != null) {
            remoteHost = address.getHostName();
            if (remoteAddr == null) {
                remoteAddr = address.getHostAddress();
            }
        }
    }

    @Override
    protected void populateRemoteAddr() {
        InetAddress address = getSocket().socket().getInetAddress();
        if (address != null) {
            remoteAddr = address.getHostAddress();
        }
    }

    @Override
    protected void populateRemotePort() {
        remotePort = getSocket().socket().getPort();
    }

    @Override
    protected void populateLocalName() {
        InetAddress address = getSocket().socket().getLocalAddress();
        if (address != null) {
            localName = address.getHostName();
        }
    }

    @Override
    protected void populateLocalAddr() {
        InetAddress address = getSocket().socket().getLocalAddress();
        if (address != null) {
            localAddr = address.getHostAddress();
        }
    }

    @Override
    protected void populateLocalPort() {
        localPort = getSocket().socket().getLocalPort();
    }

    // ------------------------------------------- features the endpoints switch off

    /** Unless an endpoint switches sendfile on and overrides this, Coyote never calls it. */
    @Override
    public SendfileDataBase createSendfileData(String filename, long pos, long length) {
        throw new UnsupportedOperationException(sm.getString("wrapper.noSendfile"));
    }

    @Override
    public SendfileState processSendfile(SendfileDataBase sendfileData) {
        return SendfileState.ERROR;
    }

    /** Asking for a client certificate after the handshake (renegotiation) is not supported. */
    @Override
    public void doClientAuth(SSLSupport sslSupport) throws IOException {
        throw new IOException(sm.getString("wrapper.noRenegotiation"));
    }

    @Override
    public SSLSupport getSslSupport() {
        return null;
    }

    /**
     * Unless an endpoint switches vectored asynchronous I/O on ({@code useAsyncIO}) and a wrapper
     * overrides this, Coyote never calls it: {@code hasAsyncIO()} is false without the semaphores
     * that only {@code useAsyncIO} creates.
     */
    @Override
    protected <A> OperationState<A> newOperationState(boolean read, ByteBuffer[] buffers, int offset, int length,
            BlockingMode block, long timeout, TimeUnit unit, A attachment, CompletionCheck check,
            CompletionHandler<Long,? super A> handler, Semaphore semaphore, VectoredIOCompletionHandler<A> completion) {
        throw new UnsupportedOperationException(sm.getString("wrapper.noAsyncIO"));
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + "[" + getSocket() + "]";
    }
}
