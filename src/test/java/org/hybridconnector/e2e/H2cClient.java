package org.hybridconnector.e2e;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A small HTTP/2 client over one clear connection to 127.0.0.1 that speaks frames itself (RFC
 * 9113), for what the JDK's {@code HttpClient} cannot do: h2c by prior knowledge, and many streams
 * on a connection that is one by construction. It sends GETs and POSTs without content, a POST
 * with header fields of its own if asked. It
 * opens its flow-control windows fully at once, so the server never waits for a
 * {@code WINDOW_UPDATE}; answers the server's {@code SETTINGS} and {@code PING}s; and does not
 * decode response header blocks beyond their first field, the {@code :status} (an entry of
 * HPACK's static table, or a literal with the {@code :status} name and a plain value: what Tomcat
 * sends for a status it has not sent before on the connection).
 * <p>
 * Thread safety: none; one test thread drives it, sending requests and then reading frames until
 * their responses are complete.
 */
final class H2cClient implements AutoCloseable {

    /** A stream's response; {@code status} is -1 if the stream was reset (then the body says why). */
    record Response(int status, byte[] body) {
        String text() {
            return new String(body, StandardCharsets.UTF_8);
        }
    }

    private static final byte[] PREFACE = "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
    private static final int DATA = 0x0, HEADERS = 0x1, RST_STREAM = 0x3, SETTINGS = 0x4, PING = 0x6, GOAWAY = 0x7,
            WINDOW_UPDATE = 0x8, CONTINUATION = 0x9;
    private static final int END_STREAM = 0x1, ACK = 0x1, END_HEADERS = 0x4, PADDED = 0x8, PRIORITY = 0x20;
    private static final int LARGEST_WINDOW = Integer.MAX_VALUE;
    private static final int DEFAULT_WINDOW = 65_535;

    private final Socket socket;
    private final DataInputStream in;
    private final OutputStream out;
    private final String authority;
    private int nextStream = 1;
    private final Map<Integer,ByteArrayOutputStream> bodies = new HashMap<>();
    private final Map<Integer,Integer> statuses = new HashMap<>();
    private final Map<Integer,Response> complete = new HashMap<>();
    /** The header block being received in HEADERS and CONTINUATION frames, and its stream. */
    private ByteArrayOutputStream headerBlock;
    private int headerStream;
    private boolean headerBlockEndsStream;
    private String goAway;

    private H2cClient(int port) throws IOException {
        socket = new Socket(InetAddress.getLoopbackAddress(), port);
        socket.setSoTimeout(20_000);
        in = new DataInputStream(new BufferedInputStream(socket.getInputStream(), 64 * 1024));
        out = new BufferedOutputStream(socket.getOutputStream(), 64 * 1024);
        authority = "127.0.0.1:" + port;
    }

    /** HTTP/2 from the first byte: the client preface, no HTTP/1.1 at all. */
    static H2cClient priorKnowledge(int port) throws IOException {
        H2cClient client = new H2cClient(port);
        client.startHttp2();
        return client;
    }

    /**
     * An HTTP/1.1 GET of {@code path} with {@code Upgrade: h2c}; once the server has switched
     * protocols, its answer to that GET comes as stream 1.
     */
    static H2cClient upgrade(int port, String path) throws IOException {
        H2cClient client = new H2cClient(port);
        String settings = Base64.getUrlEncoder().withoutPadding().encodeToString(settingsPayload());
        client.out.write(("GET " + path + " HTTP/1.1\r\nHost: " + client.authority +
                "\r\nConnection: Upgrade, HTTP2-Settings\r\nUpgrade: h2c\r\nHTTP2-Settings: " + settings + "\r\n\r\n")
                .getBytes(StandardCharsets.US_ASCII));
        client.out.flush();
        String head = client.readHttp11Head();
        if (!head.startsWith("HTTP/1.1 101")) {
            client.close();
            throw new IOException("the server did not switch to h2c: " + head);
        }
        client.nextStream = 3;
        client.startHttp2();
        return client;
    }

    /** Queues a GET of {@code path} as a new stream; {@link #flush()} sends what is queued. */
    int get(String path) throws IOException {
        return request(2, path);
    }

    /**
     * Queues a POST of {@code path} with no content as a new stream, with these header fields, name then value
     * (names in lower case, as HTTP/2 wants them); {@link #flush()} sends what is queued.
     */
    int post(String path, String... fields) throws IOException {
        if (fields.length % 2 != 0) {
            throw new IllegalArgumentException("a field's name without its value: " + fields[fields.length - 1]);
        }
        return request(3, path, fields);
    }

