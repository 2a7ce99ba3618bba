package org.hybridconnector.bench.probe;

import java.io.BufferedInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * One keep-alive HTTP/1.1 connection of a probe client: sends a GET, reads the whole reply
 * (Content-Length, chunked, or until close) and says whether the connection may carry the next.
 */
final class HttpExchange implements AutoCloseable {

    /** A reply's status and whether the server will take another request on the connection. */
    record Reply(int status, boolean reusable) {
    }

    private final Socket socket;
    private final InputStream in;
    private final OutputStream out;
    private final String host;

    HttpExchange(String host, int port, int timeoutMillis) throws IOException {
        this.host = host;
        socket = new Socket();
        try {
            socket.connect(new InetSocketAddress(host, port), timeoutMillis);
            socket.setSoTimeout(timeoutMillis);
            socket.setTcpNoDelay(true);
            in = new BufferedInputStream(socket.getInputStream());
            out = socket.getOutputStream();
        } catch (IOException e) {
            socket.close();
            throw e;
        }
    }

    Reply get(String path) throws IOException {
        out.write(("GET " + path + " HTTP/1.1\r\nHost: " + host + "\r\nUser-Agent: hybrid-bench-probe\r\n\r\n")
                .getBytes(StandardCharsets.ISO_8859_1));
        out.flush();
        String statusLine = line();
        String[] parts = statusLine.split(" ", 3);
        if (parts.length < 2 || !parts[0].startsWith("HTTP/1.")) {
            throw new IOException("not an HTTP status line: " + statusLine);
        }
        int status = Integer.parseInt(parts[1]);
        long length = -1;
        boolean chunked = false;
        boolean close = parts[0].equals("HTTP/1.0");
        for (String header = line(); !header.isEmpty(); header = line()) {
            int colon = header.indexOf(':');
            if (colon < 0) {
                continue;
            }
            String name = header.substring(0, colon).trim().toLowerCase(Locale.ROOT);
            String value = header.substring(colon + 1).trim().toLowerCase(Locale.ROOT);
            switch (name) {
                case "content-length" -> length = Long.parseLong(value);
                case "transfer-encoding" -> chunked = value.contains("chunked");
                case "connection" -> close = value.contains("close");
                default -> { }
            }
        }
        if (chunked) {
            readChunks();
        } else if (length >= 0) {
            skip(length);
        } else {
            in.transferTo(OutputStream.nullOutputStream());
            close = true;
        }
        return new Reply(status, !close);
    }

    private void readChunks() throws IOException {
        for (long size = chunkSize(); size > 0; size = chunkSize()) {
            skip(size);
            line();
        }
        while (!line().isEmpty()) {
            // trailers
        }
    }

    private long chunkSize() throws IOException {
        String size = line();
        int extension = size.indexOf(';');
        return Long.parseLong((extension < 0 ? size : size.substring(0, extension)).trim(), 16);
    }

    private void skip(long bytes) throws IOException {
        long left = bytes;
        while (left > 0) {
            long skipped = in.skip(left);
            if (skipped <= 0) {
                if (in.read() < 0) {
                    throw new EOFException("connection closed " + left + " bytes before the end of the body");
                }
                skipped = 1;
            }
            left -= skipped;
        }
    }

    private String line() throws IOException {
        StringBuilder line = new StringBuilder();
        for (int b = in.read(); b != '\n'; b = in.read()) {
            if (b < 0) {
                throw new EOFException("connection closed mid-reply");
            }
            if (b != '\r') {
                line.append((char) b);
            }
        }
        return line.toString();
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
