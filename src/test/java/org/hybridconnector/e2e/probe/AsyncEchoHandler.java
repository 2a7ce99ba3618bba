package org.hybridconnector.e2e.probe;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.CompletionHandler;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

import jakarta.servlet.http.WebConnection;

import org.apache.coyote.http11.upgrade.InternalHttpUpgradeHandler;
import org.apache.tomcat.util.net.AbstractEndpoint.Handler.SocketState;
import org.apache.tomcat.util.net.SSLSupport;
import org.apache.tomcat.util.net.SocketEvent;
import org.apache.tomcat.util.net.SocketWrapperBase;
import org.apache.tomcat.util.net.SocketWrapperBase.BlockingMode;
import org.apache.tomcat.util.net.SocketWrapperBase.CompletionState;

/**
 * A small framed echo protocol over Coyote's asynchronous vectored I/O, as Tomcat's HTTP/2 and
 * WebSocket use it: being an {@link InternalHttpUpgradeHandler}, it gets the connection's
 * {@link SocketWrapperBase} and, when the socket offers asynchronous I/O, does all its I/O with it.
 * <p>
 * A frame is a type byte, a 4-byte big-endian length and the payload. Each frame's head is read
 * without a time-out ({@code NON_BLOCK}); its payload by a scatter read into two buffers bounded by
 * the payload time-out; and the echo, the same frame back, by a gather write of three buffers:
 * <ul>
 * <li>{@code E}: echoed with a {@code SEMI_BLOCK} write;</li>
 * <li>{@code B}: echoed with a {@code BLOCK} write;</li>
 * <li>{@code W}: as {@code E}, but if the payload read had to wait for the client, a notice frame
 * {@code N} (no payload) is written first, so that the client sends the rest only then;</li>
 * <li>{@code S}: answered with {@code read=<state> write=<state>}, the {@link CompletionState}s that the
 * last payload read and echo write returned;</li>
 * <li>{@code Q}: closes the connection.</li>
 * </ul>
 * With an {@code id}, the state each echo write returned can also be asked for on another
 * connection ({@link #echoWriteState}), by a client that must not read the echo before it knows,
 * and so can the first failure the connection's operations reported ({@link #failure}).
 * <p>
 * A failure other than the client's end of stream (a time-out, say) is answered with the line
 * {@code failed: <exception>} through the blocking API, since the socket's error now answers every
 * asynchronous operation, and the connection is closed.
 */
public class AsyncEchoHandler implements InternalHttpUpgradeHandler {

    /** The states echo writes returned, by {@code <id>#<echo number>}, for the asking servlet. */
    private static final Map<String,CompletableFuture<CompletionState>> ECHO_WRITES = new ConcurrentHashMap<>();
    /** The first failure each connection's operations reported, by {@code id}, for the asking servlet. */
    private static final Map<String,CompletableFuture<String>> FAILURES = new ConcurrentHashMap<>();

    private final ByteBuffer head = ByteBuffer.allocate(5);
    private final AtomicInteger echoes = new AtomicInteger();
    private volatile String id;
    private volatile long writeTimeoutMillis = 30_000;
    private volatile SocketWrapperBase<?> socket;
    private volatile long payloadTimeoutMillis = 20_000;
    private volatile CompletableFuture<CompletionState> lastRead = CompletableFuture.completedFuture(null);
    private volatile CompletableFuture<CompletionState> lastWrite = CompletableFuture.completedFuture(null);

    public AsyncEchoHandler() {
    }

    void payloadTimeout(long millis) {
        payloadTimeoutMillis = millis;
    }

    void writeTimeout(long millis) {
        writeTimeoutMillis = millis;
    }

    void id(String id) {
        this.id = id;
    }

    /** The state echo write number {@code number} (from 1) of connection {@code id} returned, once it has. */
    static String echoWriteState(String id, int number, long timeoutMillis) throws Exception {
        return echoWrite(id + "#" + number).get(timeoutMillis, TimeUnit.MILLISECONDS).name();
    }

    private static CompletableFuture<CompletionState> echoWrite(String key) {
        return ECHO_WRITES.computeIfAbsent(key, k -> new CompletableFuture<>());
    }

    /** The simple name of the first failure an operation of connection {@code id} reported, once one has. */
    static String failure(String id, long timeoutMillis) throws Exception {
        return failureOf(id).get(timeoutMillis, TimeUnit.MILLISECONDS);
    }

    private static CompletableFuture<String> failureOf(String id) {
        return FAILURES.computeIfAbsent(id, k -> new CompletableFuture<>());
    }

    @Override
    public void setSocketWrapper(SocketWrapperBase<?> wrapper) {
        socket = wrapper;
    }

    @Override
    public boolean hasAsyncIO() {
        SocketWrapperBase<?> wrapper = socket;
        return wrapper != null && wrapper.hasAsyncIO();
    }

    @Override
    public void init(WebConnection connection) {
        if (hasAsyncIO()) {
            readHead();
        }
    }

