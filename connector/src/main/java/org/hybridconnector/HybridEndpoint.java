package org.hybridconnector;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.SocketChannel;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;

import javax.net.ssl.SSLEngine;

import org.apache.juli.logging.Log;
import org.apache.juli.logging.LogFactory;
import org.apache.tomcat.util.ExceptionUtils;
import org.apache.tomcat.util.net.AbstractEndpoint.Handler.SocketState;
import org.apache.tomcat.util.net.SocketEvent;
import org.apache.tomcat.util.net.SocketProcessorBase;
import org.apache.tomcat.util.net.SocketWrapperBase;
import org.apache.tomcat.util.net.TLSClientHelloExtractor;
import org.apache.tomcat.util.net.TLSClientHelloExtractor.ExtractorResult;
import org.apache.tomcat.util.res.StringManager;
import org.hybridconnector.admission.AdmissionPolicy;
import org.hybridconnector.admission.BusyWorkersAdmission;
import org.hybridconnector.admission.WorkLoad;
import org.hybridconnector.admission.WorkQueue;
import org.hybridconnector.workers.ServiceTimes;

/**
 * The hybrid endpoint: one acceptor thread (Tomcat's own {@code Acceptor}, gated by an
 * {@link AdmissionPolicy}), one {@link SelectorLoop} thread that parks every connection waiting
 * for its client, and a small fixed pool of workers that each serve one request through Coyote's
 * {@code Http11Processor} and hand the connection back.
 * <p>
 * Channels stay in non-blocking mode for their whole life; a worker that must wait for a request
 * body or for a slow reader waits on a {@link ReadinessWaiter}, bounded by
 * {@code connectionTimeout}.
 */
public class HybridEndpoint extends ChannelEndpoint {

    /** The paper's figure: ten workers serve an e-commerce site when nobody waits on a thread. */
    static final int DEFAULT_MAX_THREADS = 10;

    private static final Log log = LogFactory.getLog(HybridEndpoint.class);
    private static final StringManager sm = StringManager.getManager(HybridEndpoint.class);

    /** How many lengthy paths the {@code lengthyPaths} attribute lists: enough to see the pattern. */
    private static final int LENGTHY_PATHS_SHOWN = 20;

    /** How often a waiting acceptor re-asks a policy whose answer may change with time alone. */
    private static final long ADMISSION_RECHECK_MILLIS = 100;

    private final WorkLoad workLoad = new WorkLoad(DEFAULT_MAX_THREADS);
    private volatile AdmissionPolicy admissionPolicy = new BusyWorkersAdmission();
    private long lengthyThresholdMillis = -1;
    private int lengthyMinReserve = 2;
    private boolean adaptiveWorkers;
    private int minWorkers = 2;
    private volatile WorkerPools workerPools;
    private volatile SelectorLoop selectorLoop;
    private volatile Thread selectorThread;
    private volatile ReadinessWaiter.Pool waiters;
    private volatile BufferPool bufferPool;

    public HybridEndpoint() {
        setMaxThreads(DEFAULT_MAX_THREADS);
        setMinSpareThreads(DEFAULT_MAX_THREADS);
        setUseSendfile(true);
    }

    /**
     * Large static files go from the file to the socket by the kernel, and the selector finishes
     * what a slow client does not take at once, so a worker is held for no longer than it takes to
     * start the transfer. Not under TLS: the bytes must pass through the TLS engine, so the worker
     * writes them as any response body.
     */
    @Override
    public boolean getUseSendfile() {
        return super.getUseSendfile() && !isSSLEnabled();
    }

    // ------------------------------------------------------------ configuration

    public AdmissionPolicy getAdmissionPolicy() {
        return admissionPolicy;
    }

    public void setAdmissionPolicy(AdmissionPolicy admissionPolicy) {
        this.admissionPolicy = admissionPolicy;
        workLoad.wakeAcceptor();
    }

    /** The quick/lengthy cut-off in milliseconds of average service time; -1 (the default) for one pool. */
    public long getLengthyThresholdMillis() {
        return lengthyThresholdMillis;
    }

    public void setLengthyThresholdMillis(long lengthyThresholdMillis) {
        this.lengthyThresholdMillis = lengthyThresholdMillis;
    }

    public int getLengthyMinReserve() {
        return lengthyMinReserve;
    }

    public void setLengthyMinReserve(int lengthyMinReserve) {
        this.lengthyMinReserve = lengthyMinReserve;
    }