    /**
     * Queues a request without content; {@code method} is the HPACK static table's index of its {@code :method},
     * {@code fields} its further header fields, name then value.
     */
    private int request(int method, String path, String... fields) throws IOException {
        int stream = nextStream;
        nextStream += 2;
        // Pseudo-header names only by HPACK's static table (Tomcat refuses a literal ':'):
        // :method GET (2) or POST (3) and :scheme http (6) whole, :path (4) and :authority (1) by name.
        ByteArrayOutputStream block = new ByteArrayOutputStream();
        block.write(0x80 | method);
        block.write(0x80 | 6);
        literal(block, 4, path);
        literal(block, 1, authority);
        for (int i = 0; i < fields.length; i += 2) {
            // A literal field without indexing, its name a literal too (RFC 7541, 6.2.2).
            block.write(0);
            string(block, fields[i]);
            string(block, fields[i + 1]);
        }
        writeFrame(HEADERS, END_STREAM | END_HEADERS, stream, block.toByteArray());
        return stream;
    }

    void flush() throws IOException {
        out.flush();
    }

    /**
     * Reads frames until every one of {@code streams} has its whole response, for {@code seconds}
     * at most.
     *
     * @throws IOException if the server ends the connection first, or the time is up
     */
    Map<Integer,Response> await(Collection<Integer> streams, int seconds) throws IOException {
        flush();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (!complete.keySet().containsAll(streams)) {
            if (goAway != null) {
                throw new IOException("GOAWAY before all responses came: " + goAway + "; complete: " + complete.keySet());
            }
            if (System.nanoTime() > deadline) {
                throw new IOException("not all responses came within " + seconds + " s; complete: " + complete.keySet());
            }
            readFrame();
        }
        Map<Integer,Response> answers = new HashMap<>();
        for (Integer stream : streams) {
            answers.put(stream, complete.get(stream));
        }
        return answers;
    }

    /**
     * Reads frames until the server sends {@code GOAWAY}, for {@code seconds} at most.
     *
     * @return {@code "last stream N, error code E"}
     * @throws IOException if the server closes without one, or the time is up
     */
    String awaitGoAway(int seconds) throws IOException {
        flush();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (goAway == null) {
            if (System.nanoTime() > deadline) {
                throw new IOException("no GOAWAY within " + seconds + " s");
            }
            readFrame();
        }
        return goAway;
    }

    /** Whether the server has closed the connection (end of stream) within {@code millis}. */
    boolean closedByServer(int millis) throws IOException {
        socket.setSoTimeout(millis);
        try {
            while (in.read() >= 0) {
                // Frames after GOAWAY do not matter here.
            }
            return true;
        } catch (java.net.SocketTimeoutException e) {
            return false;
        } catch (java.net.SocketException e) {
            return true;
        }
    }

    @Override
    public void close() throws IOException {
        try {
            // Last server-initiated stream 0 (the server pushed none), error code NO_ERROR.
            writeFrame(GOAWAY, 0, 0, new byte[8]);
            out.flush();
        } catch (IOException e) {
            // The server may have closed first: nothing left to say goodbye to.
        } finally {
            socket.close();
        }
    }

    // ------------------------------------------------------------------ frames

    private void startHttp2() throws IOException {
        out.write(PREFACE);
        writeFrame(SETTINGS, 0, 0, settingsPayload());
        writeFrame(WINDOW_UPDATE, 0, 0, ByteBuffer.allocate(4).putInt(LARGEST_WINDOW - DEFAULT_WINDOW).array());
        out.flush();
    }

    /** No server push, and each stream's window as large as HTTP/2 allows. */
    private static byte[] settingsPayload() {
        return ByteBuffer.allocate(12).putShort((short) 0x2).putInt(0).putShort((short) 0x4).putInt(LARGEST_WINDOW)
                .array();
    }

    private void writeFrame(int type, int flags, int stream, byte[] payload) throws IOException {
        out.write(new byte[] { (byte) (payload.length >>> 16), (byte) (payload.length >>> 8), (byte) payload.length,
                (byte) type, (byte) flags });
        out.write(ByteBuffer.allocate(4).putInt(stream).array());
        out.write(payload);
    }

