package org.hybridconnector;

import java.nio.channels.SelectionKey;
import java.nio.channels.SocketChannel;

import org.apache.juli.logging.Log;
import org.apache.tomcat.util.ExceptionUtils;
import org.apache.tomcat.util.net.AbstractEndpoint.Handler;
import org.apache.tomcat.util.net.AbstractEndpoint.Handler.SocketState;
import org.apache.tomcat.util.net.SocketEvent;
import org.apache.tomcat.util.net.SocketProcessorBase;
import org.apache.tomcat.util.net.SocketWrapperBase;
import org.apache.tomcat.util.res.StringManager;

/**
 * One worker's turn with a connection: Coyote serves what has arrived (a request, a body's next
 * bytes, an async event), then the connection goes back to the selector, to wait or to end with a
 * lingering close (see {@link Lingering}). On a TLS
 * connection whose handshake is not done yet, the turn is the handshake's next step instead.
 * <p>
 * Runs on a worker, or inline on the thread that raised the event; {@link SocketProcessorBase}
 * holds the connection's lock for the turn. The connection's {@link Turns} count it from when it
 * is made until it ends or is dropped unrun; one skipped because its connection closed first is
 * never ended, and nothing reads the count of a closed connection.
 */
final class ServeTask extends SocketProcessorBase<SocketChannel> {

    private static final StringManager sm = StringManager.getManager(ServeTask.class);

    private final Handler<SocketChannel> handler;
    private final Log log;

    ServeTask(SocketWrapperBase<SocketChannel> connection, SocketEvent event, Handler<SocketChannel> handler,
            Log log) {
        super(connection, event);
        this.handler = handler;
        this.log = log;
        ((HybridSocketWrapper) connection).turns().queued();
    }

    /** Called when a stop or a refusing pool drops the turn unrun; the caller ends the connection. */
    void dropped() {
        ((HybridSocketWrapper) socketWrapper).turns().ended(false);
    }

    @Override
    protected void doRun() {
        HybridSocketWrapper connection = (HybridSocketWrapper) socketWrapper;
        if (!connection.isHandshakeComplete()) {
            advanceHandshake(connection);
            return;
        }
        SocketState state = SocketState.CLOSED;
        boolean failed = true;
        connection.beginServing();
        try {
            state = handler.process(connection, event);
            failed = false;
        } catch (Throwable t) {
            ExceptionUtils.handleThrowable(t);
            log.error(sm.getString("endpoint.processingFailed", connection), t);
        } finally {
            connection.endServing(state,
                    connection.turns().ended(state == SocketState.OPEN || state == SocketState.SENDFILE));
        }
        if (failed) {
            connection.close();
        } else if (state == SocketState.CLOSED) {
            // Coyote has written the last response: it must not be reset away (see Lingering).
            connection.handBack().linger();
        }
    }

    /**
     * Runs the next step of a TLS handshake: CPU work only. The connection goes back to the
     * selector whenever the client has to speak first, and once the handshake is done, to wait
     * for its first request head like any connection.
     */
    private void advanceHandshake(HybridSocketWrapper connection) {
        int next = -1;
        try {
            next = connection.handshake();
        } catch (Throwable t) {
            // Parsing and JSSE work on bytes a client chose: whatever they throw, the connection ends.
            ExceptionUtils.handleThrowable(t);
            log.error(sm.getString("endpoint.handshakeFailed", connection), t);
        }
        connection.turns().ended(next == 0);
        switch (next) {
            case 0 -> connection.handBack().awaitHead();
            case SelectionKey.OP_READ -> connection.handBack().awaitData();
            case SelectionKey.OP_WRITE -> connection.handBack().awaitWrite();
            default -> connection.close();
        }
    }
}