    public boolean isAdaptiveWorkers() {
        return adaptiveWorkers;
    }

    public void setAdaptiveWorkers(boolean adaptiveWorkers) {
        this.adaptiveWorkers = adaptiveWorkers;
    }

    public int getMinWorkers() {
        return minWorkers;
    }

    public void setMinWorkers(int minWorkers) {
        this.minWorkers = minWorkers;
    }

    WorkLoad getWorkLoad() {
        return workLoad;
    }

    SelectorLoop getSelectorLoop() {
        return selectorLoop;
    }

    ReadinessWaiter.Pool getWaiters() {
        return waiters;
    }

    BufferPool getBufferPool() {
        return bufferPool;
    }

    // ------------------------------------------------------------- statistics

    /** Connections parked in the selector: the {@code keepAliveCount} of Tomcat's ThreadPool bean. */
    public int getKeepAliveCount() {
        SelectorLoop loop = selectorLoop;
        return loop == null ? 0 : loop.parkedCount();
    }

    /** Connections parked in the selector, idle or with a request head on its way. */
    public int getParkedCount() {
        return getKeepAliveCount();
    }

    /** Requests whose head is complete, waiting for a free worker. */
    public int getReadyCount() {
        return workLoad.ready();
    }

    /** Accepted connections whose first bytes have not arrived yet. */
    public int getFreshCount() {
        return workLoad.fresh();
    }

    /** How many times admission control made the acceptor wait before taking in a connection. */
    public long getHeldBackCount() {
        return workLoad.heldBackCount();
    }

    /** Whether admission control holds the acceptor back now. */
    public boolean isAcceptorHeldBack() {
        return workLoad.isAcceptorWaiting();
    }

    /** General workers allowed now: {@code maxThreads}, or the adaptive count. */
    public int getWorkerCount() {
        WorkerPools pools = workerPools;
        return pools == null ? workerCapacity() : pools.generalCapacity();
    }

    /** Spare general workers lengthy requests leave to quick ones now; -1 with one pool. */
    public int getLengthyReserve() {
        WorkerPools pools = workerPools;
        return pools == null ? -1 : pools.reserve();
    }

    /** The request paths counted lengthy now, slowest first, with their averages; empty with one pool. */
    public String getLengthyPaths() {
        WorkerPools pools = workerPools;
        ServiceTimes times = pools == null ? null : pools.serviceTimes();
        return times == null ? "" : times.describeLengthy(LENGTHY_PATHS_SHOWN);
    }

    WorkerPools getWorkerPools() {
        return workerPools;
    }

    /**
     * Connections closed because they stayed idle past {@code keepAliveTimeout} or
     * {@code connectionTimeout}, or their client took no byte of a file for {@code connectionTimeout}.
     */
    public long getIdleClosedCount() {
        SelectorLoop loop = selectorLoop;
        return loop == null ? 0 : loop.idleClosedCount();
    }

    // -------------------------------------------------------------- lifecycle

    /** An engine for the {@code <SSLHostConfig>} the client's hello asks for by its SNI host name. */
    SSLEngine newSslEngine(String hostName, TLSClientHelloExtractor hello) {
        ExtractorResult result = hello.getResult();
        boolean parsed = result == ExtractorResult.COMPLETE || result == ExtractorResult.NOT_PRESENT;
        return createSSLEngine(hostName, parsed ? hello.getClientRequestedCiphers() : List.of(),
                result == ExtractorResult.COMPLETE ? hello.getClientRequestedApplicationProtocols() : null,
                hello.getClientRequestedProtocols(), parsed ? hello.getClientSupportedGroups() : null,
                parsed ? hello.getClientSignatureSchemes() : null);
    }

    @Override
    public void startInternal() throws Exception {
        if (running) {
            return;
        }
        running = true;
        paused = false;
        if (getExecutor() == null) {
            createExecutor();
        }
        workerPools = new WorkerPools(this, workLoad, workerCapacity(), lengthyThresholdMillis, lengthyMinReserve,
                adaptiveWorkers ? minWorkers : -1);
        initializeConnectionLatch();
        waiters = new ReadinessWaiter.Pool();
        // Enough idle buffer sets for every worker's connection to come back and go out again.
        bufferPool = new BufferPool(getSocketProperties(), 4 * workerCapacity() + 64);
        selectorLoop = new SelectorLoop(this);
        Thread thread = new Thread(selectorLoop, getName() + "-Selector");
        thread.setDaemon(true);
        thread.start();
        selectorThread = thread;
        startAcceptorThread();
    }

