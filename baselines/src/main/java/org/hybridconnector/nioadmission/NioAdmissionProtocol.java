package org.hybridconnector.nioadmission;

import org.apache.coyote.http11.AbstractHttp11Protocol;
import org.apache.juli.logging.Log;
import org.apache.juli.logging.LogFactory;
import org.apache.tomcat.util.net.Acceptor.AcceptorState;
import org.apache.tomcat.util.net.NioChannel;

/**
 * Tomcat's stock NIO connector with the paper's plain admission rule (see
 * {@link NioAdmissionEndpoint}): the benchmark's {@code nio-admission} variant, which tells how
 * much of the hybrid's result the admission rule alone buys.
 * <pre>{@code
 * <Connector protocol="org.hybridconnector.nioadmission.NioAdmissionProtocol" port="8080"
 *            maxThreads="200" connectionTimeout="20000" />
 * }</pre>
 * Attributes, defaults and threads are those of {@code Http11NioProtocol}; NIO's own endpoint
 * attributes ({@code selectorTimeout}, {@code pollerThreadPriority}, ...) reach the endpoint
 * through Coyote's generic property path. The thread names and MBeans say
 * {@code http-nio-admission-...}.
 */
public class NioAdmissionProtocol extends AbstractHttp11Protocol<NioChannel> {

    private static final Log log = LogFactory.getLog(NioAdmissionProtocol.class);

    public NioAdmissionProtocol() {
        super(new NioAdmissionEndpoint());
    }

    @Override
    protected Log getLog() {
        return log;
    }

    @Override
    protected String getNamePrefix() {
        return isSSLEnabled() ? "https-nio-admission" : "http-nio-admission";
    }

    /** How many times the acceptor waited because every worker was busy (JMX, for the benchmark). */
    public long getHeldBackCount() {
        return ((NioAdmissionEndpoint) getEndpoint()).getHeldBackCount();
    }

    /** The acceptor's state (see {@link NioAdmissionEndpoint#acceptorState()}). */
    AcceptorState acceptorState() {
        return ((NioAdmissionEndpoint) getEndpoint()).acceptorState();
    }
}
