package org.hybridconnector.cache;

import static org.hybridconnector.cache.Heads.HOST;
import static org.hybridconnector.cache.Heads.SETTINGS;
import static org.hybridconnector.cache.Heads.fields;
import static org.hybridconnector.cache.Heads.request;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

class ResponseStoreTest {

    private static final String IDENTITY = AcceptedCodings.of(fields()).variant();
    private static final String GZIP = AcceptedCodings.of(fields("Accept-Encoding", "gzip")).variant();

    /** An entry for {@code target} with a body of {@code bodyBytes}, varying if the request has an Accept-Encoding. */
    private static CachedResponse entry(String target, int bodyBytes, String... requestFields) {
        RequestFacts request = request("GET", target, requestFields);
        HeaderFields fields = requestFields.length == 0 ? fields("Cache-Control", "max-age=60")
                : fields("Cache-Control", "max-age=60", "Vary", "Accept-Encoding");
        ResponseFacts response = new ResponseFacts(200, fields, bodyBytes);
        return CachedResponse.of(request, response, new byte[bodyBytes], Heads.freshness(response), SETTINGS);
    }

    private static CacheKey key(String target) {
        return new CacheKey(HOST, target);
    }

    /** A store bounded to {@code entries} entries of {@code entry("/0", 100)}'s size. */
    private static ResponseStore storeFor(int entries) {
        return new ResponseStore(entries * entry("/0", 100).size(), Long.MAX_VALUE);
    }

    @Test
    void testALookupFindsWhatWasStoredUnderItsKey() {
        ResponseStore store = storeFor(2);
        CachedResponse entry = entry("/1", 100);
        assertTrue(store.store(entry, 0));
        assertSame(entry, store.lookup(key("/1"), IDENTITY));
        assertNull(store.lookup(key("/2"), IDENTITY));
        assertNull(store.lookup(new CacheKey("other.example", "/1"), IDENTITY));
    }

    /**
     * {@code responseCacheMaxObjectSize} bounds a body, as the capture reads it before copying one:
     * a body at the bound is stored, though its entry (heads, key) is larger.
     */
    @Test
    void testABodyLargerThanTheLargestBodyIsNotStored() {
        CachedResponse entry = entry("/1", 100);
        ResponseStore store = new ResponseStore(Long.MAX_VALUE, 99);
        assertFalse(store.store(entry, 0));
        assertEquals(0, store.entries());
        assertTrue(new ResponseStore(Long.MAX_VALUE, 100).store(entry, 0));
    }

    @Test
    void testAnEntryLargerThanTheWholeBoundIsNotStoredNorEvictsAnything() {
        ResponseStore store = storeFor(1);
        store.store(entry("/1", 100), 0);
        assertFalse(store.store(entry("/2", 101), 0));
        assertNotNull(store.lookup(key("/1"), IDENTITY));
        assertEquals(0, store.evictions());
    }

    /** A full store of three entries of the same size, stored in the order /1, /2, /3. */
    private static ResponseStore fullStoreOfThree() {
        ResponseStore store = storeFor(3);
        for (String target : new String[] { "/1", "/2", "/3" }) {
            store.store(entry(target, 100), 0);
        }
        return store;
    }

    @Test
    void testTheLeastRecentlyUsedEntryIsEvictedFirst() {
        ResponseStore store = fullStoreOfThree();
        store.lookup(key("/1"), IDENTITY);
        store.store(entry("/4", 100), 0);
        assertNull(store.lookup(key("/2"), IDENTITY));
        for (String kept : new String[] { "/1", "/3", "/4" }) {
            assertNotNull(store.lookup(key(kept), IDENTITY), kept);
        }
        assertEquals(1, store.evictions());
    }

    @Test
    void testEvictionMakesAsMuchRoomAsTheNewEntryNeeds() {
        ResponseStore store = fullStoreOfThree();
        long size = entry("/0", 100).size();
        store.store(entry("/4", (int) (100 + size / 2)), 0);
        assertNull(store.lookup(key("/1"), IDENTITY));
        assertNull(store.lookup(key("/2"), IDENTITY));
        assertNotNull(store.lookup(key("/3"), IDENTITY));
        assertEquals(2, store.evictions());
        assertTrue(store.bytes() <= 3 * size);
    }

    /** A store holding /1 in two encoding variants: for gzip and for {@code other}. */
    private static ResponseStore storeOfTwoVariants(String other) {
        ResponseStore store = storeFor(4);
        store.store(entry("/1", 100, "Accept-Encoding", "gzip"), 0);
        store.store(entry("/1", 100, "Accept-Encoding", other), 0);
        return store;
    }

    @Test
    void testAnEntryReplacesOnlyItsOwnEncodingVariant() {
        ResponseStore store = storeOfTwoVariants("identity");
        CachedResponse newer = entry("/1", 100, "Accept-Encoding", "GZIP");
        store.store(newer, 0);
        assertSame(newer, store.lookup(key("/1"), GZIP));
        assertNotNull(store.lookup(key("/1"), IDENTITY));
        assertNull(store.lookup(key("/1"), AcceptedCodings.of(fields("Accept-Encoding", "br")).variant()));
        assertEquals(2, store.entries());
    }

    /** A response that stops or starts varying answers every variant's requests in place of the old ones. */
    @Test
    void testAnEntryThatDoesNotVaryReplacesEveryVariantAndTheOtherWayRound() {
        ResponseStore store = storeOfTwoVariants("identity");
        store.store(entry("/1", 100), 0);
        assertEquals(1, store.entries());
        CachedResponse varying = entry("/1", 100, "Accept-Encoding", "gzip");
        store.store(varying, 0);
        assertEquals(1, store.entries());
        assertSame(varying, store.lookup(key("/1"), GZIP));
        assertEquals(varying.size(), store.bytes());
    }

