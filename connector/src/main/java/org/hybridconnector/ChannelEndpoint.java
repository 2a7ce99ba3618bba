package org.hybridconnector;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Executor;

import javax.net.ssl.SSLEngine;

import org.apache.tomcat.util.net.AbstractEndpoint;
import org.apache.tomcat.util.net.SocketWrapperBase;
import org.apache.tomcat.util.net.TLSClientHelloExtractor;
import org.apache.tomcat.util.net.TLSClientHelloExtractor.ExtractorResult;
import org.apache.tomcat.util.res.StringManager;
import org.apache.tomcat.util.threads.LimitLatch;
import org.apache.tomcat.util.threads.ResizableExecutor;

/**
 * The endpoint's server socket: a {@link ServerSocketChannel} bound in {@link #bind()} and
 * accepted from by Tomcat's own {@code Acceptor}, closed in {@link #unbind()}, with TLS
 * configuration from the connector's {@code <SSLHostConfig>}s; and the accept, start and stop
 * steps every endpoint of the project takes. {@link HybridEndpoint} extends it; it is public only
 * so that the benchmarks' blocking baseline, a module of its own, can extend it too.
 * <p>
 * Coyote's vectored asynchronous I/O ({@code useAsyncIO}) and sendfile are switched off unless an
 * endpoint has a thread that goes on with an operation or a transfer the client does not take at
 * once: the hybrid's selector does, and switches both on.
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
            logDebug(sm.getString("endpoint.closeUnservedFailed"), e);
        }
    }

    /**
     * Makes an accepted channel non-blocking with the connector's socket properties: every
     * endpoint of the project waits for readiness on a selector rather than in a blocking call.
     */
    protected void configureAccepted(SocketChannel channel) throws IOException {
        channel.configureBlocking(false);
        getSocketProperties().setProperties(channel.socket());
    }

    /** Counts {@code connection} among the open ones, with the connector's limits and time-outs. */
    protected void adopt(SocketChannel channel, SocketWrapperBase<SocketChannel> connection) {
        connections.put(channel, connection);
        connection.setKeepAliveLeft(getMaxKeepAliveRequests());
        connection.setReadTimeout(getConnectionTimeout());
        connection.setWriteTimeout(getConnectionTimeout());
    }

    /**
     * The first steps of a start: running and not paused, with the connector's own executor unless
     * a shared one was given.
     *
     * @return {@code false} if the endpoint was running already
     */
    protected boolean startRunning() {
        if (running) {
            return false;
        }
        running = true;
        paused = false;
        if (getExecutor() == null) {
            createExecutor();
        }
        return true;
    }

    /**
     * The first steps of a stop: pause if not paused yet, then stop the acceptor.
     *
     * @return {@code false} if the endpoint was not running, and there is nothing more to stop
     */
    protected boolean stopAccepting() {
        if (!paused) {
            pause();
        }
        if (!running) {
            return false;
        }
        running = false;
        acceptor.stopMillis(100 + 2 * getSocketProperties().getUnlockTimeout());
        return true;
    }

    /**
     * Pausing released the connection latch (to free an acceptor waiting on it); a new one makes
     * {@code maxConnections} apply again, counting the connections that stayed open meanwhile.
     */
    @Override
    public void resume() {
        if (running && paused && getMaxConnections() != -1) {
            LimitLatch latch = initializeConnectionLatch();
            int open = Math.min(connections.size(), getMaxConnections());
            for (int i = 0; i < open; i++) {
                try {
                    latch.countUpOrAwait();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
            }
        }
        super.resume();
    }

    /** Closes every connection still open: the last step of a stop. */
    protected void closeConnections() {
        for (SocketWrapperBase<SocketChannel> connection : connections.values()) {
            connection.close();
        }
    }

    /** Forgets a connection that has closed, in the endpoint's map of open ones. */
    void forget(SocketChannel channel) {
        connections.remove(channel);
    }

    /** An engine for the {@code <SSLHostConfig>} the client's hello asks for by its SNI host name. */
    SSLEngine newSslEngine(String hostName, TLSClientHelloExtractor hello) {
        ExtractorResult result = hello.getResult();
        if (result != ExtractorResult.COMPLETE && result != ExtractorResult.NOT_PRESENT) {
            // A hello too large to read whole: nothing of it is known (its getters throw), and the engine reads it.
            return createSSLEngine(hostName, List.of(), null, List.of(), List.of(), List.of());
        }
        return createSSLEngine(hostName, hello.getClientRequestedCiphers(),
                result == ExtractorResult.COMPLETE ? hello.getClientRequestedApplicationProtocols() : null,
                hello.getClientRequestedProtocols(), hello.getClientSupportedGroups(),
                hello.getClientSignatureSchemes());
    }

    /**
     * Whether Coyote's {@code strictSni} check (Tomcat 11.0.15 on) passes a request for the host
     * {@code hostName} on a connection whose TLS hello named {@code sniHostName} ({@code null}: none):
     * the same name, or the same {@code <SSLHostConfig>}. Judged as if {@code strictSni} were on,
     * whatever the release and the setting, for answers given without Coyote, which must never give
     * what Coyote would refuse.
     */
    boolean sniAllows(String sniHostName, String hostName) {
        return !isSSLEnabled() || sniHostName != null && sniHostName.equalsIgnoreCase(hostName)
                || getSSLHostConfig(sniHostName) == getSSLHostConfig(hostName.toLowerCase(Locale.ENGLISH));
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
