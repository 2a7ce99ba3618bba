package org.hybridconnector;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.ToLongFunction;

import org.apache.juli.logging.Log;
import org.apache.catalina.util.ServerInfo;
import org.apache.juli.logging.LogFactory;
import org.apache.tomcat.util.res.StringManager;
import org.hybridconnector.admission.AdmissionPolicies;
import org.hybridconnector.admission.SessionAdmission;
import org.hybridconnector.admission.WorkQueue;
import org.hybridconnector.cache.CacheSettings;
import org.hybridconnector.cache.ResponseCache;

/**
 * The hybrid connector's protocol handler: Tomcat's own HTTP/1.1 processing
 * ({@code Http11Processor}: parsing, framing, keep-alive rules, limits, async, JMX beans) over the
 * {@link HybridEndpoint}'s threading model.
 * <p>
 * In {@code server.xml}:
 * <pre>{@code
 * <Connector protocol="org.hybridconnector.HybridProtocol" port="8080"
 *            maxThreads="10" connectionTimeout="20000" />
 * }</pre>
 * Its own attributes (the overload policies, the response cache, the agent port) are checked here
 * as Tomcat's are in {@link CheckedHttp11Protocol}: a bad value fails start-up with a message
 * naming the attribute.
 */
public class HybridProtocol extends CheckedHttp11Protocol {

    private static final Log log = LogFactory.getLog(HybridProtocol.class);
    private static final StringManager sm = StringManager.getManager(HybridProtocol.class);

    private SessionSettings sessionSettings = SessionSettings.DEFAULTS;
    private String admissionPolicyName = "busyWorkers";
    private CacheAttributes cache = CacheAttributes.DEFAULTS;
    private int agentPort = -1;
    private InetAddress agentAddress;

    public HybridProtocol() {
        super(new HybridEndpoint());
        // The responses the selector writes itself go to the access log through the adapter.
        endpoint().setAdapterSource(this::getAdapter);
    }

    private HybridEndpoint endpoint() {
        return (HybridEndpoint) getEndpoint();
    }

    @Override
    public void init() throws Exception {
        SupportedTomcat.require(ServerInfo.getServerNumber());
        super.init();
        ResponseCache responseCache = cache.enabled() ? new ResponseCache(cache.settings()) : null;
        endpoint().setResponseCache(responseCache, getUseKeepAliveResponseHeader());
        if (responseCache != null && getAdapter() != null) {
            // Catalina set its adapter before init; every processor and HTTP/2 stream asks for it after.
            setAdapter(new InvalidatingAdapter(getAdapter(), responseCache));
        }
        endpoint().setAgentAddress(agentPort == -1 ? null
                : new InetSocketAddress(agentAddress != null ? agentAddress : getAddress(), agentPort + getPortOffset()));
        endpoint().setHeadRules(
                new HeadRules(getHttpParser(), this::getMaxHeaderCount, this::getMaxHttpRequestHeaderSize));
    }

    @Override
    protected Log getLog() {
        return log;
    }

    @Override
    protected String getNamePrefix() {
        return isSSLEnabled() ? "https-hybrid" : "http-hybrid";
    }

    // ------------------------------------------------- the hybrid's own attributes

    /** {@code busyWorkers} (the paper's rule, the default), {@code sessions} or {@code none}. */
    public void setAdmissionPolicy(String value) {
        try {
            endpoint().setAdmissionPolicy(AdmissionPolicies.named(value, () -> sessionSettings.build()));
            admissionPolicyName = value.trim();
        } catch (IllegalArgumentException e) {
            attributeErrors().reject("admissionPolicy", value, sm.getString("attributes.oneOf", AdmissionPolicies.NAMES));
        }
    }

    public String getAdmissionPolicy() {
        return endpoint().getAdmissionPolicy().name();
    }

    /** {@code sessions}: the queueing delay, in ms, above which the server counts as overloaded. */
    public void setAdmissionTargetMillis(String value) {
        attributeErrors().parseInt("admissionTargetMillis", value, 1, 600_000, false,
                v -> sessionSettings = sessionSettings.withTargetMillis(v.intValue()));
    }

