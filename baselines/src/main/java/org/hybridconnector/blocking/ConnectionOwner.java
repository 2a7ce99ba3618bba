package org.hybridconnector.blocking;

import java.io.IOException;

import org.apache.juli.logging.Log;
import org.apache.juli.logging.LogFactory;
import org.apache.tomcat.util.net.AbstractEndpoint.Handler.SocketState;
import org.apache.tomcat.util.net.SocketEvent;

/**
 * The life of one connection on the thread that owns it: wait for the first request, let Coyote
 * serve it, wait for the next one (up to {@code keepAliveTimeout}), and so on until Coyote or the
 * client closes the connection, it idles too long, or the endpoint stops.
 * <p>
 * Coyote parses request heads without blocking: when a head is incomplete it answers
 * {@code LONG} and registers read interest, and this thread simply waits for more bytes (up to
 * the read time-out Coyote set) and runs Coyote again. An async request ({@code LONG} without read
 * interest) keeps the thread too, waiting for the event that completes or dispatches it.
 */
final class ConnectionOwner implements Runnable {

    private static final Log log = LogFactory.getLog(ConnectionOwner.class);

    private final BlockingEndpoint endpoint;
    private final BlockingSocketWrapper connection;

    ConnectionOwner(BlockingEndpoint endpoint, BlockingSocketWrapper connection) {
        this.endpoint = endpoint;
        this.connection = connection;
    }

    @Override
    public void run() {
        connection.setOwner(Thread.currentThread());
        endpoint.connectionOwned();
        try {
            serve();
        } catch (IOException e) {
            endpoint.logDebug("Waiting on " + connection + " failed", e);
        } finally {
            endpoint.connectionReleased();
            connection.setOwner(null);
            connection.close();
        }
    }

    private void serve() throws IOException {
        // The first request: as the BIO connector did, its first bytes must come within connectionTimeout.
        connection.registerReadInterest();
        SocketEvent event = connection.awaitNext(endpoint.getConnectionTimeout());
        while (event != null && event != SocketEvent.STOP && event != SocketEvent.DISCONNECT && !connection.isClosed()) {
            CoyoteTurn turn = (CoyoteTurn) endpoint.createSocketProcessor(connection, event);
            turn.run();
            SocketState state = turn.state();
            long timeout;
            if (state == SocketState.OPEN) {
                // Between requests: this thread idles with the connection, the cost this design pays.
                connection.registerReadInterest();
                timeout = endpoint.getKeepAliveTimeout();
            } else if (state == SocketState.LONG || state == SocketState.UPGRADED) {
                // A split head (read interest registered, Coyote set the read time-out) or an
                // async request (no interest: its events come from other threads, its time-outs too).
                timeout = connection.wantsRead() || connection.wantsWrite() ? connection.getReadTimeout() : -1;
            } else {
                // CLOSED, or a state this endpoint does not support (sendfile is off, upgrades untested).
                if (state != SocketState.CLOSED) {
                    log.debug("Closing " + connection + " in unsupported state " + state);
                }
                return;
            }
            if (!endpoint.isRunning() && state == SocketState.OPEN) {
                return;
            }
            event = connection.awaitNext(timeout);
        }
        if (event == null) {
            endpoint.idleConnectionClosed();
        }
    }
}
