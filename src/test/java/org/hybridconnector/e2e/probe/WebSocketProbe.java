package org.hybridconnector.e2e.probe;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

import jakarta.websocket.CloseReason;
import jakarta.websocket.OnError;
import jakarta.websocket.OnMessage;
import jakarta.websocket.OnOpen;
import jakarta.websocket.PongMessage;
import jakarta.websocket.Session;
import jakarta.websocket.server.ServerEndpoint;

/**
 * A WebSocket endpoint of the probe webapp ({@code /probe/ws}) that takes whole messages, so a
 * message the client sent in fragments arrives here reassembled: it echoes a text message, answers
 * a binary one with its length and SHA-256, and reports a pong's payload. Two texts are commands:
 * {@code "close CODE REASON"} closes the session from the server's side with that status, and
 * {@code "ping PAYLOAD"} sends the client a ping.
 * <p>
 * Tomcat creates one instance per session and calls it from one thread at a time.
 */
@ServerEndpoint("/ws")
public class WebSocketProbe {

    /** Room for the tests' largest whole message (1 MiB), and little more: Tomcat allocates it per message. */
    private static final int MAX_MESSAGE = 2 << 20;

    @OnOpen
    public void open(Session session) {
        session.setMaxTextMessageBufferSize(MAX_MESSAGE);
        session.setMaxBinaryMessageBufferSize(MAX_MESSAGE);
    }

    @OnMessage
    public void text(Session session, String message) throws IOException {
        if (message.startsWith("close ")) {
            String[] words = message.split(" ", 3);
            session.close(new CloseReason(CloseReason.CloseCodes.getCloseCode(Integer.parseInt(words[1])),
                    words.length > 2 ? words[2] : ""));
        } else if (message.startsWith("ping ")) {
            session.getBasicRemote().sendPing(ByteBuffer.wrap(message.substring(5).getBytes(StandardCharsets.UTF_8)));
        } else {
            session.getBasicRemote().sendText(message);
        }
    }

    @OnMessage
    public void binary(Session session, ByteBuffer message) throws IOException {
        int length = message.remaining();
        MessageDigest sha;
        try {
            sha = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        sha.update(message);
        session.getBasicRemote().sendText("binary length=" + length + " sha256=" + HexFormat.of().formatHex(sha.digest()));
    }

    /** A client that drops its connection is no error of the server's: nothing to log. */
    @OnError
    public void error(Throwable error) {
        // The session is closed by Tomcat; the tests see what the client sees.
    }

    @OnMessage
    public void pong(Session session, PongMessage pong) throws IOException {
        session.getBasicRemote().sendText("pong " + StandardCharsets.UTF_8.decode(pong.getApplicationData()));
    }
}
