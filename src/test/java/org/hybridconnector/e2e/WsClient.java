package org.hybridconnector.e2e;

import java.io.ByteArrayOutputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * One WebSocket connection to 127.0.0.1 through the JDK's client, for tests: what the server
 * sends is collected as whole messages (a text's or a binary's parts joined), the pings and pongs
 * it sends as their payloads, and the close it sends as {@code "CODE REASON"}. Every wait is
 * bounded ({@value #WAIT_SECONDS} s) and fails with a {@link TimeoutException}.
 * <p>
 * Threads: the JDK calls the listener methods one at a time (they alone touch the partial
 * message buffers); the test thread sends and takes from the queues.
 */
final class WsClient implements WebSocket.Listener, AutoCloseable {

    static final int WAIT_SECONDS = 30;

    /** Whole messages: {@code String} for text, {@code byte[]} for binary. */
    private final BlockingQueue<Object> messages = new LinkedBlockingQueue<>();
    private final BlockingQueue<String> pings = new LinkedBlockingQueue<>();
    private final BlockingQueue<String> pongs = new LinkedBlockingQueue<>();
    private final CompletableFuture<String> closed = new CompletableFuture<>();
    private final StringBuilder text = new StringBuilder();
    private final ByteArrayOutputStream binary = new ByteArrayOutputStream();
    private volatile WebSocket socket;

    /** Opens {@code ws://127.0.0.1:port/path}. */
    static CompletableFuture<WsClient> open(HttpClient http, int port, String path) {
        WsClient client = new WsClient();
        return http.newWebSocketBuilder().connectTimeout(Duration.ofSeconds(WAIT_SECONDS))
                .buildAsync(URI.create("ws://127.0.0.1:" + port + path), client).thenApply(socket -> {
                    client.socket = socket;
                    return client;
                });
    }

    static WsClient connect(HttpClient http, int port, String path) throws Exception {
        return open(http, port, path).get(WAIT_SECONDS, TimeUnit.SECONDS);
    }

    // --------------------------------------------------------------- sending

    void send(String message) throws Exception {
        sendAsync(message).get(WAIT_SECONDS, TimeUnit.SECONDS);
    }

    CompletableFuture<WebSocket> sendAsync(String message) {
        return socket.sendText(message, true);
    }

    /** Sends one text message as one frame per part. */
    void sendFragments(String... parts) throws Exception {
        for (int i = 0; i < parts.length; i++) {
            socket.sendText(parts[i], i == parts.length - 1).get(WAIT_SECONDS, TimeUnit.SECONDS);
        }
    }

    /** Sends one binary message as one frame per part. */
    void sendFragments(byte[]... parts) throws Exception {
        for (int i = 0; i < parts.length; i++) {
            socket.sendBinary(ByteBuffer.wrap(parts[i]), i == parts.length - 1).get(WAIT_SECONDS, TimeUnit.SECONDS);
        }
    }

    void sendBinary(byte[] message) throws Exception {
        sendFragments(new byte[][] { message });
    }

    void ping(String payload) throws Exception {
        socket.sendPing(ByteBuffer.wrap(payload.getBytes(StandardCharsets.UTF_8))).get(WAIT_SECONDS, TimeUnit.SECONDS);
    }

    void pong(String payload) throws Exception {
        socket.sendPong(ByteBuffer.wrap(payload.getBytes(StandardCharsets.UTF_8))).get(WAIT_SECONDS, TimeUnit.SECONDS);
    }

    /** Starts the close handshake with {@code code}; {@link #awaitClose()} gives the server's reply. */
    void closeWith(int code, String reason) throws Exception {
        socket.sendClose(code, reason).get(WAIT_SECONDS, TimeUnit.SECONDS);
    }

    /** Starts a normal close handshake; completes with the server's close. */
    CompletableFuture<String> closeAsync() {
        if (socket.isOutputClosed()) {
            return closed;
        }
        return socket.sendClose(WebSocket.NORMAL_CLOSURE, "").thenCompose(sent -> closed);
    }

    /** Drops the connection without a close handshake (after one, or when there is no time for one). */
    void abort() {
        socket.abort();
    }

    /**
     * Ends the connection politely if it is still open (a close handshake, so the endpoint does not
     * see a dropped client as an error), then drops it whatever happened.
     */
    @Override
    public void close() {
        try {
            closeAsync().get(WAIT_SECONDS, TimeUnit.SECONDS);
        } catch (Exception e) {
            // Gone already, or the server did not answer: dropping it below is all that is left.
        } finally {
            socket.abort();
        }
    }

    // ------------------------------------------------------------- receiving

    String nextText() throws Exception {
        return (String) next(messages);
    }

    byte[] nextBinary() throws Exception {
        return (byte[]) next(messages);
    }

    String nextPing() throws Exception {
        return next(pings);
    }

    String nextPong() throws Exception {
        return next(pongs);
    }

    /** The close the server sent: {@code "CODE REASON"}. */
    String awaitClose() throws Exception {
        return closed.get(WAIT_SECONDS, TimeUnit.SECONDS);
    }

    /** The server's close, if it comes within {@code millis}; {@code null} if the connection stays open. */
    String closeWithin(long millis) throws Exception {
        try {
            return closed.get(millis, TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            return null;
        }
    }

    private static <T> T next(BlockingQueue<T> queue) throws Exception {
        T item = queue.poll(WAIT_SECONDS, TimeUnit.SECONDS);
        if (item == null) {
            throw new TimeoutException("nothing came from the server within " + WAIT_SECONDS + " s");
        }
        return item;
    }

    // -------------------------------------------------- the JDK's listener calls

    @Override
    public void onOpen(WebSocket webSocket) {
        webSocket.request(1);
    }

    @Override
    public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
        text.append(data);
        if (last) {
            messages.add(text.toString());
            text.setLength(0);
        }
        webSocket.request(1);
        return null;
    }

    @Override
    public CompletionStage<?> onBinary(WebSocket webSocket, ByteBuffer data, boolean last) {
        byte[] bytes = new byte[data.remaining()];
        data.get(bytes);
        binary.writeBytes(bytes);
        if (last) {
            messages.add(binary.toByteArray());
            binary.reset();
        }
        webSocket.request(1);
        return null;
    }

    @Override
    public CompletionStage<?> onPing(WebSocket webSocket, ByteBuffer message) {
        // The JDK answers a ping with a pong by itself.
        pings.add(StandardCharsets.UTF_8.decode(message).toString());
        webSocket.request(1);
        return null;
    }

    @Override
    public CompletionStage<?> onPong(WebSocket webSocket, ByteBuffer message) {
        pongs.add(StandardCharsets.UTF_8.decode(message).toString());
        webSocket.request(1);
        return null;
    }

    @Override
    public CompletionStage<?> onClose(WebSocket webSocket, int statusCode, String reason) {
        // Returning completes the handshake: the JDK replies with the same code if it has not closed yet.
        closed.complete(statusCode + " " + reason);
        return null;
    }

    @Override
    public void onError(WebSocket webSocket, Throwable error) {
        closed.completeExceptionally(error);
    }
}
