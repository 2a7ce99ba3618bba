package org.hybridconnector;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;

/**
 * What a closed connection's bytes go through: nothing. A closed connection may stay reachable for
 * a while (a stale deadline in {@link Parks} names it until its time comes), so on close it drops
 * its real transport, and with it the TLS engine and its record buffers, for this one.
 * <p>
 * Stateless, so thread safe.
 */
final class ClosedTransport implements Transport {

    static final Transport INSTANCE = new ClosedTransport();

    private ClosedTransport() {
    }

    @Override
    public int read(ByteBuffer dst) throws IOException {
        throw new ClosedChannelException();
    }

    @Override
    public int write(ByteBuffer src) throws IOException {
        throw new ClosedChannelException();
    }

    @Override
    public boolean flush() throws IOException {
        throw new ClosedChannelException();
    }

    @Override
    public boolean shutdownOutput() throws IOException {
        throw new ClosedChannelException();
    }

    @Override
    public int handshake() {
        return -1;
    }

    @Override
    public void close() {
        // Closed already.
    }
}
