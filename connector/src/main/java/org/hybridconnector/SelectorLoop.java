package org.hybridconnector;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.CancelledKeyException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.util.Iterator;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import org.apache.juli.logging.Log;
import org.apache.tomcat.util.res.StringManager;
import org.hybridconnector.admission.MeasuringClock;

/**
 * The selector thread: waits on the {@link Selector} for the connections parked in it, reports
 * each ready key to its connection ({@link Selectable#selected}), runs the updates other threads
 * queued, expires the deadlines of {@link Parks}, ticks the measuring clock, and hands on what the
 * round leaves for other threads.
 * <p>
 * It is the only thread that touches the selector and its keys. Another thread that wants a
 * connection's key changed (a worker handing a connection back, the acceptor registering a new
 * one, Coyote's async path asking for readiness) queues an {@link Update} and wakes it; wake-ups
 * are coalesced, since one wake-up makes the loop run every update queued so far.
 */
final class SelectorLoop implements Runnable {

    private static final StringManager sm = StringManager.getManager(SelectorLoop.class);

    /**
     * How long a select may block when no deadline is nearer: bounds the reaction to a stop, and
     * is the clock of the rules that adapt once a second.
     */
    private static final long MAX_SELECT_MILLIS = 1000;

    /** The shorter bound while a rule measures over time windows. */
    private static final long TICK_MILLIS = 100;

    /** Reads per call of {@link #drop}. */
    private static final int DROPPING_READS = 4;

    /** A change to the selector's state, run on the selector thread. */
    @FunctionalInterface
    interface Update {
        void run(Selector selector);
    }

    private final String name;
    private final Log log;
    private final Selector selector;
    private final Parks parks;
    private final MeasuringClock clock;
    /** What the end of each round hands on: the responses the loop wrote itself, to Tomcat's log. */
    private final Runnable endOfRound;
    private final ConcurrentLinkedQueue<Update> updates = new ConcurrentLinkedQueue<>();
    /** Where the bytes that lingering connections' clients still send are read, to be dropped. */
    private final ByteBuffer dropped = ByteBuffer.allocate(8192);
    private final AtomicBoolean wakeupPending = new AtomicBoolean();
    private volatile boolean draining;
    private volatile boolean running = true;
    private volatile Thread thread;

    SelectorLoop(String name, Log log, Parks parks, MeasuringClock clock, Runnable endOfRound) throws IOException {
        this.name = name;
        this.endOfRound = endOfRound;
        this.log = log;
        this.parks = parks;
        this.clock = clock;
        this.selector = Selector.open();
    }

    /** Queues {@code update} for the selector thread and wakes it. Any thread. */
    void submit(Update update) {
        updates.add(update);
        wakeup();
    }

    /** A buffer for bytes read only to be dropped: selector thread only, and good until the next such read. */
    ByteBuffer dropBuffer() {
        return dropped;
    }

    /**
     * Reads what a peer has sent so far into {@code into}, to drop it: {@value #DROPPING_READS}
     * buffers at most, however much more is waiting, so that a peer that keeps sending cannot hold
     * the selector thread.
     *
     * @return the bytes dropped, or -1 once the peer has closed its side
     */
    static int drop(SocketChannel channel, ByteBuffer into) throws IOException {
        int dropped = 0;
        for (int reads = 0; reads < DROPPING_READS; reads++) {
            int read = channel.read(into.clear());
            if (read < 0) {
                return -1;
            }
            if (read == 0) {
                break;
            }
            dropped += read;
        }
        return dropped;
    }

    /** Whether the caller is the selector thread. */
    boolean isLoopThread() {
        return Thread.currentThread() == thread;
    }

    /** Whether a stop has begun: connections handed back are closed instead of parked. */
    boolean isDraining() {
        return draining;
    }

    /**
     * Starts a stop: closes every parked connection now, and from then on each connection a worker
     * hands back closes instead of parking.
     */
    void drain() {
        draining = true;
        wakeup();
    }

    /** Ends the loop; the connections still registered are closed on the way out. */
    void halt() {
        running = false;
        wakeup();
    }

    private void wakeup() {
        // The loop clears the flag before it runs the queue, so an update queued after that run
        // always finds the flag clear and wakes the next select.
        if (wakeupPending.compareAndSet(false, true)) {
            selector.wakeup();
        }
    }

    // ---------------------------------------------------------- the selector thread

    @Override
    public void run() {
        thread = Thread.currentThread();
        try {
            while (running) {
                try {
                    round();
                } catch (RuntimeException e) {
                    if (!selector.isOpen()) {
                        throw e;
                    }
                    // A defect met in one round must not end the loop that every connection depends on.
                    log.error(sm.getString("selector.roundFailed", name), e);
                }
            }
        } catch (Throwable t) {
            log.error(sm.getString("selector.failed", name), t);
        } finally {
            closeEverything();
            endOfRound.run();
        }
    }

    private void round() throws IOException {
        wakeupPending.set(false);
        runUpdates();
        if (draining) {
            forEachKey(Selectable::closeIfParked);
        }
        if (select(System.nanoTime()) > 0) {
            reportReadyKeys();
        }
        long now = System.nanoTime();
        parks.expire(now);
        clock.tick(now);
        endOfRound.run();
    }

    private int select(long now) throws IOException {
        long limit = TimeUnit.MILLISECONDS.toNanos(clock.measuresOverTime() ? TICK_MILLIS : MAX_SELECT_MILLIS);
        long waitMillis = TimeUnit.NANOSECONDS.toMillis(parks.nanosUntilNext(now, limit) + 999_999);
        return waitMillis <= 0 ? selector.selectNow() : selector.select(waitMillis);
    }

    private void runUpdates() {
        Update update;
        while ((update = updates.poll()) != null) {
            update.run(selector);
        }
    }

    private void reportReadyKeys() {
        Iterator<SelectionKey> keys = selector.selectedKeys().iterator();
        while (keys.hasNext()) {
            SelectionKey key = keys.next();
            keys.remove();
            Selectable connection = (Selectable) key.attachment();
            if (!key.isValid()) {
                continue;
            }
            try {
                connection.selected(key.readyOps());
            } catch (CancelledKeyException e) {
                connection.closeNow();
            } catch (RuntimeException e) {
                // The connection's state is unknown now: it ends, and the other ready keys are reported.
                log.error(sm.getString("selector.connectionFailed", name, connection), e);
                connection.closeNow();
            }
        }
    }

    private void forEachKey(java.util.function.Consumer<Selectable> action) {
        for (SelectionKey key : selector.keys()) {
            action.accept((Selectable) key.attachment());
        }
    }

    private void closeEverything() {
        draining = true;
        runUpdates();
        forEachKey(Selectable::closeNow);
        parks.clear();
        try {
            selector.close();
        } catch (IOException e) {
            if (log.isDebugEnabled()) {
                log.debug(sm.getString("selector.closeFailed", name), e);
            }
        }
    }
}
