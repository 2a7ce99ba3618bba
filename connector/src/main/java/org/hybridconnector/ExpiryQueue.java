package org.hybridconnector;

import java.util.function.Consumer;

/**
 * Parked connections in the order they were parked, for one fixed time-out.
 * <p>
 * All connections parked with the same time-out expire in the order they were parked, so a FIFO
 * finds the expired ones in O(1) each, without scanning every selection key as Tomcat's NIO poller
 * does once a second. Each connection owns its {@link Place} in the queues, made once and linked
 * in and out as its waits begin and end: a park allocates nothing, and a wait that ends early (a
 * request arrived, the connection closed) leaves at once. So the queue holds exactly the current
 * waits. An entry per park would be kept for a whole time-out after the wait ended; at tens of
 * thousands of requests a second those are millions of objects that outlive young collections.
 * <p>
 * If the time-out is changed while entries are queued, deadlines stop being monotonic and an entry
 * behind a later one may expire late by at most the difference: accepted, since time-outs change
 * only through JMX.
 * <p>
 * Thread safety: none; only the selector thread uses it and its places.
 *
 * @param <T> what is parked
 */
final class ExpiryQueue<T> {

    /** An item's place in a queue, in at most one queue at a time. */
    static final class Place<T> {

        private final T item;
        private ExpiryQueue<T> queue;
        private Place<T> previous;
        private Place<T> next;
        private long deadlineNanos;

        Place(T item) {
            this.item = item;
        }

        /** Takes the place out of its queue, if it is in one: the wait it stood for is over. */
        void leave() {
            if (queue != null) {
                queue.unlink(this);
            }
        }

        boolean isQueued() {
            return queue != null;
        }
    }

    private Place<T> first;
    private Place<T> last;
    private int size;
    private long timeoutNanos;

    ExpiryQueue(long timeoutMillis) {
        setTimeoutMillis(timeoutMillis);
    }

    /** A negative time-out means none: places are not queued. */
    void setTimeoutMillis(long timeoutMillis) {
        this.timeoutNanos = timeoutMillis < 0 ? -1 : timeoutMillis * 1_000_000L;
    }

    /** Queues {@code place} last, with a deadline one time-out after {@code nowNanos}; it leaves any queue it was in. */
    void add(Place<T> place, long nowNanos) {
        place.leave();
        if (timeoutNanos < 0) {
            return;
        }
        place.deadlineNanos = nowNanos + timeoutNanos;
        place.queue = this;
        place.previous = last;
        if (last == null) {
            first = place;
        } else {
            last.next = place;
        }
        last = place;
        size++;
    }

    /** Takes every place whose deadline has passed out of the queue, and hands its item to {@code onExpired}. */
    void expire(long nowNanos, Consumer<T> onExpired) {
        Place<T> head;
        while ((head = first) != null && head.deadlineNanos - nowNanos <= 0) {
            unlink(head);
            onExpired.accept(head.item); // may queue it again
        }
    }

    /** Nanoseconds until the next place falls due (0 if one is due), or -1 if the queue is empty. */
    long nanosUntilNext(long nowNanos) {
        return first == null ? -1 : Math.max(0, first.deadlineNanos - nowNanos);
    }

    int size() {
        return size;
    }

    void clear() {
        while (first != null) {
            unlink(first);
        }
    }

    private void unlink(Place<T> place) {
        if (place.previous == null) {
            first = place.next;
        } else {
            place.previous.next = place.next;
        }
        if (place.next == null) {
            last = place.previous;
        } else {
            place.next.previous = place.previous;
        }
        place.previous = null;
        place.next = null;
        place.queue = null;
        size--;
    }
}
