package org.hybridconnector.blocking;

import java.nio.channels.SocketChannel;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import org.apache.juli.logging.Log;
import org.apache.juli.logging.LogFactory;
import org.apache.tomcat.util.ExceptionUtils;
import org.apache.tomcat.util.net.SocketEvent;
import org.apache.tomcat.util.net.SocketProcessorBase;
import org.apache.tomcat.util.net.SocketWrapperBase;
import org.apache.tomcat.util.res.StringManager;
import org.hybridconnector.ChannelEndpoint;

/**
 * The thread-per-connection endpoint of the blocking baseline, after Tomcat 7's BIO connector:
 * Tomcat's acceptor hands each accepted connection to a worker thread that owns it for its whole
 * life, serving its requests through Coyote and waiting (bounded by {@code keepAliveTimeout})
 * for the next one. {@code maxConnections} defaults to {@code maxThreads}, so once every thread
 * owns a connection new clients wait in the kernel backlog; and while more than
 * {@code disableKeepAlivePercentage} of the threads are busy, responses close their connection
 * ({@link KeepAliveRule}).
 * <p>
 * It is the paper's "multithreaded Tomcat", kept so that benchmarks can compare the
 * hybrid design with it in one build; it ships in the baselines jar, which only the benchmarks
 * and tests install. It is not meant for production.
 */
public class BlockingEndpoint extends ChannelEndpoint {

    private static final Log log = LogFactory.getLog(BlockingEndpoint.class);
    private static final StringManager sm = StringManager.getManager(BlockingEndpoint.class);

    /** {@code maxConnections} not set: use the thread count, as the BIO connector did. */
    static final int MAX_CONNECTIONS_FROM_THREADS = 0;

    private volatile int disableKeepAlivePercentage = KeepAliveRule.DEFAULT_PERCENTAGE;
    private final AtomicInteger ownedConnections = new AtomicInteger();
    private final AtomicLong keepAliveDisabledCount = new AtomicLong();
    private final AtomicLong idleClosedCount = new AtomicLong();

    public BlockingEndpoint() {
        setMaxConnections(MAX_CONNECTIONS_FROM_THREADS);
    }

    // ------------------------------------------------------------ configuration

    public int getDisableKeepAlivePercentage() {
        return disableKeepAlivePercentage;
    }

    /** Clamped to 0..100, as Tomcat 7 did. */
    public void setDisableKeepAlivePercentage(int percentage) {
        this.disableKeepAlivePercentage = Math.max(0, Math.min(100, percentage));
    }

    // ------------------------------------------------------------- statistics

    /** Threads that own a connection now: serving a request or waiting for the client's next one. */
    public int getOwnedConnectionCount() {
        return ownedConnections.get();
    }

    /** Responses whose connection was closed because too many threads were busy. */
    public long getKeepAliveDisabledCount() {
        return keepAliveDisabledCount.get();
    }

    /** Connections closed because their client sent nothing within the time-out. */
    public long getIdleClosedCount() {
        return idleClosedCount.get();
    }

    /** Tomcat's ThreadPool bean shows this: here every owned connection holds a thread while it idles. */
    public int getKeepAliveCount() {
        return ownedConnections.get();
    }

    /** Asked by a connection for each request: whether its keep-alive must end with this response. */
    boolean keepAliveMustEnd() {
        boolean end = KeepAliveRule.disablesKeepAlive(ownedConnections.get(), workerCapacity(),
                disableKeepAlivePercentage);
        if (end) {
            keepAliveDisabledCount.incrementAndGet();
        }
        return end;
    }

    void connectionOwned() {
        ownedConnections.incrementAndGet();
    }

    void connectionReleased() {
        ownedConnections.decrementAndGet();
    }

    void idleConnectionClosed() {
        idleClosedCount.incrementAndGet();
    }

    // -------------------------------------------------------------- lifecycle

    @Override
    public void bind() throws Exception {
        if (isSSLEnabled()) {
            throw new IllegalArgumentException(sm.getString("endpoint.noTls"));
        }
        if (getMaxConnections() == MAX_CONNECTIONS_FROM_THREADS) {
            setMaxConnections(getExecutor() == null ? Math.max(1, getMaxThreads()) : workerCapacity());
        }
        super.bind();
    }

    @Override
    public void startInternal() throws Exception {
        if (!startRunning()) {
            return;
        }
        initializeConnectionLatch();
        startAcceptorThread();
    }

    /**
     * The acceptor stops; idle connections close at once (their owners are woken and see the
     * endpoint stopped); requests in progress run to their end, for up to
     * {@code executorTerminationTimeoutMillis}.
     */
    @Override
    public void stopInternal() throws Exception {
        if (!stopAccepting()) {
            return;
        }
        for (SocketWrapperBase<SocketChannel> connection : connections.values()) {
            ((BlockingSocketWrapper) connection).wakeOwner();
        }
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(getExecutorTerminationTimeoutMillis());
        while (ownedConnections.get() > 0 && deadline - System.nanoTime() > 0) {
            Thread.sleep(10);
        }
        shutdownExecutor();
        closeConnections();
    }

    // ------------------------------------------------------- the acceptor's side

    /** Gives the accepted connection a thread of its own (or a place in the executor's queue). */
    @Override
    protected boolean setSocketOptions(SocketChannel channel) {
        BlockingSocketWrapper connection = null;
        try {
            configureAccepted(channel);
            connection = new BlockingSocketWrapper(channel, this);
            adopt(channel, connection);
            getExecutor().execute(new ConnectionOwner(this, connection));
            return true;
        } catch (RejectedExecutionException e) {
            log.warn(sm.getString("endpoint.executorRejected", getName(), connection), e);
            connection.close();
            return true;
        } catch (Throwable t) {
            ExceptionUtils.handleThrowable(t);
            log.error(sm.getString("endpoint.socketOptionsFailed"), t);
            if (connection == null) {
                destroySocket(channel);
            } else {
                connection.close();
                return true;
            }
            return false;
        }
    }

    void forget(SocketChannel channel) {
        connections.remove(channel);
    }

    // ------------------------------------------------------- the workers' side

    /**
     * Coyote raises events from other threads (async completion and dispatch, time-outs): they go
     * to the thread that owns the connection, which serves them in order.
     */
    @Override
    public boolean processSocket(SocketWrapperBase<SocketChannel> connection, SocketEvent event, boolean dispatch) {
        if (connection == null || connection.isClosed()) {
            return false;
        }
        ((BlockingSocketWrapper) connection).post(event);
        return true;
    }

    /** One turn of Coyote for one event, under the connection's lock; the owner reads the outcome. */
    @Override
    protected SocketProcessorBase<SocketChannel> createSocketProcessor(SocketWrapperBase<SocketChannel> connection,
            SocketEvent event) {
        return new CoyoteTurn(this, connection, event);
    }

    @Override
    protected Log getLog() {
        return log;
    }
}
