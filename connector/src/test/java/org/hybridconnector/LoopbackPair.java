package org.hybridconnector;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;

/**
 * A connection over 127.0.0.1 for tests of the socket wrapper: a blocking client socket and the
 * server's accepted channel, non-blocking as the acceptor leaves it.
 *
 * @param client   the client's end, reads bounded by 10 s
 * @param accepted the server's end
 */
record LoopbackPair(ServerSocketChannel server, Socket client, SocketChannel accepted) implements AutoCloseable {

    /** A pair whose client receive and server send buffers are {@code bufferBytes} (0: the system's). */
    static LoopbackPair open(int bufferBytes) throws IOException {
        ServerSocketChannel server = ServerSocketChannel.open();
        server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
        Socket client = new Socket();
        if (bufferBytes > 0) {
            client.setReceiveBufferSize(bufferBytes);
        }
        client.connect(server.getLocalAddress());
        client.setSoTimeout(10_000);
        SocketChannel accepted = server.accept();
        accepted.configureBlocking(false);
        if (bufferBytes > 0) {
            accepted.socket().setSendBufferSize(bufferBytes);
        }
        return new LoopbackPair(server, client, accepted);
    }

    @Override
    public void close() throws IOException {
        client.close();
        accepted.close();
        server.close();
    }
}
