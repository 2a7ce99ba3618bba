package org.hybridconnector;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.concurrent.Executor;

import org.apache.tomcat.util.net.AbstractEndpoint;
import org.apache.tomcat.util.res.StringManager;
import org.apache.tomcat.util.threads.ResizableExecutor;

/**
 * What the project's endpoints share: a {@link ServerSocketChannel} bound in {@link #bind()} and
 * accepted from by Tomcat's own {@code Acceptor}, closed in {@link #unbind()}, with TLS
 * configuration from the connector's {@code <SSLHostConfig>}s.
 * <p>
 * Coyote's vectored asynchronous I/O is switched off: it needs a poller that writes on a
 * connection's behalf. So is sendfile, unless an endpoint has a thread to finish a transfer the
 * client does not take at once (the hybrid's selector does).
 */
public abstract class ChannelEndpoint extends AbstractEndpoint<SocketChannel,SocketChannel> {

    private static final StringManager sm = StringManager.getManager(ChannelEndpoint.class);

    private volatile ServerSocketChannel serverSocket;

    protected ChannelEndpoint() {
        setUseAsyncIO(false);
        setUseSendfile(false);
    }

    @Override
    public void bind() throws Exception {
        ServerSocketChannel channel = ServerSocketChannel.open();
        try {
            getSocketProperties().setProperties(channel.socket());
            channel.bind(new InetSocketAddress(getAddress(), getPortWithOffset()), getAcceptCount());
        } catch (IOException e) {
            channel.close();
            throw e;
        }
        // The acceptor blocks in accept(); Tomcat unlocks it on stop with a local connection.
        channel.configureBlocking(true);
        serverSocket = channel;
        initialiseSsl();
    }

    @Override
    public void unbind() throws Exception {
        if (running) {
            stop();
        }
        doCloseServerSocket();
        destroySsl();
        super.unbind();
        if (getHandler() != null) {
            getHandler().recycle();
        }
    }

    @Override
    protected void doCloseServerSocket() throws IOException {
        ServerSocketChannel channel = serverSocket;
        serverSocket = null;
        if (channel != null) {
            channel.close();
        }
    }

    @Override
    protected InetSocketAddress getLocalAddress() throws IOException {
        ServerSocketChannel channel = serverSocket;
        if (channel == null) {
            return null;
        }
        SocketAddress address = channel.getLocalAddress();
        return address instanceof InetSocketAddress inet ? inet : null;
    }

    @Override
    protected SocketChannel serverSocketAccept() throws Exception {
        ServerSocketChannel channel = serverSocket;
        if (channel == null) {
            throw new IOException(sm.getString("endpoint.serverSocketClosed", getName()));
        }
        return channel.accept();
    }

    @Override
    protected void destroySocket(SocketChannel channel) {
        countDownConnection();
        try {
            channel.close();
        } catch (IOException e) {
            logDebug("Closing a connection that was never served failed", e);
        }
    }

    /** The number of threads that serve requests: the pool's own, or the shared executor's. */
    protected int workerCapacity() {
        Executor executor = getExecutor();
        if (executor instanceof ResizableExecutor resizable) {
            return resizable.getMaxThreads();
        }
        if (executor instanceof java.util.concurrent.ThreadPoolExecutor pool) {
            return pool.getMaximumPoolSize();
        }
        return Math.max(1, getMaxThreads());
    }

    /** Logs at debug level: for the endpoint's connections and threads, whatever their package. */
    public void logDebug(String message, Throwable t) {
        if (getLog().isDebugEnabled()) {
            getLog().debug(message, t);
        }
    }
}