    /** Called only if the socket offers no asynchronous I/O: says so, and closes. */
    @Override
    public SocketState upgradeDispatch(SocketEvent status) {
        if (!hasAsyncIO()) {
            fail(new IOException("no asynchronous I/O"));
            return SocketState.CLOSED;
        }
        return status == SocketEvent.OPEN_READ || status == SocketEvent.OPEN_WRITE ? SocketState.ASYNC_IO :
                SocketState.CLOSED;
    }

    private void readHead() {
        head.clear();
        socket.read(BlockingMode.NON_BLOCK, 0, TimeUnit.MILLISECONDS, null,
                SocketWrapperBase.COMPLETE_READ_WITH_COMPLETION, new Step(this::headRead, this::fail), head);
    }

    private void headRead() {
        head.flip();
        char type = (char) head.get();
        int length = head.getInt();
        switch (type) {
            case 'E', 'B', 'W' -> readPayload(type, length);
            case 'S' -> CompletableFuture.allOf(lastRead, lastWrite).thenRun(this::sendStates);
            case 'Q' -> socket.close();
            default -> fail(new IOException("unknown frame type " + (int) type));
        }
    }

    private void readPayload(char type, int length) {
        ByteBuffer first = ByteBuffer.allocate(length / 2);
        ByteBuffer second = ByteBuffer.allocate(length - length / 2);
        CompletableFuture<CompletionState> read = new CompletableFuture<>();
        lastRead = read;
        CompletionState state = socket.read(BlockingMode.NON_BLOCK, payloadTimeoutMillis, TimeUnit.MILLISECONDS,
                null, SocketWrapperBase.COMPLETE_READ_WITH_COMPLETION, new Step(() -> echo(type, first, second),
                        this::fail), first, second);
        read.complete(state);
        if (type == 'W' && state == CompletionState.PENDING) {
            socket.write(BlockingMode.SEMI_BLOCK, writeTimeoutMillis, TimeUnit.MILLISECONDS, null,
                    SocketWrapperBase.COMPLETE_WRITE_WITH_COMPLETION, new Step(() -> {}, this::fail),
                    frameHead('N', 0));
        }
    }

    private void echo(char type, ByteBuffer first, ByteBuffer second) {
        first.flip();
        second.flip();
        int number = echoes.incrementAndGet();
        CompletableFuture<CompletionState> written = id == null ? new CompletableFuture<>() :
                echoWrite(id + "#" + number);
        lastWrite = written;
        CompletionState state = socket.write(type == 'B' ? BlockingMode.BLOCK : BlockingMode.SEMI_BLOCK,
                writeTimeoutMillis, TimeUnit.MILLISECONDS, null, SocketWrapperBase.COMPLETE_WRITE_WITH_COMPLETION,
                new Step(this::readHead, this::fail), frameHead(type, first.remaining() + second.remaining()), first,
                second);
        written.complete(state);
    }

    /** Once the last read and write have returned their states (their calls may still be on the stack). */
    private void sendStates() {
        try {
            byte[] text = ("read=" + lastRead.join() + " write=" + lastWrite.join())
                    .getBytes(StandardCharsets.US_ASCII);
            socket.write(BlockingMode.SEMI_BLOCK, writeTimeoutMillis, TimeUnit.MILLISECONDS, null,
                    SocketWrapperBase.COMPLETE_WRITE_WITH_COMPLETION, new Step(this::readHead, this::fail),
                    frameHead('S', text.length), ByteBuffer.wrap(text));
        } catch (RuntimeException e) {
            fail(e);
        }
    }

    private static ByteBuffer frameHead(char type, int length) {
        return ByteBuffer.allocate(5).put((byte) type).putInt(length).flip();
    }

    private void fail(Throwable failure) {
        if (id != null) {
            failureOf(id).complete(failure.getClass().getSimpleName());
        }
        SocketWrapperBase<?> wrapper = socket;
        if (!(failure instanceof EOFException)) {
            byte[] line = ("failed: " + failure.getClass().getSimpleName() + "\n").getBytes(StandardCharsets.US_ASCII);
            try {
                wrapper.write(true, line, 0, line.length);
                wrapper.flush(true);
            } catch (IOException | RuntimeException e) {
                // The connection is closed below all the same.
            }
        }
        wrapper.close();
    }

    @Override
    public void timeoutAsync(long now) {
        // Time-outs are the operations' own.
    }

    @Override
    public void setSslSupport(SSLSupport sslSupport) {
    }

    @Override
    public void pause() {
    }

    @Override
    public void destroy() {
    }

    /** Goes on with {@code next} when an operation completes, or to {@code failure}. */
    private static final class Step implements CompletionHandler<Long,Void> {

        private final Runnable next;
        private final Consumer<Throwable> failure;

        Step(Runnable next, Consumer<Throwable> failure) {
            this.next = next;
            this.failure = failure;
        }

        @Override
        public void completed(Long bytes, Void attachment) {
            try {
                next.run();
            } catch (RuntimeException e) {
                failure.accept(e);
            }
        }

        @Override
        public void failed(Throwable exc, Void attachment) {
            failure.accept(exc);
        }
    }
}