    /**
     * A client that spells Accept-Encoding anew each time cannot make one key's lookups long, nor
     * push out the variants others use.
     */
    @Test
    void testAKeyKeepsAtMostMaxVariantsTheLeastRecentlyUsedGoingFirst() {
        ResponseStore store = storeFor(4 * ResponseStore.MAX_VARIANTS);
        store.store(entry("/1", 100, "Accept-Encoding", "gzip"), 0);
        for (int i = 1; i <= ResponseStore.MAX_VARIANTS; i++) {
            assertNotNull(store.lookup(key("/1"), GZIP), "the variant in use is kept");
            store.store(entry("/1", 100, "Accept-Encoding", "x" + i), 0);
        }
        assertEquals(ResponseStore.MAX_VARIANTS, store.entries());
        assertNull(store.lookup(key("/1"), variant("x1")), "the least recently used went");
        assertNotNull(store.lookup(key("/1"), variant("x2")));
        assertNotNull(store.lookup(key("/1"), variant("x" + ResponseStore.MAX_VARIANTS)));
    }

    private static String variant(String acceptEncoding) {
        return AcceptedCodings.of(fields("Accept-Encoding", acceptEncoding)).variant();
    }

    @Test
    void testInvalidateDropsEveryVariantOfTheKey() {
        ResponseStore store = storeOfTwoVariants("br");
        store.store(entry("/2", 100), 0);
        assertEquals(2, store.invalidate(key("/1")));
        assertEquals(0, store.invalidate(key("/1")));
        assertEquals(1, store.entries());
        assertEquals(entry("/2", 100).size(), store.bytes());
    }

    /** A change's end drops what was stored during it, and refuses what began before it. */
    @Test
    void testAChangeEndDropsItsKeyAndRefusesRequestsThatBeganBefore() {
        ResponseStore store = storeFor(4);
        long before = store.ticket();
        assertTrue(store.store(entry("/1", 100), before), "stored while the change was under way");
        store.changeEnded(key("/1"));
        assertNull(store.lookup(key("/1"), IDENTITY));
        assertEquals(0, store.entries());
        assertFalse(store.store(entry("/1", 100), before));
        assertTrue(store.store(entry("/1", 100), store.ticket()));
    }

    @Test
    void testInvalidateContextDropsTheEntriesOfOneApplication() {
        ResponseStore store = storeFor(8);
        for (String target : new String[] { "/shop/a", "/shop", "/shop2/a", "/a?/shop/" }) {
            store.store(entry(target, 100), 0);
        }
        store.store(CachedResponse.of(new RequestFacts("GET", "/shop/a", fields("Host", "Other.example:81")),
                Heads.cacheable(), Heads.BODY, Heads.freshness(Heads.cacheable()), SETTINGS), 0);
        assertEquals(2, store.invalidateContext("EXAMPLE.com", "/shop"));
        assertEquals(1, store.invalidateContext(null, "/shop"));
        assertEquals(2, store.invalidateContext(null, ""));
        assertEquals(0, store.entries());
    }

    @Test
    void testPurgeDropsEverything() {
        ResponseStore store = storeFor(4);
        store.store(entry("/1", 100), 0);
        store.store(entry("/2", 100, "Accept-Encoding", "gzip"), 0);
        store.purge();
        assertNull(store.lookup(key("/1"), IDENTITY));
        assertEquals(0, store.entries());
        assertEquals(0, store.bytes());
        assertEquals(2, store.stores());
    }

    @Test
    void testTheCountsFollowTheEntries() {
        ResponseStore store = storeFor(2);
        store.store(entry("/1", 100), 0);
        store.store(entry("/1", 100), 0);
        store.store(entry("/2", 100), 0);
        store.store(entry("/3", 100), 0);
        assertEquals(4, store.stores());
        assertEquals(1, store.evictions());
        assertEquals(2, store.entries());
        assertEquals(2 * entry("/0", 100).size(), store.bytes());
    }

    /** Workers store while the selector looks up: the bound holds and the counts match what is found. */
    @Test
    void testConcurrentStoresAndLookupsKeepTheBoundAndTheCounts() throws Exception {
        ResponseStore store = storeFor(20);
        ExecutorService threads = Executors.newFixedThreadPool(4);
        List<Future<?>> work = new ArrayList<>();
        for (int t = 0; t < 3; t++) {
            Random random = new Random(t);
            work.add(threads.submit(() -> {
                for (int i = 0; i < 5000; i++) {
                    String target = "/" + random.nextInt(60);
                    if (random.nextInt(10) == 0) {
                        store.invalidate(key(target));
                    } else {
                        store.store(entry(target, random.nextInt(300)), 0);
                    }
                }
            }));
        }
        work.add(threads.submit(() -> {
            for (int i = 0; i < 50000; i++) {
                store.lookup(key("/" + i % 60), IDENTITY);
            }
        }));
        for (Future<?> done : work) {
            done.get(60, TimeUnit.SECONDS);
        }
        threads.shutdown();
        long found = 0;
        long bytes = 0;
        for (int i = 0; i < 60; i++) {
            CachedResponse entry = store.lookup(key("/" + i), IDENTITY);
            if (entry != null) {
                found++;
                bytes += entry.size();
            }
        }
        assertEquals(found, store.entries());
        assertEquals(bytes, store.bytes());
        assertTrue(bytes <= 20 * entry("/0", 100).size());
    }
}