    public int getAdmissionTargetMillis() {
        return sessionSettings.targetMillis();
    }

    /** {@code sessions}: {@code backlog} (the default) or {@code reject} (503 with Retry-After). */
    public void setTurnAway(String value) {
        attributeErrors().parseChoice("turnAway", value, SessionAdmission.TurnAway.class, "backlog, reject",
                v -> sessionSettings = sessionSettings.withTurnAway(v));
    }

    public String getTurnAway() {
        return sessionSettings.turnAway().name().toLowerCase(Locale.ROOT);
    }

    /** {@code sessions}: {@code connection} (the default) or {@code cookie}. */
    public void setNewSessionBy(String value) {
        attributeErrors().parseChoice("newSessionBy", value, SessionAdmission.NewSessionBy.class, "connection, cookie",
                v -> sessionSettings = sessionSettings.withNewSessionBy(v));
    }

    public String getNewSessionBy() {
        return sessionSettings.newSessionBy().name().toLowerCase(Locale.ROOT);
    }

    /** {@code sessions} with {@code newSessionBy="cookie"}: the session cookie's name. */
    public void setSessionCookieName(String value) {
        attributeErrors().parseToken("sessionCookieName", value,
                v -> sessionSettings = sessionSettings.withCookieName(v));
    }

    public String getSessionCookieName() {
        return sessionSettings.cookieName();
    }

    /** The quick/lengthy cut-off, in ms of average service time; -1 (the default) for one worker pool. */
    public void setLengthyThresholdMillis(String value) {
        attributeErrors().parseInt("lengthyThresholdMillis", value, 0, 3_600_000, true,
                v -> endpoint().setLengthyThresholdMillis(v.longValue()));
    }

    public long getLengthyThresholdMillis() {
        return endpoint().getLengthyThresholdMillis();
    }

    /** The least spare general workers lengthy requests leave to quick ones (default 2). */
    public void setLengthyMinReserve(String value) {
        attributeErrors().parseInt("lengthyMinReserve", value, 0, 100_000, false,
                v -> endpoint().setLengthyMinReserve(v.intValue()));
    }

    public int getLengthyMinReserve() {
        return endpoint().getLengthyMinReserve();
    }

    /** Whether the worker count adapts between {@code minWorkers} and {@code maxThreads} (default false). */
    public void setAdaptiveWorkers(String value) {
        attributeErrors().parseBoolean("adaptiveWorkers", value, v -> endpoint().setAdaptiveWorkers(v.booleanValue()));
    }

    public boolean getAdaptiveWorkers() {
        return endpoint().isAdaptiveWorkers();
    }

    /** The adaptive worker count's minimum (default 2). */
    public void setMinWorkers(String value) {
        attributeErrors().parseInt("minWorkers", value, 1, 100_000, false, v -> endpoint().setMinWorkers(v.intValue()));
    }

    public int getMinWorkers() {
        return endpoint().getMinWorkers();
    }

    /** The port on which HAProxy's agent checks are answered with this node's admission state; -1 (the default): none. */
    public void setAgentPort(String value) {
        attributeErrors().parseInt("agentPort", value, 1, 65535, true, v -> agentPort = v.intValue());
    }

    public int getAgentPort() {
        return agentPort;
    }

    /** The address the agent port is bound to; by default the connector's {@code address}. */
    public void setAgentAddress(String value) {
        attributeErrors().parseAddress("agentAddress", value, v -> agentAddress = v);
    }

    public String getAgentAddress() {
        return agentAddress == null ? null : agentAddress.getHostAddress();
    }

    /** Whether the selector answers from a cache of responses (default false). */
    public void setResponseCache(String value) {
        attributeErrors().parseBoolean("responseCache", value, v -> cache = cache.withEnabled(v.booleanValue()));
    }

    public boolean getResponseCache() {
        return cache.enabled();
    }

    /** The response cache's bound on the bytes of all its entries (default 64 MiB). */
    public void setResponseCacheSize(String value) {
        attributeErrors().parseInt("responseCacheSize", value, 1024, Integer.MAX_VALUE, false,
                v -> cache = cache.withMaxBytes(v.intValue()));
    }

