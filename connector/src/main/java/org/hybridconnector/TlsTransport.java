package org.hybridconnector;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.SocketChannel;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLEngineResult;
import javax.net.ssl.SSLEngineResult.HandshakeStatus;
import javax.net.ssl.SSLEngineResult.Status;

import org.apache.tomcat.util.buf.ByteBufferUtils;
import org.apache.tomcat.util.net.SSLSupport;
import org.apache.tomcat.util.net.TLSClientHelloExtractor;
import org.apache.tomcat.util.net.TLSClientHelloExtractor.ExtractorResult;
import org.apache.tomcat.util.res.StringManager;

/**
 * TLS over the channel with a JSSE {@link SSLEngine}, never blocking.
 * <p>
 * The handshake is advanced by a worker one step at a time (see {@link #handshake()}): each step
 * does what it can with the bytes already there and reports what it waits for, so the connection
 * goes back to the selector while the client is slow and no worker ever waits for it. The
 * certificate and protocol come from the connector's {@code <SSLHostConfig>}s, chosen by the SNI
 * host name in the client's hello, as Tomcat's own connectors choose them.
 * <p>
 * Buffers: {@code netIn} holds received TLS records in write mode; {@code netOut} holds sealed
 * records not yet sent, in read mode; {@code appIn} holds decrypted bytes not yet read, in write
 * mode.
 */
final class TlsTransport implements Transport {

    private static final StringManager sm = StringManager.getManager(TlsTransport.class);
    private static final ByteBuffer EMPTY = ByteBuffer.allocate(0);
    /** A record's first byte, its content type, for application data (TLS 1.3 gives every record this one). */
    private static final byte APPLICATION_DATA = 23;

    private final SocketChannel channel;
    private final ChannelEndpoint endpoint;
    private final Map<String,List<String>> requestedAttributes = new HashMap<>();
    private SSLEngine engine;
    private ByteBuffer netIn = ByteBuffer.allocate(16 * 1024 + 512);
    private ByteBuffer netOut = ByteBuffer.allocate(0);
    private ByteBuffer appIn = ByteBuffer.allocate(0);
    private boolean handshakeComplete;
    /** A renegotiation was refused: the engine holds its pending work, so it seals nothing more. */
    private boolean refused;
    private String sniHostName;

    TlsTransport(SocketChannel channel, ChannelEndpoint endpoint) {
        this.channel = channel;
        this.endpoint = endpoint;
    }

    @Override
    public int handshake() throws IOException {
        if (handshakeComplete) {
            return 0;
        }
        if (engine == null) {
            int hello = readClientHello();
            if (hello != 0) {
                return hello;
            }
        }
        while (true) {
            if (!flush()) {
                return SelectionKey.OP_WRITE;
            }
            HandshakeStatus status = engine.getHandshakeStatus();
            switch (status) {
                case NOT_HANDSHAKING, FINISHED -> {
                    handshakeComplete = true;
                    return 0;
                }
                case NEED_WRAP -> {
                    if (seal(EMPTY).getStatus() == Status.CLOSED) {
                        return -1;
                    }
                }
                case NEED_UNWRAP, NEED_UNWRAP_AGAIN -> {
                    SSLEngineResult result = open();
                    if (result.getStatus() == Status.CLOSED) {
                        return -1;
                    }
                    if (result.getStatus() == Status.BUFFER_UNDERFLOW) {
                        int n = fillNetIn();
                        if (n < 0) {
                            return -1;
                        }
                        if (n == 0) {
                            return SelectionKey.OP_READ;
                        }
                    }
                }
                case NEED_TASK -> runDelegatedTasks();
            }
        }
    }

