package org.hybridconnector;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;

import org.apache.tomcat.util.net.SendfileKeepAliveState;

/**
 * The rest of a response the selector thread sends as the client takes it: a static file a
 * worker began ({@link FileTransfer}) or a response from the cache ({@link CachedReply}). While
 * one is under way the connection is in {@code SENDING}, and a client that stops reading is
 * closed after its stall time-out.
 * <p>
 * Thread safety: none; the selector thread's once it has it.
 */
interface Transfer {

    /**
     * Sends as much of the rest as the socket takes now, without blocking.
     *
     * @return {@code true} once every byte is sent
     * @throws IOException if the client is gone, or the source cannot be read
     */
    boolean advance(Sink connection) throws IOException;

    /** What it sends, for messages. */
    String name();

    /** What comes after it: the next request ({@code OPEN}), one already buffered ({@code PIPELINED}), or a close. */
    SendfileKeepAliveState keepAliveState();

    /** Lets go of what it holds; the transfer is over, whole or not. */
    void close();

    /** Where a transfer's bytes go: the connection. */
    interface Sink {

        /** The raw channel, for a file the kernel sends from the file to the socket. */
        SocketChannel channel();

        /** Writes what the socket takes of {@code buffers} now, through the connection's transport (TLS, say). */
        long sendNow(ByteBuffer[] buffers) throws IOException;

        /** Sends what the transport still holds (TLS records); {@code true} if nothing is left. */
        boolean flushTransport() throws IOException;
    }
}