    public int getResponseCacheSize() {
        return cache.maxBytes();
    }

    /** The largest body the cache stores, in bytes (default 1 MiB, or {@code responseCacheSize} if smaller). */
    public void setResponseCacheMaxObjectSize(String value) {
        attributeErrors().parseInt("responseCacheMaxObjectSize", value, 0, Integer.MAX_VALUE - 8, false,
                v -> cache = cache.withMaxObjectBytes(v.intValue()));
    }

    public int getResponseCacheMaxObjectSize() {
        return cache.maxObjectBytesOrDefault();
    }

    /** The static media types, {@code type/subtype} or {@code type/*}, comma-separated. */
    public void setResponseCacheStaticTypes(String value) {
        attributeErrors().given("responseCacheStaticTypes");
        List<String> types = Arrays.stream(value.split(",")).map(String::trim).filter(t -> !t.isEmpty()).toList();
        if (!types.stream().allMatch(CacheSettings::isMediaRange)) {
            attributeErrors().reject("responseCacheStaticTypes", value, sm.getString("attributes.mediaTypes"));
            return;
        }
        cache = cache.withStaticTypes(types);
    }

    public String getResponseCacheStaticTypes() {
        return String.join(",", cache.staticTypes());
    }

    /** The longest freshness a static type gets from its {@code Last-Modified} alone, in seconds (default 86400). */
    public void setResponseCacheMaxHeuristicSeconds(String value) {
        attributeErrors().parseInt("responseCacheMaxHeuristicSeconds", value, 0, Integer.MAX_VALUE, false,
                v -> cache = cache.withMaxHeuristicSeconds(v.intValue()));
    }

    public int getResponseCacheMaxHeuristicSeconds() {
        return cache.maxHeuristicSeconds();
    }

    /**
     * Checks the attributes that depend on one another, once all are read, and builds the
     * {@code sessions} policy from its final settings (its attributes may follow
     * {@code admissionPolicy} in {@code server.xml}).
     */
    @Override
    void checkCombinedAttributes() {
        boolean adaptive = endpoint().isAdaptiveWorkers();
        attributeErrors().require(!adaptive || getExecutor() == null, "adaptiveWorkers",
                sm.getString("attributes.adaptiveNeedsOwnPool"));
        attributeErrors().require(!adaptive || getExecutor() != null || endpoint().getMinWorkers() <= getMaxThreads(),
                "minWorkers",
                sm.getString("attributes.minWorkersOverMax", Integer.toString(endpoint().getMinWorkers()),
                        Integer.toString(getMaxThreads())));
        // The general pool's size: a shared <Executor>'s maxThreads, as getMaxThreads() gives -1 then.
        int reserve = endpoint().getLengthyMinReserve();
        int pool = endpoint().workerCapacity();
        attributeErrors().require(endpoint().getLengthyThresholdMillis() < 0 || reserve <= pool - 2,
                "lengthyMinReserve", sm.getString("attributes.reserveOverPool", Integer.toString(reserve),
                        Integer.toString(pool)));
        attributeErrors().require(!cache.enabled() || cache.maxObjectBytesOrDefault() <= cache.maxBytes(), "responseCacheMaxObjectSize",
                sm.getString("attributes.objectOverCacheSize", Integer.toString(cache.maxObjectBytesOrDefault()),
                        Integer.toString(cache.maxBytes())));
        attributeErrors().require(agentPort + getPortOffset() <= 65535, "agentPort", sm.getString(
                "attributes.agentPortOverOffset", Integer.toString(getPortOffset()), Integer.toString(agentPort + getPortOffset())));
        boolean sessions = "sessions".equalsIgnoreCase(admissionPolicyName);
        if (sessions) {
            endpoint().setAdmissionPolicy(sessionSettings.build());
        }
        warnOfIgnoredAttributes(sessions, adaptive);
    }

