package org.hybridconnector.e2e;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Thousands of misbehaving clients on one thread and one {@link Selector}: idle keep-alive
 * connections (one request answered, then silence) and tricklers (a request head sent one byte at
 * a time, too slowly to ever complete). A trickler the server closes is replaced by a new one
 * while the crowd runs, so the number trickling stays constant; each closed trickler's lifetime,
 * from its first byte to the close, is recorded.
 * <p>
 * Call {@link #openIdle} first, then {@link #run} on a thread of its own, {@link #stop} to stop
 * replacing tricklers, and {@link #close} at the end.
 */
final class NioCrowd implements Runnable, AutoCloseable {

    /** Never completes within any time-out the tests use: 1 byte per period, 500 bytes without an end. */
    private static final byte[] HEAD = ("GET /probe/echo?n=trickler HTTP/1.1\r\nHost: a\r\nX-Slow: " + "s".repeat(450) +
            "\r\n").getBytes(StandardCharsets.US_ASCII);

    private final int port;
    private final int tricklers;
    private final long periodNanos;
    private final Selector selector;
    private final List<SocketChannel> idle = new ArrayList<>();
    /** Tricklers in the order their next byte is due: all share one period, so FIFO order is time order. */
    private final ArrayDeque<Trickler> due = new ArrayDeque<>();
    private final List<Long> lifetimesMillis = new ArrayList<>();
    private volatile boolean replacing = true;
    private volatile boolean running = true;
    private volatile int idleClosedByServer;
    private volatile int trickling;
    private volatile int started;
    private volatile IOException failure;

    private static final class Trickler {
        final SocketChannel channel;
        int sent;
        long firstByteNanos;
        long nextDueNanos;

        Trickler(SocketChannel channel) {
            this.channel = channel;
        }
    }

    NioCrowd(int port, int tricklers, long periodMillis) throws IOException {
        this.port = port;
        this.tricklers = tricklers;
        this.periodNanos = TimeUnit.MILLISECONDS.toNanos(periodMillis);
        this.selector = Selector.open();
    }

    /** Opens {@code count} connections, each served one request, then left idle (non-blocking, watched for a close). */
    void openIdle(int count) throws IOException {
        byte[] request = RawConnection.get("/probe/echo?n=idle").getBytes(StandardCharsets.US_ASCII);
        for (int i = 0; i < count; i++) {
            SocketChannel channel = SocketChannel.open(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
            idle.add(channel);
            channel.write(ByteBuffer.wrap(request));
            // The answer ends with the echoed body: read until it is there.
            ByteBuffer answer = ByteBuffer.allocate(4096);
            while (!new String(answer.array(), 0, answer.position(), StandardCharsets.US_ASCII).endsWith("n=idle\n")) {
                if (channel.read(answer) < 0) {
                    throw new IOException("an idle connection was closed before its answer");
                }
            }
            channel.configureBlocking(false);
            channel.register(selector, SelectionKey.OP_READ, null);
        }
    }

    @Override
    public void run() {
        try {
            for (int i = 0; i < tricklers; i++) {
                startTrickler(System.nanoTime());
            }
            while (running) {
                selector.select(5);
                long now = System.nanoTime();
                handleReady(now);
                sendDue(now);
            }
        } catch (IOException e) {
            failure = e;
        }
    }

    private void startTrickler(long now) throws IOException {
        SocketChannel channel = SocketChannel.open();
        channel.setOption(StandardSocketOptions.TCP_NODELAY, Boolean.TRUE);
        channel.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
        channel.configureBlocking(false);
        Trickler trickler = new Trickler(channel);
        channel.register(selector, SelectionKey.OP_READ, trickler);
        trickler.nextDueNanos = now;
        due.add(trickler);
        trickling++;
        started++;
    }

    private void handleReady(long now) throws IOException {
        ByteBuffer sink = ByteBuffer.allocate(8192);
        Iterator<SelectionKey> keys = selector.selectedKeys().iterator();
        while (keys.hasNext()) {
            SelectionKey key = keys.next();
            keys.remove();
            SocketChannel channel = (SocketChannel) key.channel();
            int n;
            try {
                sink.clear();
                n = channel.read(sink);
            } catch (IOException e) {
                n = -1; // reset by the server: closed as well
            }
            if (n >= 0) {
                continue; // bytes from the server (a 408 or 400 before the close): keep reading
            }
            key.cancel();
            channel.close();
            if (key.attachment() instanceof Trickler trickler) {
                closed(trickler, now);
            } else {
                idleClosedByServer++;
            }
        }
    }

    private void closed(Trickler trickler, long now) throws IOException {
        due.remove(trickler);
        trickling--;
        if (trickler.sent > 0) {
            synchronized (lifetimesMillis) {
                lifetimesMillis.add(TimeUnit.NANOSECONDS.toMillis(now - trickler.firstByteNanos));
            }
        }
        if (replacing) {
            startTrickler(now);
        }
    }

    private void sendDue(long now) {
        while (!due.isEmpty() && due.peekFirst().nextDueNanos <= now) {
            Trickler trickler = due.pollFirst();
            if (trickler.sent >= HEAD.length || !trickler.channel.isOpen()) {
                continue;
            }
            try {
                if (trickler.channel.write(ByteBuffer.wrap(HEAD, trickler.sent, 1)) == 1) {
                    if (trickler.sent++ == 0) {
                        trickler.firstByteNanos = now;
                    }
                }
            } catch (IOException e) {
                // The server has closed: the read side reports it.
            }
            trickler.nextDueNanos = now + periodNanos;
            due.addLast(trickler);
        }
    }

    /** Stops replacing closed tricklers; those still open trickle on until the server closes them. */
    void stopReplacing() {
        replacing = false;
    }

    int trickling() {
        return trickling;
    }

    int started() {
        return started;
    }

    int idleClosedByServer() {
        return idleClosedByServer;
    }

    IOException failure() {
        return failure;
    }

    /** Lifetimes of the tricklers the server closed so far, first byte to close, in milliseconds. */
    List<Long> lifetimesMillis() {
        synchronized (lifetimesMillis) {
            return List.copyOf(lifetimesMillis);
        }
    }

    /** Ends the loop; call {@link #close} once its thread has finished. */
    void stop() {
        running = false;
        selector.wakeup();
    }

    @Override
    public void close() throws IOException {
        for (SelectionKey key : selector.keys()) {
            key.channel().close();
        }
        for (SocketChannel channel : idle) {
            channel.close();
        }
        selector.close();
    }
}
