package org.hybridconnector.e2e;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.Closeable;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A client connection to 127.0.0.1 that sends raw bytes and reads HTTP/1.1 responses exactly as
 * they arrive, so tests can pipeline, trickle, and see whether the server kept the connection.
 */
public final class RawConnection implements Closeable {

    private final Socket socket;
    private final InputStream in;
    private final OutputStream out;

    private RawConnection(Socket socket) throws IOException {
        this.socket = socket;
        this.in = new BufferedInputStream(socket.getInputStream());
        this.out = socket.getOutputStream();
    }

    public static RawConnection open(int port) throws IOException {
        return open(port, 30_000);
    }

    public static RawConnection open(int port, int readTimeoutMillis) throws IOException {
        return open(port, readTimeoutMillis, -1);
    }

    /**
     * A connection whose receive buffer holds about {@code receiveBufferBytes} (-1: the system's
     * default): a client that stops reading stops the server's writes that much sooner.
     */
    public static RawConnection open(int port, int readTimeoutMillis, int receiveBufferBytes) throws IOException {
        Socket socket = new Socket();
        if (receiveBufferBytes > 0) {
            socket.setReceiveBufferSize(receiveBufferBytes);
        }
        socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 30_000);
        socket.setSoTimeout(readTimeoutMillis);
        socket.setTcpNoDelay(true);
        return new RawConnection(socket);
    }

    /** A connection over a socket the test set up itself (a TLS socket with protocols of its choice). */
    public static RawConnection over(Socket socket) throws IOException {
        return new RawConnection(socket);
    }

    /** A TLS connection to 127.0.0.1, handshake done; no SNI (JSSE sends none for {@code localhost}). */
    public static RawConnection openTls(int port, javax.net.ssl.SSLContext context) throws IOException {
        return openTls(port, context, -1, null);
    }

    /** A TLS connection whose receive buffer holds about {@code receiveBufferBytes} (-1: the default). */
    public static RawConnection openTls(int port, javax.net.ssl.SSLContext context, int receiveBufferBytes)
            throws IOException {
        return openTls(port, context, receiveBufferBytes, null);
    }

    /** A TLS connection whose hello names {@code sniHostName} (SNI). */
    public static RawConnection openTls(int port, javax.net.ssl.SSLContext context, String sniHostName)
            throws IOException {
        return openTls(port, context, -1, sniHostName);
    }

    private static RawConnection openTls(int port, javax.net.ssl.SSLContext context, int receiveBufferBytes,
            String sniHostName) throws IOException {
        Socket plain = new Socket();
        if (receiveBufferBytes > 0) {
            plain.setReceiveBufferSize(receiveBufferBytes);
        }
        plain.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 30_000);
        javax.net.ssl.SSLSocket socket = (javax.net.ssl.SSLSocket) context.getSocketFactory()
                .createSocket(plain, "localhost", port, true);
        if (sniHostName != null) {
            javax.net.ssl.SSLParameters parameters = socket.getSSLParameters();
            parameters.setServerNames(List.of(new javax.net.ssl.SNIHostName(sniHostName)));
            socket.setSSLParameters(parameters);
        }
        socket.setSoTimeout(30_000);
        socket.startHandshake();
        return new RawConnection(socket);
    }

    public RawConnection send(String raw) throws IOException {
        return send(raw.getBytes(StandardCharsets.ISO_8859_1));
    }

    public RawConnection send(byte[] raw) throws IOException {
        out.write(raw);
        out.flush();
        return this;
    }

    public void setReadTimeout(int millis) throws IOException {
        socket.setSoTimeout(millis);
    }

    /** Reads one response to a request that was not {@code HEAD}. */
    public RawResponse read() throws IOException {
        return read(false);
    }

    /** Reads one response; interim {@code 1xx} responses are skipped (see {@link #readIncludingInterim}). */
    public RawResponse read(boolean toHead) throws IOException {
        RawResponse response;
        do {
            response = readIncludingInterim(toHead);
        } while (response.status() >= 100 && response.status() < 200);
        return response;
    }

    /** Reads the next response on the wire, a {@code 100 Continue} included. */
    public RawResponse readIncludingInterim(boolean toHead) throws IOException {
        String statusLine = readLine();
        if (statusLine == null) {
            throw new EOFException("the server closed the connection before a response");
        }
        Map<String,List<String>> headers = new LinkedHashMap<>();
        String line;
        while (!(line = requireLine()).isEmpty()) {
            int colon = line.indexOf(':');
            headers.computeIfAbsent(line.substring(0, colon).trim().toLowerCase(Locale.ROOT), k -> new ArrayList<>())
                    .add(line.substring(colon + 1).trim());
        }
        int status = Integer.parseInt(statusLine.split(" ")[1]);
        String transferEncoding = first(headers, "transfer-encoding");
        String contentLength = first(headers, "content-length");
        boolean chunked = transferEncoding != null && transferEncoding.toLowerCase(Locale.ROOT).contains("chunked");
        byte[] body;
        if (toHead || status < 200 || status == 204 || status == 304) {
            body = new byte[0];
        } else if (chunked) {
            body = readChunked();
        } else if (contentLength != null) {
            body = in.readNBytes(Integer.parseInt(contentLength));
        } else {
            body = in.readAllBytes();
        }
        return new RawResponse(statusLine, headers, body, chunked);
    }

    /** Reads exactly {@code n} bytes of whatever the server sends (after an upgrade, say). */
    public byte[] readBytes(int n) throws IOException {
        byte[] bytes = in.readNBytes(n);
        if (bytes.length < n) {
            throw new EOFException("the server closed the connection after " + bytes.length + " of " + n + " bytes");
        }
        return bytes;
    }

    /** Reads what the server sends until it closes the connection. */
    public byte[] readToEnd() throws IOException {
        return in.readAllBytes();
    }

    /**
     * Waits up to {@code millis} for the server to close the connection.
     *
     * @return {@code true} if it closed (end of stream or reset), {@code false} if it stayed open
     * @throws IOException if bytes arrived instead
     */
    public boolean awaitClose(int millis) throws IOException {
        return awaitEnd(millis, false);
    }

    /**
     * Waits up to {@code millis} for the server to end the connection, dropping what it sends first
     * (a TLS alert, say).
     *
     * @return {@code true} if it closed (end of stream or reset), {@code false} if it stayed open
     */
    public boolean awaitEnd(int millis) throws IOException {
        return awaitEnd(millis, true);
    }

    private boolean awaitEnd(int millis, boolean dropBytes) throws IOException {
        int old = socket.getSoTimeout();
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
        try {
            long left;
            while ((left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())) > 0) {
                socket.setSoTimeout((int) left);
                int b = in.read();
                if (b < 0) {
                    return true;
                }
                if (!dropBytes) {
                    throw new IOException("expected the server to close, but it sent a byte: " + (char) b);
                }
            }
            return false;
        } catch (SocketTimeoutException e) {
            return false;
        } catch (java.net.SocketException e) {
            return true; // reset
        } finally {
            socket.setSoTimeout(old);
        }
    }

    private byte[] readChunked() throws IOException {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        while (true) {
            String sizeLine = requireLine();
            int semicolon = sizeLine.indexOf(';');
            int size = Integer.parseInt((semicolon < 0 ? sizeLine : sizeLine.substring(0, semicolon)).trim(), 16);
            if (size == 0) {
                while (!requireLine().isEmpty()) {
                    // trailer fields: not needed by the tests
                }
                return body.toByteArray();
            }
            body.write(in.readNBytes(size));
            requireLine();
        }
    }

    private String requireLine() throws IOException {
        String line = readLine();
        if (line == null) {
            throw new EOFException("the server closed the connection in the middle of a response");
        }
        return line;
    }

    /** A line without its CRLF, or {@code null} at end of stream before any byte. */
    private String readLine() throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        int b;
        while ((b = in.read()) != -1) {
            if (b == '\n') {
                byte[] bytes = line.toByteArray();
                int length = bytes.length > 0 && bytes[bytes.length - 1] == '\r' ? bytes.length - 1 : bytes.length;
                return new String(bytes, 0, length, StandardCharsets.ISO_8859_1);
            }
            line.write(b);
        }
        if (line.size() == 0) {
            return null;
        }
        throw new EOFException("the server closed the connection in the middle of a line");
    }

    private static String first(Map<String,List<String>> headers, String name) {
        List<String> values = headers.get(name);
        return values == null ? null : values.get(0);
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }

    /** A GET request with the given extra header lines (each ending in CRLF). */
    public static String get(String path, String... headerLines) {
        return "GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\n" + String.join("", headerLines) + "\r\n";
    }
}