    /** Attributes that only mean something beside another: given without it, a warning names them. */
    private void warnOfIgnoredAttributes(boolean sessions, boolean adaptive) {
        AttributeErrors attributes = attributeErrors();
        attributes.ignoredUnless(sessions, "admissionPolicy=\"sessions\"", "admissionTargetMillis", "turnAway",
                "newSessionBy", "sessionCookieName");
        attributes.ignoredUnless(!sessions || sessionSettings.newSessionBy() == SessionAdmission.NewSessionBy.COOKIE,
                "newSessionBy=\"cookie\"", "sessionCookieName");
        attributes.ignoredUnless(endpoint().getLengthyThresholdMillis() >= 0, "lengthyThresholdMillis",
                "lengthyMinReserve");
        attributes.ignoredUnless(adaptive, "adaptiveWorkers=\"true\"", "minWorkers");
        attributes.ignoredUnless(agentPort != -1, "agentPort", "agentAddress");
        attributes.ignoredUnless(cache.enabled(), "responseCache=\"true\"", "responseCacheSize",
                "responseCacheMaxObjectSize", "responseCacheStaticTypes", "responseCacheMaxHeuristicSeconds");
    }

    // --------------------------------------------- the hybrid's own figures (JMX)

    /** Connections parked in the selector: idle keep-alive ones and those whose head is on its way. */
    public int getParkedCount() {
        return endpoint().getParkedCount();
    }

    /** Connections half-closed after their last response, waiting for their clients to close. */
    public int getLingeringCount() {
        return endpoint().getLingeringCount();
    }

    /** Requests whose head is complete, waiting for a free worker. */
    public int getReadyCount() {
        return endpoint().getReadyCount();
    }

    /** How many times admission control held the acceptor back. */
    public long getHeldBackCount() {
        return endpoint().getHeldBackCount();
    }

    /** Whether admission control holds the acceptor back now. */
    public boolean isAcceptorHeldBack() {
        return endpoint().isAcceptorHeldBack();
    }

    /** General workers allowed now: {@code maxThreads}, or what the adaptive count allows. */
    public int getWorkerCount() {
        return endpoint().getWorkerCount();
    }

    /** Spare general workers lengthy requests leave to quick ones now; -1 with one worker pool. */
    public int getLengthyReserve() {
        return endpoint().getLengthyReserve();
    }

    /** The request paths counted lengthy now, slowest first, with their average service times. */
    public String getLengthyPaths() {
        return endpoint().getLengthyPaths();
    }

    /** {@code sessions}: new sessions let in so far. */
    public long getAdmittedSessionCount() {
        return sessionFigure(SessionAdmission::admittedCount);
    }

    /** {@code sessions}: new sessions answered with 503 so far ({@code turnAway="reject"}). */
    public long getTurnedAwayCount() {
        return sessionFigure(SessionAdmission::turnedAwayCount);
    }

    /** {@code sessions}: sessions in progress (holding a place) now. */
    public int getSessionsInProgress() {
        return (int) sessionFigure(SessionAdmission::sessionsInProgress);
    }

    /** {@code sessions}: sessions allowed in progress now; -1 while admission is open. */
    public int getSessionLimit() {
        return (int) sessionFigure(SessionAdmission::sessionLimit);
    }

    /** {@code sessions}: the mean time requests waited for a general worker over the last half-second window. */
    public long getGeneralQueueDelayMillis() {
        return sessionFigure(s -> s.queueDelayMillis(WorkQueue.GENERAL));
    }

    /** {@code sessions}: the same for the lengthy pool; 0 with one pool. */
    public long getLengthyQueueDelayMillis() {
        return sessionFigure(s -> s.queueDelayMillis(WorkQueue.LENGTHY));
    }

    /** Connections closed because they stayed idle past their time-out. */
    public long getIdleClosedCount() {
        return endpoint().getIdleClosedCount();
    }

    /** One of session admission's figures, or -1 under another admission policy. */
    private long sessionFigure(ToLongFunction<SessionAdmission> figure) {
        return endpoint().getAdmissionPolicy() instanceof SessionAdmission s ? figure.applyAsLong(s) : -1;
    }
}
