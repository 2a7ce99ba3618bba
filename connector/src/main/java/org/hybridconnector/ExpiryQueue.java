package org.hybridconnector;

import java.util.ArrayDeque;

/**
 * Parked connections in the order they were parked, for one fixed time-out.
 * <p>
 * All connections parked with the same time-out expire in the order they were parked, so a FIFO
 * finds the expired ones in O(1) each, without scanning every selection key as Tomcat's NIO poller
 * does once a second. An entry is not removed when its connection leaves the park early (a request
 * arrived); instead each park carries a ticket, and an entry whose ticket is no longer the
 * connection's current one is stale and skipped. The queue therefore holds at most one entry per
 * park made within the last time-out.
 * <p>
 * If the time-out is changed while entries are queued, deadlines stop being monotonic and an entry
 * behind a later one may expire late by at most the difference: accepted, since time-outs change
 * only through JMX.
 * <p>
 * Thread safety: none; only the selector thread uses it.
 *
 * @param <T> what is parked
 */
final class ExpiryQueue<T> {

    /** Whether a parked item still holds the park a queue entry was made for. */
    interface Tickets<T> {
        boolean isCurrent(T item, long ticket);
    }

    private record Entry<T>(T item, long ticket, long deadlineNanos) {
    }

    private final ArrayDeque<Entry<T>> entries = new ArrayDeque<>();
    private final Tickets<T> tickets;
    private long timeoutNanos;

    ExpiryQueue(long timeoutMillis, Tickets<T> tickets) {
        this.tickets = tickets;
        setTimeoutMillis(timeoutMillis);
    }

    /** A negative time-out means none: entries are not kept. */
    void setTimeoutMillis(long timeoutMillis) {
        this.timeoutNanos = timeoutMillis < 0 ? -1 : timeoutMillis * 1_000_000L;
    }

    void add(T item, long ticket, long nowNanos) {
        if (timeoutNanos >= 0) {
            entries.addLast(new Entry<>(item, ticket, nowNanos + timeoutNanos));
        }
    }

    /**
     * Removes every entry whose deadline has passed, and hands the items still holding their park
     * to {@code onExpired}.
     */
    void expire(long nowNanos, java.util.function.Consumer<T> onExpired) {
        Entry<T> head;
        while ((head = entries.peekFirst()) != null && head.deadlineNanos - nowNanos <= 0) {
            entries.pollFirst();
            if (tickets.isCurrent(head.item, head.ticket)) {
                onExpired.accept(head.item);
            }
        }
    }

    /** Nanoseconds until the next entry falls due (0 if one is due), or -1 if the queue is empty. */
    long nanosUntilNext(long nowNanos) {
        Entry<T> head = entries.peekFirst();
        if (head == null) {
            return -1;
        }
        return Math.max(0, head.deadlineNanos - nowNanos);
    }

    /** Entries queued, stale ones included. */
    int size() {
        return entries.size();
    }

    void clear() {
        entries.clear();
    }
}
