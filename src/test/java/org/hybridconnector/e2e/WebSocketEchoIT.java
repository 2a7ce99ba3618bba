package org.hybridconnector.e2e;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Tomcat's own WebSocket (the examples' echo endpoint) through the hybrid connector beside stock
 * NIO: with {@code useAsyncIO} on, its messages go out through Coyote's asynchronous vectored
 * writes, a large one over many writes, and come in through the connector's readiness events.
 */
@ExtendWith(SharedTomcat.class)
class WebSocketEchoIT {

    @Test
    void testTextAndALargeBinaryMessageAreEchoedAsOnNio(TomcatServer tomcat) throws Exception {
        byte[] large = new byte[2 << 20];
        new Random(2).nextBytes(large);
        for (String connector : new String[] { SharedTomcat.NIO, SharedTomcat.HYBRID }) {
            Echoes echoes = new Echoes();
            WebSocket socket = HttpClient.newHttpClient().newWebSocketBuilder()
                    .connectTimeout(Duration.ofSeconds(10))
                    .buildAsync(URI.create("ws://127.0.0.1:" + tomcat.port(connector) +
                            "/examples/websocket/echoAnnotation"), echoes)
                    .get(30, TimeUnit.SECONDS);
            socket.sendText("hello", true).get(30, TimeUnit.SECONDS);
            assertEquals("hello", echoes.text.get(30, TimeUnit.SECONDS), connector);
            socket.sendBinary(ByteBuffer.wrap(large), true).get(60, TimeUnit.SECONDS);
            assertArrayEquals(large, echoes.binary.get(60, TimeUnit.SECONDS), connector);
            socket.sendClose(WebSocket.NORMAL_CLOSURE, "done").get(30, TimeUnit.SECONDS);
            assertEquals(Integer.valueOf(WebSocket.NORMAL_CLOSURE), echoes.closed.get(30, TimeUnit.SECONDS),
                    connector);
        }
    }

    /** The first text and the first binary message that come back, and the close. */
    private static final class Echoes implements WebSocket.Listener {
        final CompletableFuture<String> text = new CompletableFuture<>();
        final CompletableFuture<byte[]> binary = new CompletableFuture<>();
        final CompletableFuture<Integer> closed = new CompletableFuture<>();
        private final StringBuilder textSoFar = new StringBuilder();
        private final ByteArrayOutputStream binarySoFar = new ByteArrayOutputStream();

        @Override
        public void onOpen(WebSocket webSocket) {
            webSocket.request(1);
        }

        @Override
        public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
            textSoFar.append(data);
            if (last) {
                text.complete(textSoFar.toString());
            }
            webSocket.request(1);
            return null;
        }

        @Override
        public CompletionStage<?> onBinary(WebSocket webSocket, ByteBuffer data, boolean last) {
            byte[] bytes = new byte[data.remaining()];
            data.get(bytes);
            binarySoFar.writeBytes(bytes);
            if (last) {
                binary.complete(binarySoFar.toByteArray());
            }
            webSocket.request(1);
            return null;
        }

        @Override
        public CompletionStage<?> onClose(WebSocket webSocket, int statusCode, String reason) {
            closed.complete(Integer.valueOf(statusCode));
            return null;
        }

        @Override
        public void onError(WebSocket webSocket, Throwable error) {
            text.completeExceptionally(error);
            binary.completeExceptionally(error);
            closed.completeExceptionally(error);
        }
    }
}