    /**
     * Reads the client's hello to learn the SNI host name, then creates the engine for the
     * matching {@code <SSLHostConfig>}.
     */
    private int readClientHello() throws IOException {
        if (channel.read(netIn) < 0) {
            return -1;
        }
        TLSClientHelloExtractor hello = new TLSClientHelloExtractor(netIn);
        while (hello.getResult() == ExtractorResult.UNDERFLOW && netIn.capacity() < endpoint.getSniParseLimit()) {
            netIn = ByteBufferUtils.expand(netIn, Math.min(netIn.capacity() * 2, endpoint.getSniParseLimit()));
            if (channel.read(netIn) < 0) {
                return -1;
            }
            hello = new TLSClientHelloExtractor(netIn);
        }
        String hostName;
        switch (hello.getResult()) {
            case NEED_READ:
                return SelectionKey.OP_READ;
            case NON_SECURE:
                // Plain HTTP on a TLS port: tell the client in words it can read, then close.
                channel.write(ByteBuffer.wrap(TLSClientHelloExtractor.USE_TLS_RESPONSE));
                return -1;
            case COMPLETE:
                hostName = hello.getSNIValue();
                sniHostName = hostName;
                break;
            default:
                // No name: a hello without one, one too large to read, or bytes that are no hello at
                // all (the engine's first unwrap refuses those, and the connection ends).
                hostName = endpoint.getDefaultSSLHostConfigName();
        }
        engine = endpoint.newSslEngine(hostName, hello);
        boolean parsed = hello.getResult() != ExtractorResult.UNDERFLOW;
        requestedAttributes.put(SSLSupport.REQUESTED_PROTOCOL_VERSIONS_KEY,
                parsed ? hello.getClientRequestedProtocols() : List.of());
        requestedAttributes.put(SSLSupport.REQUESTED_CIPHERS_KEY,
                parsed ? hello.getClientRequestedCipherNames() : List.of());
        int packetSize = engine.getSession().getPacketBufferSize();
        if (netIn.capacity() < packetSize) {
            netIn = ByteBufferUtils.expand(netIn, packetSize);
        }
        netOut = ByteBuffer.allocate(packetSize).flip();
        appIn = ByteBuffer.allocate(engine.getSession().getApplicationBufferSize());
        engine.beginHandshake();
        return 0;
    }

    /**
     * Reads what the records already received hold, opening them one after another while
     * {@code dst} has room; the socket is read only when none is whole. A caller that next waits
     * for the socket to turn readable would never be woken for a whole record left here.
     */
    @Override
    public int read(ByteBuffer dst) throws IOException {
        int copied = 0;
        while (true) {
            copied += takeOpened(dst);
            if (!dst.hasRemaining()) {
                return copied;
            }
            if (engine.isInboundDone()) {
                return copied > 0 ? copied : -1; // close_notify: the end, once the bytes before it are read
            }
            if (netIn.position() > 0) {
                if (copied > 0 && netIn.get(0) != APPLICATION_DATA) {
                    // A renegotiation's hello or an alert waits for the next read: the caller serves
                    // the bytes before it first, as if they had come alone.
                    return copied;
                }
                SSLEngineResult result = open();
                if (result.getStatus() == Status.CLOSED) {
                    return copied > 0 ? copied : -1;
                }
                if (result.getHandshakeStatus() != HandshakeStatus.NOT_HANDSHAKING &&
                        result.getHandshakeStatus() != HandshakeStatus.FINISHED) {
                    if (!"TLSv1.3".equals(engine.getSession().getProtocol())) {
                        // A renegotiation, which only a client starts here: its key exchange would
                        // run on the thread that reads, the selector's too. Refused, as most servers do.
                        refused = true;
                        throw new IOException(sm.getString("tls.renegotiationRefused"));
                    }
                    // A TLS 1.3 key update: answered by a record of our own, no key exchange.
                    handshakeComplete = false;
                    if (handshake() < 0) {
                        return copied > 0 ? copied : -1;
                    }
                }
                if (result.getStatus() != Status.BUFFER_UNDERFLOW &&
                        (result.bytesConsumed() > 0 || appIn.position() > 0)) {
                    continue;
                }
            }
            if (copied > 0) {
                return copied;
            }
            int n = fillNetIn();
            if (n <= 0) {
                return n;
            }
        }
    }

    /** Moves as many opened bytes to {@code dst} as it takes. */
    private int takeOpened(ByteBuffer dst) {
        if (appIn.position() == 0) {
            return 0;
        }
        appIn.flip();
        int n = Math.min(appIn.remaining(), dst.remaining());
        dst.put(appIn.slice(appIn.position(), n));
        appIn.position(appIn.position() + n);
        appIn.compact();
        return n;
    }

