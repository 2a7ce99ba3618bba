package org.hybridconnector.blocking;

import java.nio.channels.SocketChannel;

import org.apache.juli.logging.Log;
import org.apache.juli.logging.LogFactory;
import org.apache.tomcat.util.ExceptionUtils;
import org.apache.tomcat.util.net.AbstractEndpoint.Handler.SocketState;
import org.apache.tomcat.util.net.SocketEvent;
import org.apache.tomcat.util.net.SocketProcessorBase;
import org.apache.tomcat.util.net.SocketWrapperBase;
import org.apache.tomcat.util.res.StringManager;

/**
 * Coyote's handler run once for one event of one connection, on the calling thread and under the
 * connection's lock ({@link SocketProcessorBase#run()} takes it), keeping what Coyote answered.
 */
final class CoyoteTurn extends SocketProcessorBase<SocketChannel> {

    private static final Log log = LogFactory.getLog(CoyoteTurn.class);
    private static final StringManager sm = StringManager.getManager(CoyoteTurn.class);

    /** {@code CLOSED} unless Coyote says otherwise: also the outcome for a connection already closed. */
    private SocketState state = SocketState.CLOSED;

    private final BlockingEndpoint endpoint;

    CoyoteTurn(BlockingEndpoint endpoint, SocketWrapperBase<SocketChannel> connection, SocketEvent event) {
        super(connection, event);
        this.endpoint = endpoint;
    }

    @Override
    protected void doRun() {
        try {
            state = endpoint.getHandler().process(socketWrapper, event);
        } catch (Throwable t) {
            ExceptionUtils.handleThrowable(t);
            log.error(sm.getString("turn.processingFailed", event, socketWrapper), t);
            state = SocketState.CLOSED;
        }
    }

    SocketState state() {
        return state;
    }
}
