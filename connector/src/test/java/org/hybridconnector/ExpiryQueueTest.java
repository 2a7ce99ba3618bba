package org.hybridconnector;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

class ExpiryQueueTest {

    private static final long MS = 1_000_000L;

    /** Each item's one place, as each connection owns its own. */
    private final Map<String,ExpiryQueue.Place<String>> places = new HashMap<>();
    private final ExpiryQueue<String> queue = new ExpiryQueue<>(100);

    private ExpiryQueue.Place<String> place(String item) {
        return places.computeIfAbsent(item, ExpiryQueue.Place::new);
    }

    private void park(String item, long nowMillis) {
        queue.add(place(item), nowMillis * MS);
    }

    private List<String> expireAt(ExpiryQueue<String> from, long nowMillis) {
        List<String> expired = new ArrayList<>();
        from.expire(nowMillis * MS, expired::add);
        return expired;
    }

    private List<String> expireAt(long nowMillis) {
        return expireAt(queue, nowMillis);
    }

    @Test
    void testItemsExpireInParkingOrderOnceTheirTimeoutHasPassed() {
        park("a", 0);
        park("b", 10);
        park("c", 50);
        assertEquals(List.of(), expireAt(99));
        assertEquals(List.of("a"), expireAt(100));
        assertEquals(List.of("b", "c"), expireAt(150));
        assertEquals(0, queue.size());
        assertFalse(place("a").isQueued());
    }

    @Test
    void testAnItemThatLeftItsParkDoesNotExpireAndIsNotKept() {
        park("a", 0);
        park("b", 0);
        park("c", 0);
        place("b").leave(); // dispatched: its wait is over
        assertEquals(2, queue.size(), "a place that left must not stay queued until its deadline");
        place("a").leave(); // the first and the last leave as well as one between
        place("c").leave();
        place("c").leave(); // leaving twice is harmless
        assertEquals(0, queue.size());
        assertEquals(List.of(), expireAt(100));
        park("b", 200);
        assertEquals(List.of("b"), expireAt(300), "the queue must be whole again after places left from both ends");
    }

    @Test
    void testReparkingRestartsTheTimeoutWithoutASecondEntry() {
        park("a", 0);
        park("b", 40);
        park("a", 80);
        assertEquals(2, queue.size());
        assertEquals(List.of(), expireAt(100));
        assertEquals(List.of("b"), expireAt(140));
        assertEquals(List.of("a"), expireAt(180));
    }

    @Test
    void testAPlaceMovesBetweenQueues() {
        ExpiryQueue<String> other = new ExpiryQueue<>(1000);
        park("a", 0);
        other.add(place("a"), 0);
        assertEquals(0, queue.size());
        assertEquals(List.of(), expireAt(100));
        assertEquals(List.of("a"), expireAt(other, 1000));
    }

    @Test
    void testAnExpiredItemMayBeQueuedAgainAtOnce() {
        park("a", 0);
        park("b", 0);
        List<String> seen = new ArrayList<>();
        queue.expire(100 * MS, item -> {
            seen.add(item);
            queue.add(place(item), 100 * MS); // as a stalled transfer that made progress is
        });
        assertEquals(List.of("a", "b"), seen);
        assertEquals(2, queue.size());
        assertEquals(100 * MS, queue.nanosUntilNext(100 * MS));
    }

    @Test
    void testNanosUntilNextTellsTheSelectorHowLongItMaySleep() {
        assertEquals(-1, queue.nanosUntilNext(0));
        park("a", 20);
        assertEquals(70 * MS, queue.nanosUntilNext(50 * MS));
        assertEquals(0, queue.nanosUntilNext(500 * MS));
    }

    @Test
    void testNegativeTimeoutMeansNoTimeout() {
        park("a", 0);
        queue.setTimeoutMillis(-1);
        park("a", 0);
        assertEquals(0, queue.size(), "a place queued with no time-out leaves the queue it was in");
        assertEquals(List.of(), expireAt(Long.MAX_VALUE / MS));
    }

    @Test
    void testClearEmptiesTheQueueAndFreesEveryPlace() {
        park("a", 0);
        park("b", 0);
        queue.clear();
        assertEquals(0, queue.size());
        assertTrue(places.values().stream().noneMatch(ExpiryQueue.Place::isQueued));
        assertEquals(-1, queue.nanosUntilNext(0));
    }
}
