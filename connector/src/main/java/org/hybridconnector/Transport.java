package org.hybridconnector;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;

import org.apache.tomcat.util.net.SSLSupport;

/**
 * How a connection's bytes reach the network: in the clear ({@link PlainTransport}) or through TLS
 * ({@link TlsTransport}). Every operation is non-blocking; waiting for readiness is the caller's
 * business, done on the raw channel.
 * <p>
 * Thread safety: none; used by whichever thread owns the connection at the time (the selector
 * thread while it is parked, a worker while it is dispatched).
 */
interface Transport {

    /**
     * Reads application bytes into {@code dst}.
     *
     * @return the number of bytes read, 0 if none are available yet, or -1 at the end of the stream
     */
    int read(ByteBuffer dst) throws IOException;

    /**
     * Writes application bytes from {@code src} as far as the socket takes them.
     *
     * @return the number of bytes taken from {@code src}
     */
    int write(ByteBuffer src) throws IOException;

    /**
     * Writes application bytes from {@code srcs} in order, as far as the socket takes them: one
     * gathering write in the clear.
     *
     * @return the number of bytes taken
     */
    default long write(ByteBuffer[] srcs) throws IOException {
        long taken = 0;
        for (ByteBuffer src : srcs) {
            while (src.hasRemaining()) {
                int n = write(src);
                if (n <= 0) {
                    return taken;
                }
                taken += n;
            }
        }
        return taken;
    }

    /**
     * Tries to send what {@link #write} accepted but the socket did not yet take (TLS records).
     *
     * @return {@code true} if nothing is left to send
     */
    boolean flush() throws IOException;

    /** Whether bytes accepted by {@link #write} still wait to be sent: never in the clear. */
    default boolean hasPendingOutput() {
        return false;
    }

    /** Whether bytes already taken from the socket wait to be returned by {@link #read}: never in the clear. */
    default boolean hasBufferedInput() {
        return false;
    }

    /**
     * Advances the opening handshake without blocking.
     *
     * @return 0 when it is complete, {@link SelectionKey#OP_READ} or {@link SelectionKey#OP_WRITE}
     *         for what it waits for, or -1 if the connection must be closed
     */
    int handshake() throws IOException;

    /** The host name the client's TLS hello asked for (SNI); {@code null} without one, or in the clear. */
    default String sniHostName() {
        return null;
    }

    /** What Coyote exposes as {@code jakarta.servlet.request.*} TLS attributes; {@code null} in the clear. */
    default SSLSupport sslSupport() {
        return null;
    }

    /**
     * The application protocol the handshake agreed on by ALPN ({@code "h2"}, say); {@code null}
     * or empty if none (always so in the clear).
     */
    default String applicationProtocol() {
        return null;
    }

    /**
     * Ends the output as the protocol wants (a TLS close_notify) and half-closes the channel: what
     * was written still reaches the client, followed by the end of the stream; reading goes on.
     *
     * @return {@code false} if the protocol's goodbye could not be sent whole without waiting (the
     *         caller closes instead)
     */
    boolean shutdownOutput() throws IOException;

    /** Says goodbye as the protocol wants (a TLS close_notify) and closes the channel. */
    void close() throws IOException;
}
