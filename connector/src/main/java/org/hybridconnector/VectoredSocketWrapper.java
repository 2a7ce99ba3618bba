package org.hybridconnector;

import java.io.EOFException;
import java.io.IOException;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.nio.channels.CompletionHandler;
import java.nio.channels.SelectionKey;
import java.nio.channels.SocketChannel;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

import org.apache.tomcat.util.net.AbstractEndpoint;
import org.apache.tomcat.util.net.SocketWrapperBase;
import org.apache.tomcat.util.res.StringManager;

/**
 * Coyote's asynchronous vectored I/O ({@code useAsyncIO}: the scatter reads and gather writes with
 * completion handlers that HTTP/2, WebSocket and other internal upgrade handlers use when the
 * socket offers them) over the non-blocking channel of {@link ChannelSocketWrapper}, clear or TLS.
 * <p>
 * {@link SocketWrapperBase} keeps the contract: the semaphores that let one read and one write be
 * pending, the {@code BlockingMode}, the {@code CompletionCheck} and the completion handler. This
 * class supplies the operation ({@link Operation}): each attempt reads or writes what the socket
 * takes now. When the socket is not ready, the operation goes to the selector
 * ({@link #awaitOperation}) and the thread that tried returns; once the socket is ready, or the
 * operation's time-out has passed, the selector hands it to a worker, which goes on with it and
 * calls the completion handler, as Tomcat's NIO poller hands it to its executor.
 * <p>
 * The one exception is {@code BlockingMode.BLOCK}, whose caller waits for the whole operation
 * whatever happens: it waits for the socket itself, on a {@link ReadinessWaiter}, as the
 * connection's blocking reads and writes do. Going through the selector would hold the caller and
 * a second worker for the continuation, and with the hybrid's few workers the continuation could
 * find none free. The caller is told what stock NIO tells it: {@code INLINE} if the operation never
 * waited, {@code DONE} if it did, {@code ERROR} (and the handler's {@code failed}) on a time-out.
 * <p>
 * Thread safety: an operation runs on one thread at a time: the caller's first, then each worker
 * the selector hands it to; the hand-over through the selector's queue and the executor's publishes
 * its state. A read and a write may run at the same time on two threads, as on stock NIO.
 */
abstract class VectoredSocketWrapper extends ChannelSocketWrapper {

    /** Tomcat's own connectors' messages, so that a blocking operation times out in their words. */
    private static final StringManager tomcatSm = StringManager.getManager(SocketWrapperBase.class);

    /** Time-outs at or beyond this are none: Coyote passes {@code Long.MAX_VALUE} ms for "infinite". */
    private static final long NO_LIMIT_MILLIS = TimeUnit.DAYS.toMillis(100_000);

    protected VectoredSocketWrapper(SocketChannel channel, AbstractEndpoint<SocketChannel,?> endpoint) {
        super(channel, endpoint);
    }

    /**
     * Hands an operation whose socket is not ready to the selector, which hands it to a worker once
     * the socket is ready or the operation's time-out has passed.
     */
    protected abstract void awaitOperation(PendingOperation operation);

    @Override
    protected <A> OperationState<A> newOperationState(boolean read, ByteBuffer[] buffers, int offset, int length,
            BlockingMode block, long timeout, TimeUnit unit, A attachment, CompletionCheck check,
            CompletionHandler<Long,? super A> handler, Semaphore semaphore, VectoredIOCompletionHandler<A> completion) {
        return new Operation<>(read, buffers, offset, length, block, timeout, unit, attachment, check, handler,
                semaphore, completion);
    }

    /** What one attempt of an operation leads to. */
    private enum Next {
        /** Attempt again on this thread: the completion asked for more, or the caller waited. */
        AGAIN,
        /** Nothing more on this thread: the operation is over, or waits in the selector. */
        STOP
    }

    /**
     * One asynchronous read or write. An attempt moves what it can; bytes moved, or buffers with
     * nothing left to move, go to Coyote's {@code VectoredIOCompletionHandler}, which decides with
     * the {@code CompletionCheck} whether the operation is over or goes on.
     */
    private final class Operation<A> extends OperationState<A> implements PendingOperation {

        /** False once the operation has waited for its socket: it then completes DONE, not INLINE. */
        private volatile boolean inline = true;
        /** The caller of a {@code BLOCK} operation, which waits for the socket itself. */
        private volatile Thread blockedCaller;
        /** When a {@code BLOCK} operation gives up, by {@link System#nanoTime()}; unused without a limit. */
        private long blockDeadlineNanos;
        /** The thread in {@link #run()} now, so that a run the completion asks for from within becomes a loop. */
        private volatile Thread runner;
        /** Set by such a nested run, on the runner's thread: the outer run goes round again. */
        private boolean again;

        private Operation(boolean read, ByteBuffer[] buffers, int offset, int length, BlockingMode block,
                long timeout, TimeUnit unit, A attachment, CompletionCheck check,
                CompletionHandler<Long,? super A> handler, Semaphore semaphore,
                VectoredIOCompletionHandler<A> completion) {
            super(read, buffers, offset, length, block, timeout, unit, attachment, check, handler, semaphore,
                    completion);
        }

        @Override
        protected boolean isInline() {
            return inline;
        }

        @Override
        protected boolean hasOutboundRemaining() {
            // TLS records sealed but not sent yet: a write is not over until they are.
            return hasPendingOutput();
        }

        @Override
        protected void start() {
            if (block == BlockingMode.BLOCK) {
                blockedCaller = Thread.currentThread();
                long limit = limitMillis();
                blockDeadlineNanos = limit < 0 ? 0 : System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(limit);
            }
            run();
        }

