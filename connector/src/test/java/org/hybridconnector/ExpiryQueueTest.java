package org.hybridconnector;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

class ExpiryQueueTest {

    private static final long MS = 1_000_000L;

    /** Each item's current park ticket, as the selector would keep it on the connection. */
    private final Map<String,Long> current = new HashMap<>();
    private final ExpiryQueue<String> queue = new ExpiryQueue<>(100, (item, ticket) -> current.get(item) == ticket);

    private void park(String item, long ticket, long nowMillis) {
        current.put(item, Long.valueOf(ticket));
        queue.add(item, ticket, nowMillis * MS);
    }

    private List<String> expireAt(long nowMillis) {
        List<String> expired = new ArrayList<>();
        queue.expire(nowMillis * MS, expired::add);
        return expired;
    }

    @Test
    void testItemsExpireInParkingOrderOnceTheirTimeoutHasPassed() {
        park("a", 1, 0);
        park("b", 1, 10);
        park("c", 1, 50);
        assertEquals(List.of(), expireAt(99));
        assertEquals(List.of("a"), expireAt(100));
        assertEquals(List.of("b", "c"), expireAt(150));
        assertEquals(0, queue.size());
    }

    @Test
    void testAnItemThatLeftItsParkDoesNotExpire() {
        park("a", 1, 0);
        park("b", 1, 0);
        current.put("a", Long.valueOf(2)); // dispatched: its ticket moved on
        assertEquals(List.of("b"), expireAt(100));
    }

    @Test
    void testReparkingRestartsTheTimeout() {
        park("a", 1, 0);
        park("a", 2, 80);
        assertEquals(List.of(), expireAt(100));
        assertEquals(List.of("a"), expireAt(180));
    }

    @Test
    void testNanosUntilNextTellsTheSelectorHowLongItMaySleep() {
        assertEquals(-1, queue.nanosUntilNext(0));
        park("a", 1, 20);
        assertEquals(70 * MS, queue.nanosUntilNext(50 * MS));
        assertEquals(0, queue.nanosUntilNext(500 * MS));
    }

    @Test
    void testNegativeTimeoutMeansNoTimeout() {
        queue.setTimeoutMillis(-1);
        park("a", 1, 0);
        assertEquals(0, queue.size());
        assertEquals(List.of(), expireAt(Long.MAX_VALUE / MS));
    }
}