    @Override
    public int write(ByteBuffer src) throws IOException {
        if (!flush()) {
            return 0;
        }
        int consumed = 0;
        while (src.hasRemaining()) {
            SSLEngineResult result = seal(src);
            if (result.getStatus() == Status.CLOSED) {
                throw new IOException(sm.getString("tls.closed"));
            }
            consumed += result.bytesConsumed();
            if (!flush()) {
                break;
            }
        }
        return consumed;
    }

    @Override
    public boolean flush() throws IOException {
        if (netOut.hasRemaining()) {
            channel.write(netOut);
        }
        return !netOut.hasRemaining();
    }

    @Override
    public boolean hasPendingOutput() {
        return netOut.hasRemaining();
    }

    @Override
    public boolean hasBufferedInput() {
        return netIn.position() > 0 || appIn.position() > 0;
    }

    @Override
    public String applicationProtocol() {
        return engine == null ? null : engine.getApplicationProtocol();
    }

    @Override
    public String sniHostName() {
        return sniHostName;
    }

    @Override
    public SSLSupport sslSupport() {
        if (engine == null || !handshakeComplete) {
            return null;
        }
        return endpoint.getSslImplementation().getSSLSupport(engine.getSession(), requestedAttributes);
    }

    @Override
    public boolean shutdownOutput() throws IOException {
        // Records written before it go first: close_notify is sealed into the emptied netOut.
        if (!goodbyeSent() && !(flush() && sayGoodbye())) {
            return false;
        }
        channel.shutdownOutput();
        return true;
    }

    @Override
    public void close() throws IOException {
        try {
            if (!goodbyeSent()) {
                sayGoodbye();
            }
        } catch (IOException e) {
            // The peer may be gone already; the channel is closed all the same.
        } finally {
            channel.close();
        }
    }

    /** Whether close_notify is not owed: no handshake done, a renegotiation refused, or it was sent already. */
    private boolean goodbyeSent() {
        return engine == null || !handshakeComplete || refused || engine.isOutboundDone();
    }

    /**
     * Seals and sends close_notify, the part of a close both a half-close and a full one say.
     *
     * @return whether nothing is left to send
     */
    private boolean sayGoodbye() throws IOException {
        engine.closeOutbound();
        seal(EMPTY);
        return flush();
    }

    /** Seals {@code src} into {@code netOut}, which must have been flushed. */
    private SSLEngineResult seal(ByteBuffer src) throws IOException {
        if (refused) {
            throw new IOException(sm.getString("tls.renegotiationRefused"));
        }
        while (true) {
            netOut.clear();
            SSLEngineResult result = engine.wrap(src, netOut);
            netOut.flip();
            if (result.getStatus() != Status.BUFFER_OVERFLOW) {
                if (result.getHandshakeStatus() == HandshakeStatus.NEED_TASK) {
                    runDelegatedTasks();
                }
                return result;
            }
            netOut = ByteBuffer.allocate(Math.max(netOut.capacity() * 2, engine.getSession().getPacketBufferSize()));
        }
    }

    /** Opens the records in {@code netIn} into {@code appIn}. */
    private SSLEngineResult open() throws IOException {
        while (true) {
            netIn.flip();
            SSLEngineResult result;
            try {
                result = engine.unwrap(netIn, appIn);
            } finally {
                netIn.compact();
            }
            if (result.getStatus() != Status.BUFFER_OVERFLOW) {
                // After the handshake only a renegotiation needs tasks, and read refuses it first.
                if (result.getHandshakeStatus() == HandshakeStatus.NEED_TASK && !handshakeComplete) {
                    runDelegatedTasks();
                }
                return result;
            }
            appIn = ByteBufferUtils.expand(appIn,
                    Math.max(appIn.capacity() * 2, engine.getSession().getApplicationBufferSize()));
        }
    }

    private int fillNetIn() throws IOException {
        if (!netIn.hasRemaining()) {
            netIn = ByteBufferUtils.expand(netIn, netIn.capacity() * 2);
        }
        return channel.read(netIn);
    }

    /** Key exchange and certificate work: CPU only, run by the worker that advances the handshake. */
    private void runDelegatedTasks() {
        Runnable task;
        while ((task = engine.getDelegatedTask()) != null) {
            task.run();
        }
    }
}
