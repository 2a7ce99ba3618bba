package org.hybridconnector;

import java.nio.channels.SocketChannel;

import org.apache.coyote.http11.AbstractHttp11Protocol;
import org.apache.juli.logging.Log;
import org.apache.catalina.util.ServerInfo;
import org.apache.juli.logging.LogFactory;
import org.hybridconnector.admission.AdmissionPolicy;

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
 * The attributes a hybrid deployment tunes are validated here: a bad value fails start-up with a
 * message naming the attribute (see {@link AttributeErrors}). Every other attribute of Tomcat's
 * HTTP/1.1 connectors is accepted as Tomcat accepts it.
 */
public class HybridProtocol extends AbstractHttp11Protocol<SocketChannel> {

    private static final Log log = LogFactory.getLog(HybridProtocol.class);

    private final AttributeErrors attributeErrors = new AttributeErrors();

    public HybridProtocol() {
        super(new HybridEndpoint());
    }

    private HybridEndpoint endpoint() {
        return (HybridEndpoint) getEndpoint();
    }

    /** The Tomcat line whose Coyote internals the connector is built against. */
    static final String SUPPORTED_TOMCAT = "11.0.";

    @Override
    public void init() throws Exception {
        requireSupportedTomcat(ServerInfo.getServerNumber());
        attributeErrors.throwIfAny();
        super.init();
    }

    /**
     * Coyote's endpoint classes are internal API and change between Tomcat lines; on another line
     * the connector would fail later with an {@code AbstractMethodError}. Say so plainly instead.
     */
    static void requireSupportedTomcat(String serverNumber) {
        if (!serverNumber.startsWith(SUPPORTED_TOMCAT)) {
            throw new IllegalStateException("The hybrid connector supports Apache Tomcat " + SUPPORTED_TOMCAT +
                    "x only, and this is Apache Tomcat " + serverNumber +
                    ": use a build of the connector made for this Tomcat line");
        }
    }

    @Override
    protected Log getLog() {
        return log;
    }

    @Override
    protected String getNamePrefix() {
        return isSSLEnabled() ? "https-hybrid" : "http-hybrid";
    }

    // ------------------------------------------------- validated attributes

    public void setPort(String value) {
        attributeErrors.parseInt("port", value, 0, 65535, false, this::setPort);
    }

    public void setAddress(String value) {
        attributeErrors.parseAddress("address", value, this::setAddress);
    }

    public void setMaxThreads(String value) {
        attributeErrors.parseInt("maxThreads", value, 1, 100_000, false, this::setMaxThreads);
    }

    public void setMinSpareThreads(String value) {
        attributeErrors.parseInt("minSpareThreads", value, 0, 100_000, false, this::setMinSpareThreads);
    }

    public void setMaxConnections(String value) {
        attributeErrors.parseInt("maxConnections", value, 1, Integer.MAX_VALUE, true, this::setMaxConnections);
    }

    public void setAcceptCount(String value) {
        attributeErrors.parseInt("acceptCount", value, 0, 65535, false, this::setAcceptCount);
    }

    public void setConnectionTimeout(String value) {
        attributeErrors.parseInt("connectionTimeout", value, 1, Integer.MAX_VALUE, true, this::setConnectionTimeout);
    }

    public void setKeepAliveTimeout(String value) {
        attributeErrors.parseInt("keepAliveTimeout", value, 1, Integer.MAX_VALUE, true, this::setKeepAliveTimeout);
    }

    public void setMaxKeepAliveRequests(String value) {
        attributeErrors.parseInt("maxKeepAliveRequests", value, 1, Integer.MAX_VALUE, true,
                this::setMaxKeepAliveRequests);
    }

    public void setMaxHttpHeaderSize(String value) {
        attributeErrors.parseInt("maxHttpHeaderSize", value, 256, 1 << 20, false, this::setMaxHttpHeaderSize);
    }

    /** {@code busyWorkers} (the paper's rule, the default) or {@code none}. */
    public void setAdmissionPolicy(String value) {
        try {
            endpoint().setAdmissionPolicy(AdmissionPolicy.named(value));
        } catch (IllegalArgumentException e) {
            attributeErrors.reject("admissionPolicy", value, "one of busyWorkers, none");
        }
    }

    public String getAdmissionPolicy() {
        return endpoint().getAdmissionPolicy().name();
    }

    // --------------------------------------------- the hybrid's own figures (JMX)

    /** Connections parked in the selector: idle keep-alive ones and those whose head is on its way. */
    public int getParkedCount() {
        return endpoint().getParkedCount();
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

    /** Connections closed because they stayed idle past their time-out. */
    public long getIdleClosedCount() {
        return endpoint().getIdleClosedCount();
    }
}
