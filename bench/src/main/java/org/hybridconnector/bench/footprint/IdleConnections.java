package org.hybridconnector.bench.footprint;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Many idle connections to one port of 127.0.0.1, each left as a real client leaves it: an HTTP
 * keep-alive connection after one complete request and response, or a WebSocket after its
 * handshake and one echoed message. {@link #close()} resets them all (no {@code TIME_WAIT} left
 * behind, so that the next set finds client ports free).
 * <p>
 * Thread safety: one thread opens, holds and closes a set.
 */
public final class IdleConnections implements AutoCloseable {

    /** What each connection did before going idle. */
    public enum Kind {
        /** {@code GET} of a small page with keep-alive, response read to its end. */
        HTTP,
        /** A WebSocket handshake and one text message echoed back. */
        WEBSOCKET;

        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }

        /** The kind whose {@link #label()} is {@code label}. */
        public static Kind of(String label) {
            for (Kind kind : values()) {
                if (kind.label().equals(label)) {
                    return kind;
                }
            }
            throw new IllegalArgumentException("no kind of connection '" + label + "': http or websocket");
        }
    }

    private static final int TIMEOUT_MILLIS = 30_000;

    private final List<Socket> sockets = new ArrayList<>();

    private IdleConnections() {
    }

    /**
     * Opens {@code count} connections of {@code kind} to {@code port} one after another.
     *
     * @param path the page ({@link Kind#HTTP}) or the WebSocket echo endpoint
     * @throws IOException if any connection is refused or answered wrongly; those opened are closed
     */
    public static IdleConnections open(Kind kind, int port, String path, int count) throws IOException {
        IdleConnections set = new IdleConnections();
        try {
            for (int i = 0; i < count; i++) {
                Socket socket = new Socket();
                set.sockets.add(socket);
                socket.setSoLinger(true, 0);
                socket.connect(new InetSocketAddress("127.0.0.1", port), TIMEOUT_MILLIS);
                socket.setSoTimeout(TIMEOUT_MILLIS);
                if (kind == Kind.HTTP) {
                    exchangeHttp(socket, path, port);
                } else {
                    exchangeWebSocket(socket, path, port, i);
                }
            }
        } catch (IOException | RuntimeException e) {
            set.close();
            throw new IOException("connection " + set.sockets.size() + " of " + count + " to port " + port + ": "
                    + e.getMessage(), e);
        }
        return set;
    }

    public int size() {
        return sockets.size();
    }

    @Override
    public void close() {
        for (Socket socket : sockets) {
            try {
                socket.close();
            } catch (IOException e) {
                // Reset already, or never connected: nothing to release.
            }
        }
        sockets.clear();
    }

    private static void exchangeHttp(Socket socket, String path, int port) throws IOException {
        send(socket, "GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\n\r\n");
        InputStream in = new BufferedInputStream(socket.getInputStream());
        String head = readHead(in);
        expectStatus(head, 200);
        String length = header(head, "content-length");
        if (length == null) {
            throw new IOException("no Content-Length in the answer to " + path + ": the page must have a known length");
        }
        readFully(in, Integer.parseInt(length.trim()));
    }

    private static void exchangeWebSocket(Socket socket, String path, int port, int number) throws IOException {
        byte[] nonce = new byte[16];
        ThreadLocalRandom.current().nextBytes(nonce);
        send(socket, "GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\nUpgrade: websocket\r\n"
                + "Connection: Upgrade\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: "
                + Base64.getEncoder().encodeToString(nonce) + "\r\n\r\n");
        // Nothing follows the 101 until the message below is sent: one buffer may read both.
        InputStream in = new BufferedInputStream(socket.getInputStream());
        expectStatus(readHead(in), 101);
        byte[] text = ("idle " + number).getBytes(StandardCharsets.US_ASCII);
        socket.getOutputStream().write(maskedTextFrame(text));
        socket.getOutputStream().flush();
        byte[] frameHead = readFully(in, 2);
        int length = frameHead[1] & 0x7f;
        if ((frameHead[0] & 0x0f) != 1 || length != text.length) {
            throw new IOException("the echo endpoint answered an unexpected frame");
        }
        readFully(in, length);
    }

    /** A final text frame; a client's frames are masked (RFC 6455 section 5.3). Short payloads only. */
    private static byte[] maskedTextFrame(byte[] payload) {
        byte[] mask = new byte[4];
        ThreadLocalRandom.current().nextBytes(mask);
        byte[] frame = new byte[2 + 4 + payload.length];
        frame[0] = (byte) 0x81;
        frame[1] = (byte) (0x80 | payload.length);
        System.arraycopy(mask, 0, frame, 2, 4);
        for (int i = 0; i < payload.length; i++) {
            frame[6 + i] = (byte) (payload[i] ^ mask[i % 4]);
        }
        return frame;
    }

    private static void send(Socket socket, String text) throws IOException {
        OutputStream out = socket.getOutputStream();
        out.write(text.getBytes(StandardCharsets.US_ASCII));
        out.flush();
    }

    /** The response head, with its blank line. */
    private static String readHead(InputStream in) throws IOException {
        StringBuilder head = new StringBuilder();
        while (head.length() < 4 || !head.substring(head.length() - 4).equals("\r\n\r\n")) {
            int b = in.read();
            if (b < 0) {
                throw new IOException("closed before the end of the response head");
            }
            head.append((char) b);
        }
        return head.toString();
    }

    private static void expectStatus(String head, int status) throws IOException {
        String[] statusLine = head.split("\r\n", 2)[0].split(" ");
        if (statusLine.length < 2 || !statusLine[1].equals(Integer.toString(status))) {
            throw new IOException("expected " + status + ", got: " + head.split("\r\n", 2)[0]);
        }
    }

    private static String header(String head, String name) {
        for (String line : head.split("\r\n")) {
            int colon = line.indexOf(':');
            if (colon > 0 && line.substring(0, colon).trim().equalsIgnoreCase(name)) {
                return line.substring(colon + 1);
            }
        }
        return null;
    }

    private static byte[] readFully(InputStream in, int length) throws IOException {
        byte[] bytes = in.readNBytes(length);
        if (bytes.length < length) {
            throw new IOException("closed after " + bytes.length + " of " + length + " bytes");
        }
        return bytes;
    }
}