        @Override
        public void run() {
            Thread current = Thread.currentThread();
            if (runner == current) {
                // Called back from within the completion (CompletionHandlerCall.CONTINUE): go round
                // the loop below rather than one level deeper into the stack for every partial write.
                again = true;
                return;
            }
            runner = current;
            Next next;
            do {
                again = false;
                next = attempt();
            } while (next == Next.AGAIN);
        }

        /** One attempt; every way out that may let another thread run the operation clears {@code runner} first. */
        private Next attempt() {
            long n = 0;
            boolean finished = false;
            if (getError() == null) {
                try {
                    synchronized (this) {
                        if (!completionDone) {
                            // A completion is under way; it goes on from there (as in stock NIO).
                            runner = null;
                            return Next.STOP;
                        }
                        n = read ? readNow() : writeNow();
                        finished = isFinished();
                        if (n != 0 || finished) {
                            completionDone = false;
                        }
                    }
                } catch (IOException e) {
                    setError(e);
                }
            }
            if (n > 0 || (n == 0 && finished && getError() == null)) {
                completion.completed(Long.valueOf(n), this);
                if (again) {
                    return Next.AGAIN;
                }
                runner = null;
                return Next.STOP;
            }
            IOException error = getError();
            if (n < 0 || error != null) {
                runner = null;
                completion.failed(error != null ? error : new EOFException(), this);
                return Next.STOP;
            }
            if (blockedCaller == Thread.currentThread()) {
                return awaitInCaller();
            }
            runner = null;
            inline = false;
            awaitOperation(this);
            return Next.STOP;
        }

        /** The caller of a {@code BLOCK} operation waits for its socket, up to the operation's time-out. */
        private Next awaitInCaller() {
            long leftMillis = 0;
            if (blockDeadlineNanos != 0) {
                leftMillis = TimeUnit.NANOSECONDS.toMillis(blockDeadlineNanos - System.nanoTime());
                if (leftMillis <= 0) {
                    // Stock NIO's caller gives up with ERROR and tells the handler of the time-out.
                    inline = true;
                    runner = null;
                    completion.failed(new SocketTimeoutException(
                            tomcatSm.getString(read ? "socketWrapper.readTimeout" : "socketWrapper.writeTimeout")),
                            this);
                    return Next.STOP;
                }
            }
            try {
                awaitReady(interestOp(), leftMillis);
            } catch (IOException e) {
                setError(e);
            }
            inline = false;
            return Next.AGAIN;
        }

        /** Reads what is there: bytes the wrapper holds first (left over from HTTP/1.1, or given back), then the socket's. */
        private long readNow() throws IOException {
            long n = 0;
            if (!socketBufferHandler.isReadBufferEmpty()) {
                socketBufferHandler.configureReadBufferForRead();
                for (int i = 0; i < length && !socketBufferHandler.isReadBufferEmpty(); i++) {
                    n += transfer(socketBufferHandler.getReadBuffer(), buffers[offset + i]);
                }
                if (n > 0) {
                    return n;
                }
            }
            for (int i = offset; i < offset + length; i++) {
                ByteBuffer to = buffers[i];
                if (!to.hasRemaining()) {
                    continue;
                }
                int got = readChannel(to);
                if (got < 0) {
                    return n > 0 ? n : -1;
                }
                n += got;
                if (to.hasRemaining()) {
                    // The socket has nothing more for now.
                    break;
                }
            }
            return n;
        }

        /**
         * Writes what the socket takes: bytes written before through the blocking API (the upgrade's
         * {@code 101} response, say) and sealed TLS records first, then the caller's buffers.
         *
         * @return the bytes taken from the caller's buffers
         */
        private long writeNow() throws IOException {
            if (!flushChannel()) {
                return 0;
            }
            if (!socketBufferHandler.isWriteBufferEmpty()) {
                socketBufferHandler.configureWriteBufferForRead();
                ByteBuffer earlier = socketBufferHandler.getWriteBuffer();
                while (earlier.hasRemaining() && writeChannel(earlier) > 0) {
                    // keep writing while the socket takes bytes
                }
                if (earlier.hasRemaining() || hasPendingOutput()) {
                    return 0;
                }
            }
            long n = 0;
            for (int i = offset; i < offset + length; i++) {
                ByteBuffer from = buffers[i];
                while (from.hasRemaining()) {
                    int taken = writeChannel(from);
                    if (taken <= 0) {
                        return n;
                    }
                    n += taken;
                }
            }
            return n;
        }

        /** Whether nothing is left to move: the buffers are full (read) or empty and sent (write). */
        private boolean isFinished() {
            return !buffersArrayHasRemaining(buffers, offset, length) &&
                    (read || (socketBufferHandler.isWriteBufferEmpty() && !hasPendingOutput()));
        }

        /** The operation's time-out in milliseconds, -1 for none. */
        private long limitMillis() {
            long millis = unit.toMillis(timeout);
            return millis > 0 && millis < NO_LIMIT_MILLIS ? millis : -1;
        }

        // ---------------------------------------------------- the selector's side

        @Override
        public int interestOp() {
            return read ? SelectionKey.OP_READ : SelectionKey.OP_WRITE;
        }

        @Override
        public long timeoutNanos() {
            long millis = limitMillis();
            return millis < 0 ? -1 : TimeUnit.MILLISECONDS.toNanos(millis);
        }

        @Override
        public void timedOut() {
            // As on stock NIO, the time-out becomes the socket's error, which the next attempt reports.
            setError(new SocketTimeoutException());
        }

        @Override
        public String toString() {
            return (read ? "read" : "write") + " of " + VectoredSocketWrapper.this;
        }
    }
}
