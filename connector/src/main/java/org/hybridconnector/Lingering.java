package org.hybridconnector;

import java.io.IOException;
import java.nio.channels.SelectionKey;

import org.apache.tomcat.util.res.StringManager;

/**
 * A connection's end after its last response: a lingering close. The connection half-closes at
 * once, so that its client reads the whole response and then the end of the stream; the selector
 * then reads and drops whatever the client still sends, until the client closes its side or
 * {@link Parks#LINGER_MILLIS} have passed, and closes it. Closed outright, a connection whose
 * input holds unread bytes (a request pipelined behind the last response, a body still on its
 * way) is reset, and a reset discards what of the response the kernel has not sent yet.
 * <p>
 * It takes the connection's key over from its {@link Connection}, which has nothing left to do;
 * what the client sent is never answered, so it is read raw, past any TLS record layer.
 * <p>
 * Thread safety: the selector thread's only.
 */
final class Lingering implements Selectable {

    private static final StringManager sm = StringManager.getManager(Lingering.class);

    private final HybridSocketWrapper wrapper;
    private final SelectorLoop loop;
    private final Parks parks;
    private final ExpiryQueue.Place<Selectable> deadline = new ExpiryQueue.Place<>(this);
    private boolean open = true;

    private Lingering(HybridSocketWrapper wrapper, SelectorLoop loop, Parks parks) {
        this.wrapper = wrapper;
        this.loop = loop;
        this.parks = parks;
    }

    /**
     * Half-closes {@code wrapper}'s connection and lingers on its {@code key}; closes it at once if
     * it cannot half-close without waiting (a TLS close_notify the socket does not take).
     *
     * @param buffers where its buffers go, whatever they still hold (requests pipelined behind the
     *            last response are not served); {@code null} while a processor or a queued turn holds them
     */
    static void begin(HybridSocketWrapper wrapper, SelectionKey key, BufferPool buffers, SelectorLoop loop,
            Parks parks) {
        if (buffers != null) {
            wrapper.giveBuffersBack(buffers);
        }
        Lingering lingering = new Lingering(wrapper, loop, parks);
        key.attach(lingering);
        key.interestOps(SelectionKey.OP_READ);
        // Counted before the client can see the end of the stream.
        parks.lingeringChanged(1);
        parks.add(Deadline.LINGER, lingering.deadline, System.nanoTime());
        boolean halfClosed;
        try {
            halfClosed = wrapper.shutdownOutput();
        } catch (IOException e) {
            wrapper.logDebug(sm.getString("lingering.shutdownFailed", wrapper), e);
            halfClosed = false;
        }
        if (halfClosed) {
            lingering.dropInput();
        } else {
            lingering.close();
        }
    }

    @Override
    public void selected(int readyOps) {
        dropInput();
    }

    /** Its one deadline, {@link Deadline#LINGER}, has passed: whatever the client does, it closes. */
    @Override
    public void expired(Deadline passed, long nowNanos) {
        close();
    }

    /** Nothing is in progress: its response is sent. */
    @Override
    public void closeIfParked() {
        close();
    }

    @Override
    public void closeNow() {
        close();
    }

    /** Reads what the client sent and drops it, a few buffers a round; closes at the client's end of stream. */
    private void dropInput() {
        try {
            if (SelectorLoop.drop(wrapper.getSocket(), loop.dropBuffer()) < 0) {
                close();
            }
        } catch (IOException e) {
            // Reset by the client, or closed meanwhile: nothing is left to protect.
            close();
        }
    }

    private void close() {
        if (open) {
            open = false;
            deadline.leave();
            parks.lingeringChanged(-1);
            wrapper.close();
        }
    }
}