    /**
     * Pausing released the connection latch (to free an acceptor waiting on it); a new one makes
     * {@code maxConnections} apply again, counting the connections that stayed open meanwhile.
     */
    @Override
    public void resume() {
        if (running && paused && getMaxConnections() != -1) {
            org.apache.tomcat.util.threads.LimitLatch latch = initializeConnectionLatch();
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

    @Override
    public void pause() {
        super.pause();
        workLoad.wakeAcceptor();
    }

    /**
     * Stops without losing a request: the acceptor stops, parked connections close at once, and
     * the requests workers have started run to their end, for up to
     * {@code executorTerminationTimeoutMillis}; their connections are then closed, not parked.
     */
    @Override
    public void stopInternal() throws Exception {
        if (!paused) {
            pause();
        }
        if (!running) {
            return;
        }
        running = false;
        workLoad.wakeAcceptor();
        acceptor.stopMillis(100 + 2 * getSocketProperties().getUnlockTimeout());
        SelectorLoop loop = selectorLoop;
        loop.drain();
        awaitWorkersIdle(getExecutorTerminationTimeoutMillis());
        workerPools.shutdown();
        shutdownExecutor();
        loop.halt();
        selectorThread.join(TimeUnit.SECONDS.toMillis(5));
        for (SocketWrapperBase<SocketChannel> connection : connections.values()) {
            connection.close();
        }
        waiters.close();
    }

    private void awaitWorkersIdle(long timeoutMillis) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
        while (responsesInFlight() > 0 && deadline - System.nanoTime() > 0) {
            Thread.sleep(10);
        }
        if (responsesInFlight() > 0) {
            log.warn(sm.getString("endpoint.stopWithRequestsInFlight", getName(),
                    Integer.valueOf(workLoad.running()), Integer.valueOf(selectorLoop.transferCount()),
                    Long.valueOf(timeoutMillis)));
        }
    }

    /** Requests queued or running, and files the selector is still sending: responses begun. */
    private int responsesInFlight() {
        return workLoad.running() + workLoad.ready() + selectorLoop.transferCount();
    }

    // ------------------------------------------------------- the acceptor's side

    /**
     * Called by the acceptor before each {@code accept()}: first the admission policy, then
     * {@code maxConnections}. Admission comes first so that the acceptor holds no connection slot
     * while it waits.
     */
    @Override
    protected void countUpOrAwaitConnection() throws InterruptedException {
        workLoad.awaitAdmission(admissionPolicy, () -> running && !paused, ADMISSION_RECHECK_MILLIS);
        super.countUpOrAwaitConnection();
    }

    @Override
    protected boolean setSocketOptions(SocketChannel channel) {
        HybridSocketWrapper connection = null;
        try {
            channel.configureBlocking(false);
            getSocketProperties().setProperties(channel.socket());
            // Buffers come with the first bytes: a connection that never speaks never holds any.
            connection = new HybridSocketWrapper(channel, this, BufferPool.NONE);
            connections.put(channel, connection);
            connection.setKeepAliveLeft(getMaxKeepAliveRequests());
            connection.setReadTimeout(getConnectionTimeout());
            connection.setWriteTimeout(getConnectionTimeout());
            workLoad.connectionAccepted();
            if (admissionPolicy.placePerConnection()) {
                // The acceptor's admission gave this connection a session place.
                connection.holdSession();
            }
            selectorLoop.register(connection);
            return true;
        } catch (Throwable t) {
            ExceptionUtils.handleThrowable(t);
            log.error(sm.getString("endpoint.socketOptionsFailed"), t);
            if (connection == null) {
                destroySocket(channel);
            }
            return false;
        }
    }

    void forget(SocketChannel channel) {
        connections.remove(channel);
    }

    // ------------------------------------------------------- the workers' side

    /**
     * Hands a connection to the worker pool (or, with {@code dispatch == false}, serves it on the
     * calling thread), counting it as ready work until a worker picks it up.
     */
    @Override
    public boolean processSocket(SocketWrapperBase<SocketChannel> connection, SocketEvent event, boolean dispatch) {
        if (connection == null) {
            return false;
        }
        return submit(connection, event, null, dispatch);
    }

    /**
     * The selector's hand-over of a connection whose request head has arrived whole: the admission
     * policy may turn a new session away here, before any worker is spent on it, and the request's
     * path picks its worker pool.
     *
     * @return {@code false} if the connection must be closed
     */
    boolean serveHead(HybridSocketWrapper connection) {
        ByteBuffer head = connection.getSocketBufferHandler().getReadBuffer();
        boolean first = connection.beginRequest();
        AdmissionPolicy policy = admissionPolicy;
        if (!policy.admitsRequest(new PeekedRequest(connection, head, first))) {
            try {
                OverloadResponse.send(connection, policy.retryAfterSeconds());
            } catch (IOException e) {
                logDebug("Turning " + connection + " away failed", e);
            }
            return false;
        }
        return submit(connection, SocketEvent.OPEN_READ, workerPools.wantsPaths() ? HeadPeek.path(head) : null, true);
    }

    private boolean submit(SocketWrapperBase<SocketChannel> connection, SocketEvent event, String path,
            boolean dispatch) {
        WorkerPools pools = workerPools;
        Executor executor = pools == null ? getExecutor() : pools.route(path);
        WorkQueue queue = pools == null ? WorkQueue.GENERAL : pools.queueOf(executor);
        AdmissionPolicy policy = admissionPolicy;
        long queuedAt = System.nanoTime();
        ServeTask task = new ServeTask(connection, event);
        Runnable counted = () -> {
            long startedAt = System.nanoTime();
            workLoad.requestStarted();
            policy.requestStarted(queue, queuedAt, startedAt);
            try {
                task.run();
            } finally {
                if (pools != null) {
                    pools.finished(executor, path, System.nanoTime() - startedAt);
                }
                workLoad.requestFinished();
            }
        };
        workLoad.requestQueued();
        policy.requestQueued(queue, queuedAt);
        try {
            if (dispatch && executor != null) {
                executor.execute(counted);
            } else {
                counted.run();
            }
            return true;
        } catch (RejectedExecutionException e) {
            workLoad.requestDropped();
            policy.requestDropped(queue, queuedAt);
            if (pools != null) {
                pools.finished(executor, null, 0);
            }
            log.warn(sm.getString("endpoint.executorRejected", connection), e);
            return false;
        }
    }

    /** Whether a policy measures over time, so the selector must tick at least every 100 ms. */
    boolean needsTicks() {
        WorkerPools pools = workerPools;
        return admissionPolicy.measuresOverTime() || (pools != null && pools.measuresOverTime());
    }

    /** The selector thread's clock, for policies that measure over time. */
    void tick(long now) {
        admissionPolicy.tick(now, workLoad);
        WorkerPools pools = workerPools;
        if (pools != null) {
            pools.tick(now);
        }
    }

    @Override
    protected SocketProcessorBase<SocketChannel> createSocketProcessor(SocketWrapperBase<SocketChannel> connection,
            SocketEvent event) {
        return new ServeTask(connection, event);
    }

    /** One worker's turn with a connection: Coyote serves what has arrived, then the connection goes back. */
    private final class ServeTask extends SocketProcessorBase<SocketChannel> {

        ServeTask(SocketWrapperBase<SocketChannel> connection, SocketEvent event) {
            super(connection, event);
        }

        @Override
        protected void doRun() {
            HybridSocketWrapper connection = (HybridSocketWrapper) socketWrapper;
            if (!connection.isHandshakeComplete()) {
                advanceHandshake(connection);
                return;
            }
            SocketState state = SocketState.CLOSED;
            connection.beginServing();
            try {
                state = getHandler().process(connection, event);
            } catch (Throwable t) {
                ExceptionUtils.handleThrowable(t);
                log.error(sm.getString("endpoint.processingFailed", connection), t);
            } finally {
                connection.endServing(state);
            }
            if (state == SocketState.CLOSED) {
                connection.close();
            }
        }
    }

    /**
     * Runs the next step of a TLS handshake on this worker: CPU work only. The connection goes back
     * to the selector whenever the client has to speak first, and once the handshake is done, to
     * wait for its first request head like any connection.
     */
    private void advanceHandshake(HybridSocketWrapper connection) {
        switch (connection.handshake()) {
            case 0 -> selectorLoop.awaitHead(connection);
            case SelectionKey.OP_READ -> selectorLoop.awaitData(connection);
            case SelectionKey.OP_WRITE -> selectorLoop.awaitWrite(connection);
            default -> connection.close();
        }
    }

    // ------------------------------------------------------------------ logging

    @Override
    protected Log getLog() {
        return log;
    }

    void logError(String message, Throwable t) {
        log.error(message, t);
    }
}
