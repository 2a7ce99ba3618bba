package org.hybridconnector;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;

/** Bytes in the clear, straight to and from the channel. */
final class PlainTransport implements Transport {

    private final SocketChannel channel;

    PlainTransport(SocketChannel channel) {
        this.channel = channel;
    }

    @Override
    public int read(ByteBuffer dst) throws IOException {
        return channel.read(dst);
    }

    @Override
    public int write(ByteBuffer src) throws IOException {
        return channel.write(src);
    }

    @Override
    public long write(ByteBuffer[] srcs) throws IOException {
        return channel.write(srcs);
    }

    @Override
    public boolean flush() {
        return true;
    }

    @Override
    public int handshake() {
        return 0;
    }

    @Override
    public boolean shutdownOutput() throws IOException {
        channel.shutdownOutput();
        return true;
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}
