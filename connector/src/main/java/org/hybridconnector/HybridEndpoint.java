package org.hybridconnector;

import java.net.InetSocketAddress;
import java.nio.channels.SocketChannel;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

import org.apache.coyote.Adapter;
import org.apache.juli.logging.Log;
import org.apache.juli.logging.LogFactory;
import org.apache.tomcat.util.ExceptionUtils;
import org.apache.tomcat.util.net.SocketEvent;
import org.apache.tomcat.util.net.SocketProcessorBase;
import org.apache.tomcat.util.net.SocketWrapperBase;
import org.apache.tomcat.util.res.StringManager;
import org.hybridconnector.admission.AcceptorGate;
import org.hybridconnector.admission.AdmissionPolicy;
import org.hybridconnector.admission.BusyWorkersAdmission;
import org.hybridconnector.admission.ConnectionGate;
import org.hybridconnector.admission.Permit;
import org.hybridconnector.admission.WorkLoad;
import org.hybridconnector.cache.ResponseCache;

/**
 * The hybrid endpoint's lifecycle and wiring: one acceptor thread (Tomcat's own
 * {@code Acceptor}, held at the {@link AcceptorGate} by the admission policy), one
 * {@link SelectorLoop} thread that parks every connection waiting for its client, a
 * {@link Dispatcher} that hands complete requests to a small pool of workers
 * ({@link WorkerPools}), and the {@link ConnectorStatistics} behind its JMX figures. The path of
 * a request through them is told in this package's {@code package-info.java}.
 * <p>
 * Channels stay non-blocking for their whole life; a worker that must wait for a request body or
 * a slow reader waits on a {@link ReadinessWaiter}, bounded by {@code connectionTimeout}. Coyote's
 * asynchronous vectored I/O ({@code useAsyncIO}, on by default as on stock NIO) waits for the
 * socket in the selector and goes on on a worker ({@link VectoredSocketWrapper}).
 * <p>
 * Threads: the server's thread configures, starts and stops it; the acceptor runs
 * {@link #countUpOrAwaitConnection()} and {@link #setSocketOptions}; the selector thread, workers
 * and Tomcat's utility threads call {@link #processSocket} (Coyote's async path); JMX reads the
 * figures from any thread. The running pieces are created on start and published through
 * volatile fields.
 */
public class HybridEndpoint extends ChannelEndpoint {

    /** The paper's figure: ten workers serve an e-commerce site when nobody waits on a thread. */
    static final int DEFAULT_MAX_THREADS = 10;

    private static final Log log = LogFactory.getLog(HybridEndpoint.class);
    private static final StringManager sm = StringManager.getManager(HybridEndpoint.class);

    /** How often a waiting acceptor re-asks a gate whose answer may change while no work ends. */
    private static final long ADMISSION_RECHECK_MILLIS = 100;

    private final WorkLoad workLoad = new WorkLoad(DEFAULT_MAX_THREADS);
    private final AcceptorGate acceptorGate = new AcceptorGate(workLoad);
    private final ConnectorStatistics statistics = new ConnectorStatistics(workLoad, acceptorGate,
            this::idleWorkerCount);
    private volatile AdmissionPolicy admissionPolicy = new BusyWorkersAdmission();
    private long lengthyThresholdMillis = -1;
    private int lengthyMinReserve = 2;
    private boolean adaptiveWorkers;
    private int minWorkers = 2;
    /** The protocol's rules for request heads, for each connection's head scanner. */
    private volatile HeadRules headRules = HeadRules.DEFAULTS;

    // The running pieces, made on start.
    private volatile AdmissionPolicy activePolicy = admissionPolicy;
    private volatile WorkerPools workerPools;
    private volatile Parks parks;
    private volatile Dispatcher dispatcher;
    private volatile SelectorLoop selectorLoop;
    private volatile Thread selectorThread;
    private volatile ReadinessWaiter.Pool waiters;
    private volatile BufferPool bufferPool;
    /** Reports what the selector answers itself; made on the first start, kept for the endpoint's life. */
    private volatile SelfServedLog selfServed;
    /** The response cache, or {@code null} while it is off, and whether hits carry {@code Keep-Alive}. */
    private volatile ResponseCache responseCache;
    private volatile boolean keepAliveField = true;
    private volatile Accelerator accelerator;
    /** Where HAProxy's agent checks are answered ({@code agentPort}), or {@code null}. */
    private volatile InetSocketAddress agentAddress;
    /** Catalina's adapter, as the protocol handler has it: set by the protocol. */
    private volatile Supplier<Adapter> adapter = () -> null;
    /** The gate that let in the connection about to be accepted, or null: acceptor thread only. */
    private ConnectionGate admittingGate;