    private void readFrame() throws IOException {
        int length = in.readUnsignedByte() << 16 | in.readUnsignedShort();
        int type = in.readUnsignedByte();
        int flags = in.readUnsignedByte();
        int stream = in.readInt() & 0x7fff_ffff;
        byte[] payload = new byte[length];
        in.readFully(payload);
        switch (type) {
            case DATA -> {
                int padding = (flags & PADDED) != 0 ? (payload[0] & 0xff) + 1 : 0;
                int from = (flags & PADDED) != 0 ? 1 : 0;
                bodies.computeIfAbsent(stream, s -> new ByteArrayOutputStream()).write(payload, from, length - padding);
                if ((flags & END_STREAM) != 0) {
                    finish(stream);
                }
            }
            case HEADERS -> {
                int from = (flags & PADDED) != 0 ? 1 : 0;
                int to = length - ((flags & PADDED) != 0 ? payload[0] & 0xff : 0);
                from += (flags & PRIORITY) != 0 ? 5 : 0;
                headerBlock = new ByteArrayOutputStream();
                headerBlock.write(payload, from, to - from);
                headerStream = stream;
                headerBlockEndsStream = (flags & END_STREAM) != 0;
                if ((flags & END_HEADERS) != 0) {
                    headerBlockDone();
                }
            }
            case CONTINUATION -> {
                headerBlock.write(payload, 0, length);
                if ((flags & END_HEADERS) != 0) {
                    headerBlockDone();
                }
            }
            case SETTINGS -> {
                if ((flags & ACK) == 0) {
                    writeFrame(SETTINGS, ACK, 0, new byte[0]);
                    out.flush();
                }
            }
            case PING -> {
                if ((flags & ACK) == 0) {
                    writeFrame(PING, ACK, 0, payload);
                    out.flush();
                }
            }
            case RST_STREAM -> complete.put(stream, new Response(-1,
                    ("reset with error code " + ByteBuffer.wrap(payload).getInt()).getBytes(StandardCharsets.UTF_8)));
            case GOAWAY -> goAway = "last stream " + (ByteBuffer.wrap(payload).getInt() & 0x7fff_ffff) +
                    ", error code " + ByteBuffer.wrap(payload).getInt(4);
            default -> {
                // WINDOW_UPDATE and PRIORITY: the windows are wide open already, and order is the server's.
            }
        }
    }

    private void headerBlockDone() {
        // The first block of a stream is the response's head; a later one would be its trailers.
        statuses.putIfAbsent(headerStream, status(headerBlock.toByteArray()));
        if (headerBlockEndsStream) {
            finish(headerStream);
        }
        headerBlock = null;
    }

    private void finish(int stream) {
        ByteArrayOutputStream body = bodies.remove(stream);
        complete.put(stream, new Response(statuses.getOrDefault(stream, 0),
                body == null ? new byte[0] : body.toByteArray()));
    }

    /**
     * The {@code :status} of a response's header block from its first field after any dynamic
     * table size updates (Tomcat sends the pseudo-header first), or -1 if that field is coded in a
     * way this client does not decode.
     */
    static int status(byte[] block) {
        int at = 0;
        while ((block[at] & 0xe0) == 0x20) {
            // A dynamic table size update (001xxxxx, an integer with a 5-bit prefix) may come first.
            boolean more = (block[at] & 0x1f) == 0x1f;
            at++;
            while (more) {
                more = (block[at++] & 0x80) != 0;
            }
        }
        int first = block[at] & 0xff;
        if ((first & 0x80) != 0) {
            // An indexed field: the static table's :status entries are 8 to 14.
            return switch (first & 0x7f) {
                case 8 -> 200;
                case 9 -> 204;
                case 10 -> 206;
                case 11 -> 304;
                case 12 -> 400;
                case 13 -> 404;
                case 14 -> 500;
                default -> -1;
            };
        }
        // A literal: with incremental indexing (01xxxxxx) or without (0000xxxx, 0001xxxx).
        int nameIndex = (first & 0x40) != 0 ? first & 0x3f : first & 0x0f;
        boolean plainValue = (block[at + 1] & 0x80) == 0;
        if (nameIndex >= 8 && nameIndex <= 14 && plainValue) {
            return Integer.parseInt(new String(block, at + 2, block[at + 1] & 0x7f, StandardCharsets.US_ASCII));
        }
        return -1;
    }

    /**
     * A field as a literal without indexing, its name the static table's entry {@code nameIndex}
     * (below 15), its value with no Huffman coding (RFC 7541, 6.2.2).
     */
    private static void literal(ByteArrayOutputStream block, int nameIndex, String value) {
        block.write(nameIndex);
        string(block, value);
    }

    private static void string(ByteArrayOutputStream block, String value) {
        byte[] bytes = value.getBytes(StandardCharsets.US_ASCII);
        // HPACK's integer with a 7-bit prefix (RFC 7541, 5.1); the H bit stays 0.
        int length = bytes.length;
        if (length < 127) {
            block.write(length);
        } else {
            block.write(127);
            length -= 127;
            while (length >= 128) {
                block.write((length & 0x7f) | 0x80);
                length >>>= 7;
            }
            block.write(length);
        }
        block.writeBytes(bytes);
    }

    private String readHttp11Head() throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int matched = 0;
        byte[] end = { '\r', '\n', '\r', '\n' };
        while (matched < end.length) {
            int b = in.read();
            if (b < 0) {
                break;
            }
            head.write(b);
            matched = b == end[matched] ? matched + 1 : b == '\r' ? 1 : 0;
        }
        return head.toString(StandardCharsets.ISO_8859_1);
    }
}
