package org.hybridconnector;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.nio.channels.CompletionHandler;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.apache.tomcat.util.net.SocketWrapperBase;
import org.apache.tomcat.util.net.SocketWrapperBase.BlockingMode;
import org.apache.tomcat.util.net.SocketWrapperBase.CompletionState;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Coyote's asynchronous vectored I/O on real sockets of 127.0.0.1: scatter reads and gather
 * writes that cannot finish at once are handed to the selector, modelled here by a thread that
 * waits for the socket (or the operation's time-out) and runs the operation again, as the
 * selector hands it to a worker; blocking operations wait in their caller; time-outs reach the
 * completion handler; and the states returned are those {@code SocketWrapperBase} promises.
 */
class VectoredSocketWrapperTest {

    private static final int BIG = 8 << 20;

    private final ReadinessWaiter.Pool waiters = new ReadinessWaiter.Pool();
    private final HybridEndpoint endpoint = new HybridEndpoint();
    /** Released once for every operation handed to the model selector. */
    private final Semaphore handedOver = new Semaphore(0);
    private final AtomicInteger handOvers = new AtomicInteger();
    private LoopbackPair pair;
    private SocketChannel accepted;
    private Socket client;
    private HybridSocketWrapper wrapper;

    @BeforeEach
    void connect() throws Exception {
        pair = LoopbackPair.open(16 * 1024);
        client = pair.client();
        accepted = pair.accepted();
        wrapper = new HybridSocketWrapper(accepted, endpoint, waiters, handBack(), null);
        wrapper.acquireBuffers(new BufferPool(endpoint.getSocketProperties(), 1));
        assertTrue(wrapper.hasAsyncIO(), "useAsyncIO is on by default, as on stock NIO");
    }

    @AfterEach
    void close() throws Exception {
        pair.close();
        waiters.close();
    }

    @Test
    void testScatterReadWaitsInTheSelectorUntilTheClientSendsTheRest() throws Exception {
        ByteBuffer first = ByteBuffer.allocate(4);
        ByteBuffer second = ByteBuffer.allocate(6);
        Outcome outcome = new Outcome();
        client.getOutputStream().write("abc".getBytes(StandardCharsets.US_ASCII));
        awaitReadable();

        CompletionState state = wrapper.read(BlockingMode.NON_BLOCK, 10, TimeUnit.SECONDS, null,
                SocketWrapperBase.COMPLETE_READ_WITH_COMPLETION, outcome, first, second);

        assertEquals(CompletionState.PENDING, state);
        assertTrue(handedOver.tryAcquire(10, TimeUnit.SECONDS), "the read was not handed to the selector");
        assertFalse(outcome.result.isDone(), "the handler was called before the buffers were full");
        // A second read while this one waits: NON_BLOCK says NOT_DONE, and leaves it alone.
        assertEquals(CompletionState.NOT_DONE, wrapper.read(BlockingMode.NON_BLOCK, 10, TimeUnit.SECONDS, null,
                SocketWrapperBase.READ_DATA, new Outcome(), ByteBuffer.allocate(1)));

        client.getOutputStream().write("defghij".getBytes(StandardCharsets.US_ASCII));

        assertEquals(Long.valueOf(10), outcome.result.get(10, TimeUnit.SECONDS));
        assertNotSame(Thread.currentThread(), outcome.thread);
        assertEquals("abcd", new String(first.array(), StandardCharsets.US_ASCII));
        assertEquals("efghij", new String(second.array(), StandardCharsets.US_ASCII));
    }

    @Test
    void testBytesTheWrapperHoldsAreReadFirstAndInline() throws Exception {
        wrapper.unRead(ByteBuffer.wrap("left".getBytes(StandardCharsets.US_ASCII)));
        ByteBuffer to = ByteBuffer.allocate(4);
        Outcome outcome = new Outcome();

        CompletionState state = wrapper.read(BlockingMode.NON_BLOCK, 10, TimeUnit.SECONDS, null,
                SocketWrapperBase.READ_DATA, outcome, to);

        assertEquals(CompletionState.INLINE, state);
        assertFalse(outcome.result.isDone(), "READ_DATA calls no handler for an inline read");
        assertEquals("left", new String(to.array(), StandardCharsets.US_ASCII));
        assertEquals(0, handOvers.get());
    }

    @Test
    void testGatherWriteOfMoreThanTheSocketTakesGoesOnAsTheClientReads() throws Exception {
        byte[] bytes = randomBytes(BIG);
        ByteBuffer[] buffers = { ByteBuffer.wrap(bytes, 0, 10), ByteBuffer.wrap(bytes, 10, BIG / 2 - 10),
                ByteBuffer.wrap(bytes, BIG / 2, BIG / 2) };
        Outcome outcome = new Outcome();

        CompletionState state = wrapper.write(BlockingMode.SEMI_BLOCK, 10, TimeUnit.SECONDS, null,
                SocketWrapperBase.COMPLETE_WRITE_WITH_COMPLETION, outcome, buffers);

        assertEquals(CompletionState.PENDING, state, "8 MiB cannot fit in the socket buffers");
        assertTrue(handedOver.tryAcquire(10, TimeUnit.SECONDS));
        CompletableFuture<byte[]> received = CompletableFuture.supplyAsync(() -> readFully(BIG));
        assertEquals(Long.valueOf(BIG), outcome.result.get(30, TimeUnit.SECONDS));
        assertArrayEquals(bytes, received.get(30, TimeUnit.SECONDS));
        assertNotSame(Thread.currentThread(), outcome.thread);
    }

    @Test
    void testBlockingWriteWaitsInItsCallerAndSaysDone() throws Exception {
        byte[] bytes = randomBytes(BIG);
        Outcome outcome = new Outcome();
        CompletableFuture<byte[]> received = CompletableFuture.supplyAsync(() -> readFully(BIG));

        CompletionState state = wrapper.write(BlockingMode.BLOCK, 30, TimeUnit.SECONDS, null,
                SocketWrapperBase.COMPLETE_WRITE_WITH_COMPLETION, outcome, ByteBuffer.wrap(bytes, 0, BIG / 3),
                ByteBuffer.wrap(bytes, BIG / 3, BIG - BIG / 3));

        assertEquals(CompletionState.DONE, state, "a write that waited for its socket completes DONE, as on NIO");
        assertEquals(Long.valueOf(BIG), outcome.result.getNow(null));
        assertEquals(Thread.currentThread(), outcome.thread, "a blocking operation's handler runs in its caller");
        assertEquals(0, handOvers.get(), "a blocking operation holds its caller, never a second worker");
        assertArrayEquals(bytes, received.get(30, TimeUnit.SECONDS));
    }

    @Test
    void testBlockingWriteToAClientThatNeverReadsTimesOutWithError() throws Exception {
        Outcome outcome = new Outcome();
        long start = System.nanoTime();

        CompletionState state = wrapper.write(BlockingMode.BLOCK, 300, TimeUnit.MILLISECONDS, null,
                SocketWrapperBase.COMPLETE_WRITE_WITH_COMPLETION, outcome, ByteBuffer.wrap(new byte[BIG]));

        long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        assertEquals(CompletionState.ERROR, state);
        assertTrue(millis >= 250, "gave up after " + millis + " ms");
        assertInstanceOf(SocketTimeoutException.class, outcome.failure.get(5, TimeUnit.SECONDS));
        assertInstanceOf(SocketTimeoutException.class, wrapper.getError());
    }

    @Test
    void testReadTimeOutInTheSelectorReachesTheHandler() throws Exception {
        Outcome outcome = new Outcome();
        long start = System.nanoTime();

        CompletionState state = wrapper.read(BlockingMode.NON_BLOCK, 300, TimeUnit.MILLISECONDS, null,
                SocketWrapperBase.COMPLETE_READ_WITH_COMPLETION, outcome, ByteBuffer.allocate(10));

        assertEquals(CompletionState.PENDING, state);
        assertInstanceOf(SocketTimeoutException.class, outcome.failure.get(10, TimeUnit.SECONDS));
        long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        assertTrue(millis >= 250, "timed out after " + millis + " ms");
        // The socket's error answers every later operation at once.
        Outcome later = new Outcome();
        assertEquals(CompletionState.ERROR, wrapper.read(BlockingMode.NON_BLOCK, 300, TimeUnit.MILLISECONDS, null,
                SocketWrapperBase.READ_DATA, later, ByteBuffer.allocate(1)));
        assertTrue(later.failure.isDone());
    }

    @Test
    void testClientClosingFailsAWaitingReadWithEndOfStream() throws Exception {
        Outcome outcome = new Outcome();
        assertEquals(CompletionState.PENDING, wrapper.read(BlockingMode.NON_BLOCK, 10, TimeUnit.SECONDS, null,
                SocketWrapperBase.COMPLETE_READ_WITH_COMPLETION, outcome, ByteBuffer.allocate(10)));
        assertTrue(handedOver.tryAcquire(10, TimeUnit.SECONDS));
        client.shutdownOutput();
        assertInstanceOf(java.io.EOFException.class, outcome.failure.get(10, TimeUnit.SECONDS));
    }

    @Test
    void testUseAsyncIoFalseOffersNone() {
        HybridEndpoint off = new HybridEndpoint();
        off.setUseAsyncIO(false);
        assertFalse(new HybridSocketWrapper(accepted, off, waiters, handBack(), null).hasAsyncIO());
    }

    // ------------------------------------------------------------------ helpers

    /**
     * The selector and a worker, modelled: each operation handed over waits for its socket on a
     * thread of its own, up to its time-out, and then runs, as the selector hands it to a worker.
     */
    private HandBack handBack() {
        return new IgnoredHandBack() {
            @Override
            public void awaitOperation(PendingOperation operation) {
                handOvers.incrementAndGet();
                handedOver.release();
                Thread worker = new Thread(() -> {
                    long timeout = operation.timeoutNanos();
                    try {
                        boolean ready = waiters.await(accepted, operation.interestOp(),
                                timeout < 0 ? 0 : Math.max(1, TimeUnit.NANOSECONDS.toMillis(timeout)));
                        if (!ready) {
                            operation.timedOut();
                        }
                    } catch (java.io.IOException e) {
                        operation.timedOut();
                    }
                    operation.run();
                }, "model-selector");
                worker.setDaemon(true);
                worker.start();
            }
        };
    }

    /** What the completion handler heard, and on which thread. */
    private static final class Outcome implements CompletionHandler<Long,Void> {
        final CompletableFuture<Long> result = new CompletableFuture<>();
        final CompletableFuture<Throwable> failure = new CompletableFuture<>();
        volatile Thread thread;

        @Override
        public void completed(Long bytes, Void attachment) {
            thread = Thread.currentThread();
            result.complete(bytes);
        }

        @Override
        public void failed(Throwable exc, Void attachment) {
            thread = Thread.currentThread();
            failure.complete(exc);
        }
    }

    /** The client's first bytes are on their way through loopback: waits until the accepted socket has them. */
    private void awaitReadable() throws Exception {
        assertTrue(waiters.await(accepted, java.nio.channels.SelectionKey.OP_READ, 10_000));
    }

    private byte[] readFully(int n) {
        try {
            InputStream in = client.getInputStream();
            ByteArrayOutputStream out = new ByteArrayOutputStream(n);
            byte[] chunk = new byte[65536];
            while (out.size() < n) {
                int got = in.read(chunk);
                if (got < 0) {
                    break;
                }
                out.write(chunk, 0, got);
            }
            return out.toByteArray();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static byte[] randomBytes(int n) {
        byte[] bytes = new byte[n];
        new Random(n).nextBytes(bytes);
        return bytes;
    }

}