    public HybridEndpoint() {
        setMaxThreads(DEFAULT_MAX_THREADS);
        setMinSpareThreads(DEFAULT_MAX_THREADS);
        setUseSendfile(true);
        // As on stock NIO: the selector waits for the socket of an asynchronous operation.
        setUseAsyncIO(true);
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

    /** Takes effect when the endpoint next starts. */
    public void setAdmissionPolicy(AdmissionPolicy admissionPolicy) {
        this.admissionPolicy = admissionPolicy;
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

    /** The response cache from the next start ({@code null}: off); {@code useKeepAliveResponseHeader}. */
    void setResponseCache(ResponseCache cache, boolean keepAliveField) {
        this.responseCache = cache;
        this.keepAliveField = keepAliveField;
    }

    /** Called by the protocol once it has built its parser, before the endpoint starts. */
    void setHeadRules(HeadRules headRules) {
        this.headRules = headRules;
    }

    public void setMinWorkers(int minWorkers) {
        this.minWorkers = minWorkers;
    }

    /** Where the {@link AdmissionAgent} listens from the next start; {@code null}: nowhere. */
    void setAgentAddress(InetSocketAddress agentAddress) {
        this.agentAddress = agentAddress;
    }

    // ------------------------------------------------------------- statistics

    /** Connections parked in the selector: the {@code keepAliveCount} of Tomcat's ThreadPool bean. */
    public int getKeepAliveCount() {
        return statistics.parkedCount();
    }

    /** Connections parked in the selector, idle or with a request head on its way. */
    public int getParkedCount() {
        return statistics.parkedCount();
    }

    /** Connections half-closed after their last response, waiting for their clients to close. */
    public int getLingeringCount() {
        return statistics.lingeringCount();
    }

    /** Requests whose head is complete, waiting for a free worker. */
    public int getReadyCount() {
        return statistics.readyCount();
    }

    /** Accepted connections whose first bytes have not arrived yet. */
    public int getFreshCount() {
        return statistics.freshCount();
    }

    /** How many times admission control made the acceptor wait before taking in a connection. */
    public long getHeldBackCount() {
        return statistics.heldBackCount();
    }

    /** Whether admission control holds the acceptor back now. */
    public boolean isAcceptorHeldBack() {
        return statistics.isAcceptorHeldBack();
    }

    /** General workers allowed now: {@code maxThreads}, or the adaptive count. */
    public int getWorkerCount() {
        return statistics.workerCount();
    }

    /** Spare general workers lengthy requests leave to quick ones now; -1 with one pool. */
    public int getLengthyReserve() {
        return statistics.lengthyReserve();
    }

    /** The request paths counted lengthy now, slowest first, with their averages; empty with one pool. */
    public String getLengthyPaths() {
        return statistics.lengthyPaths();
    }

    /** Connections closed idle past {@code keepAliveTimeout} or {@code connectionTimeout}, or stalled in a transfer. */
    public long getIdleClosedCount() {
        return statistics.idleClosedCount();
    }

    /** Where the responses the selector writes itself are logged: the protocol's adapter. */
    void setAdapterSource(Supplier<Adapter> adapter) {
        this.adapter = adapter;
    }

    // -------------------------------------------------------------- lifecycle

    @Override
    public void startInternal() throws Exception {
        // Bound first, so that a port in use fails the start before anything runs.
        InetSocketAddress agentAt = running ? null : agentAddress;
        AdmissionAgent newAgent = agentAt == null ? null : AdmissionAgent.open(agentAt, this::roomPercent, log);
        if (!startRunning()) {
            return;
        }
        AdmissionPolicy policy = admissionPolicy;
        activePolicy = policy;
        workerPools = new WorkerPools(this, workLoad, workerCapacity(), lengthyThresholdMillis, lengthyMinReserve,
                adaptiveWorkers ? minWorkers : -1);
        initializeConnectionLatch();
        waiters = new ReadinessWaiter.Pool();
        // Enough idle buffer sets for every worker's connection to come back and go out again.
        bufferPool = new BufferPool(getSocketProperties(), 4 * workerCapacity() + 64);
        parks = new Parks(this);
        if (selfServed == null) {
            Object global = getHandler() == null ? null : getHandler().getGlobal();
            selfServed = new SelfServedLog(adapter, this::getUtilityExecutor, global, isSSLEnabled(), log);
        }
        ResponseCache cache = responseCache;
        accelerator = cache == null ? null : new Accelerator(cache, selfServed, this::getMaxKeepAliveRequests,
                this::getKeepAliveTimeout, keepAliveField, isSSLEnabled() ? this::sniAllows : null);
        dispatcher = new Dispatcher(getHandler(), log, workLoad, policy, workerPools, selfServed, accelerator);
        if (accelerator != null) {
            accelerator.started(getDomain(), getName());
        }
        selectorLoop = new SelectorLoop(getName(), log, parks, policy.clock().and(workerPools), selfServed::flush);
        statistics.started(parks, workerPools);
        if (newAgent != null) {
            selectorLoop.submit(newAgent::register);
        }
        Thread thread = new Thread(selectorLoop, getName() + "-Selector");
        thread.setDaemon(true);
        thread.start();
        selectorThread = thread;
        startAcceptorThread();
    }

    /** General workers an idle connector allows: an adaptive count's minimum, else all of them. */
    private int idleWorkerCount() {
        return adaptiveWorkers ? Math.min(minWorkers, workerCapacity()) : workerCapacity();
    }

    /** Room for new sessions as the agent reports it: none while paused or stopped. */
    private int roomPercent() {
        return running && !paused ? activePolicy.roomPercent(workLoad) : 0;
    }

    @Override
    public void pause() {
        super.pause();
        acceptorGate.wake();
    }

    /**
     * Stops without losing a request: the acceptor stops, parked connections close at once, and
     * the requests workers have started run to their end, for up to
     * {@code executorTerminationTimeoutMillis}; their connections are then closed, not parked.
     */
    @Override
    public void stopInternal() throws Exception {
        if (!stopAccepting()) {
            return;
        }
        SelectorLoop loop = selectorLoop;
        loop.drain();
        awaitWorkersIdle(getExecutorTerminationTimeoutMillis());
        workerPools.shutdown(internalExecutor);
        shutdownExecutor();
        loop.halt();
        selectorThread.join(TimeUnit.SECONDS.toMillis(5));
        closeConnections();
        waiters.close();
        if (accelerator != null) {
            accelerator.stopped();
        }
    }

    private void awaitWorkersIdle(long timeoutMillis) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
        while (responsesInFlight() > 0 && deadline - System.nanoTime() > 0) {
            Thread.sleep(10);
        }
        if (responsesInFlight() > 0) {
            log.warn(sm.getString("endpoint.stopWithRequestsInFlight", getName(),
                    Integer.valueOf(statistics.runningCount()), Integer.valueOf(statistics.transferCount()),
                    Long.valueOf(timeoutMillis)));
        }
    }

    /** Requests queued or running, and files the selector is still sending: responses begun. */
    private int responsesInFlight() {
        return statistics.runningCount() + statistics.readyCount() + statistics.transferCount();
    }

    // ------------------------------------------------------- the acceptor's side

    /**
     * Called by the acceptor before each {@code accept()}: first the admission policy's gate, then
     * {@code maxConnections}. Admission comes first so that the acceptor holds no connection slot
     * while it waits.
     */
    @Override
    protected void countUpOrAwaitConnection() throws InterruptedException {
        ConnectionGate gate = activePolicy.connectionGate();
        admittingGate = acceptorGate.await(gate, () -> running && !paused, ADMISSION_RECHECK_MILLIS) ? gate : null;
        super.countUpOrAwaitConnection();
    }

    /**
     * What the connection just accepted holds from the gate that let it in: taken only now that
     * it exists, since the acceptor may have waited in {@code accept()} long after the gate's yes.
     */
    private Permit takePlace() {
        ConnectionGate gate = admittingGate;
        admittingGate = null;
        return gate != null ? gate.accepted(workLoad) : Permit.none();
    }

    @Override
    protected boolean setSocketOptions(SocketChannel channel) {
        HybridSocketWrapper wrapper = null;
        try {
            configureAccepted(channel);
            Connection connection = new Connection(channel, this, waiters, selectorLoop, parks, dispatcher,
                    bufferPool, headRules);
            wrapper = connection.socketWrapper();
            adopt(channel, wrapper);
            wrapper.permits().holdArrival(workLoad.connectionAccepted());
            wrapper.permits().holdPlace(takePlace());
            connection.register();
            return true;
        } catch (Throwable t) {
            ExceptionUtils.handleThrowable(t);
            log.error(sm.getString("endpoint.socketOptionsFailed"), t);
            if (wrapper == null) {
                destroySocket(channel);
            }
            return false;
        }
    }

    // ------------------------------------------------------- the workers' side

    /**
     * Serves an event Coyote raises (an async completion or dispatch, a time-out) on the worker pool,
     * or with {@code dispatch == false} on the calling thread; a refused one closes the connection.
     */
    @Override
    public boolean processSocket(SocketWrapperBase<SocketChannel> connection, SocketEvent event, boolean dispatch) {
        Dispatcher d = dispatcher;
        if (connection == null || d == null) {
            return false;
        }
        return d.raise(connection, event, dispatch);
    }

    @Override
    protected SocketProcessorBase<SocketChannel> createSocketProcessor(SocketWrapperBase<SocketChannel> connection,
            SocketEvent event) {
        return new ServeTask(connection, event, getHandler(), log);
    }

    @Override
    protected Log getLog() {
        return log;
    }
}
