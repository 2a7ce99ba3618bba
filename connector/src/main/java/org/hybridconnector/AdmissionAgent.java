package org.hybridconnector;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.function.IntSupplier;

import org.apache.juli.logging.Log;
import org.apache.tomcat.util.res.StringManager;

/**
 * Answers HAProxy's agent checks ({@code agent-check} on a {@code server} line) on a port of its
 * own ({@code agentPort}): each connection gets one line telling whether this node takes new
 * sessions, and is closed. {@code ready 40%} while the admission policy has room (the share
 * becomes the server's weight, relative to its configured one), {@code drain} while it would turn
 * a new session away or the connector is paused. In {@code drain} HAProxy sends a node only the
 * sessions its cookie persistence already keeps there, so a cluster admits new sessions where
 * there is room and keeps the admitted ones where they are.
 * <p>
 * The answer is a few bytes, written on the selector thread into an empty socket buffer: no
 * worker, no state kept between checks. What HAProxy may have sent ({@code agent-send}) is read
 * and dropped, so that closing does not reset the connection before HAProxy has read the answer;
 * at most a kilobyte of it, after which a peer that is still sending gets the reset it asked for.
 * <p>
 * Thread safety: opened and bound by the endpoint's start; every other method runs on the
 * selector thread, which owns the channel from {@link #register} on and closes it when its loop
 * ends.
 */
final class AdmissionAgent implements Selectable {

    private static final StringManager sm = StringManager.getManager(AdmissionAgent.class);

    /** Checks answered per selector round at most, so that a flood of them cannot starve the connections. */
    private static final int ANSWERS_PER_ROUND = 64;

    private static final byte[] DRAIN = "drain\n".getBytes(StandardCharsets.US_ASCII);

    private final ServerSocketChannel channel;
    private final IntSupplier roomPercent;
    private final Log log;
    /**
     * Where what a check sends is dropped ({@link SelectorLoop#drop}, four reads of it at most:
     * HAProxy sends one short line if anything); the selector thread's.
     */
    private final ByteBuffer dropped = ByteBuffer.allocate(256);

    private AdmissionAgent(ServerSocketChannel channel, IntSupplier roomPercent, Log log) {
        this.channel = channel;
        this.roomPercent = roomPercent;
        this.log = log;
    }

    /**
     * Listens on {@code address}.
     *
     * @param roomPercent room for new sessions now, 0 to 100 ({@code AdmissionPolicy#roomPercent}), 0 while paused
     * @throws IOException naming {@code agentPort} if the address cannot be bound
     */
    static AdmissionAgent open(InetSocketAddress address, IntSupplier roomPercent, Log log) throws IOException {
        ServerSocketChannel channel = ServerSocketChannel.open();
        try {
            channel.socket().setReuseAddress(true);
            channel.bind(address);
            channel.configureBlocking(false);
        } catch (IOException e) {
            channel.close();
            throw new IOException(sm.getString("agent.bindFailed", address, e.getMessage()), e);
        }
        return new AdmissionAgent(channel, roomPercent, log);
    }

    /** The line a check gets for {@code roomPercent}: what HAProxy's agent-check reads. */
    static byte[] answer(int roomPercent) {
        return roomPercent <= 0 ? DRAIN.clone()
                : ("ready " + Math.min(roomPercent, 100) + "%\n").getBytes(StandardCharsets.US_ASCII);
    }

    /** The port it listens on. */
    int port() {
        return channel.socket().getLocalPort();
    }

    /** Selector thread: from now on the loop reports its checks. */
    void register(Selector selector) {
        try {
            channel.register(selector, SelectionKey.OP_ACCEPT, this);
        } catch (IOException e) {
            log.error(sm.getString("agent.registerFailed", channel.socket().getLocalSocketAddress()), e);
            closeNow();
        }
    }

    @Override
    public void selected(int readyOps) {
        for (int i = 0; i < ANSWERS_PER_ROUND; i++) {
            SocketChannel check;
            try {
                check = channel.accept();
            } catch (IOException e) {
                // Usually a check that gave up before it was accepted; the next one is asked anew.
                log.debug(sm.getString("agent.acceptFailed"), e);
                return;
            }
            if (check == null) {
                return;
            }
            answer(check);
        }
    }

    private void answer(SocketChannel check) {
        try (check) {
            check.configureBlocking(false);
            // A fresh socket's send buffer takes a few bytes whole; a check that cannot take them
            // is not waited for.
            check.write(ByteBuffer.wrap(answer(roomPercent.getAsInt())));
            check.shutdownOutput();
            SelectorLoop.drop(check, dropped);
        } catch (IOException e) {
            log.debug(sm.getString("agent.answerFailed"), e);
        }
    }

    /** While the endpoint stops, checks are still answered: {@code drain}, since it is paused. */
    @Override
    public void closeIfParked() {
    }

    @Override
    public void closeNow() {
        try {
            channel.close();
        } catch (IOException e) {
            log.debug(sm.getString("agent.closeFailed"), e);
        }
    }
}
