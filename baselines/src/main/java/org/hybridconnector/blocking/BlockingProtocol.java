package org.hybridconnector.blocking;

import java.nio.channels.SocketChannel;

import org.apache.coyote.http11.AbstractHttp11Protocol;
import org.apache.juli.logging.Log;
import org.apache.juli.logging.LogFactory;

/**
 * The blocking baseline: Tomcat's own HTTP/1.1 processing ({@code Http11Processor}) over a
 * thread-per-connection endpoint ({@link BlockingEndpoint}), the way Tomcat 7's BIO connector
 * served, for benchmarks that reproduce the comparison of Carrera et al. with a "multithreaded
 * Tomcat".
 * <pre>{@code
 * <Connector protocol="org.hybridconnector.blocking.BlockingProtocol" port="8080"
 *            maxThreads="200" disableKeepAlivePercentage="75" connectionTimeout="20000" />
 * }</pre>
 * Defaults are Tomcat's ({@code maxThreads} 200) and the BIO connector's ({@code maxConnections}
 * = {@code maxThreads}, {@code disableKeepAlivePercentage} 75). As in BIO, the keep-alive rule
 * acts only while {@code maxKeepAliveRequests} is positive.
 */
public class BlockingProtocol extends AbstractHttp11Protocol<SocketChannel> {

    private static final Log log = LogFactory.getLog(BlockingProtocol.class);

    public BlockingProtocol() {
        super(new BlockingEndpoint());
    }

    private BlockingEndpoint endpoint() {
        return (BlockingEndpoint) getEndpoint();
    }

    @Override
    protected Log getLog() {
        return log;
    }

    @Override
    protected String getNamePrefix() {
        return "http-blocking";
    }

    /** Above this share of busy threads (0..100), responses close their connection. */
    public int getDisableKeepAlivePercentage() {
        return endpoint().getDisableKeepAlivePercentage();
    }

    public void setDisableKeepAlivePercentage(int percentage) {
        endpoint().setDisableKeepAlivePercentage(percentage);
    }

    // --------------------------------------------------------- figures (JMX)

    /** Threads that own a connection now, serving it or waiting for its next request. */
    public int getOwnedConnectionCount() {
        return endpoint().getOwnedConnectionCount();
    }

    /** Responses sent with {@code Connection: close} because too many threads were busy. */
    public long getKeepAliveDisabledCount() {
        return endpoint().getKeepAliveDisabledCount();
    }

    /** Connections closed because the client sent nothing within the time-out. */
    public long getIdleClosedCount() {
        return endpoint().getIdleClosedCount();
    }
}
