package org.hybridconnector.cache;

import static org.hybridconnector.cache.Heads.HOST;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ChangeEndsTest {

    private final ChangeEnds changeEnds = new ChangeEnds();
    private final CacheKey item = new CacheKey(HOST, "/item");

    @Test
    void testARequestThatBeganBeforeAnEndIsRefusedAndOneThatBeganAfterIsNot() {
        long before = changeEnds.ticket();
        assertFalse(changeEnds.endedSince(item, before), "nothing has ended yet");
        changeEnds.end(item);
        assertTrue(changeEnds.endedSince(item, before));
        assertFalse(changeEnds.endedSince(item, changeEnds.ticket()));
    }

    /** The table never grows: a key that shares the changed key's stripe is refused too, a miss at most. */
    @Test
    void testKeysShareStripesAndOnlyTheChangedStripeRefuses() {
        CacheKey sharing = null;
        CacheKey apart = null;
        for (int i = 0; sharing == null || apart == null; i++) {
            CacheKey other = new CacheKey(HOST, "/other/" + i);
            ChangeEnds alone = new ChangeEnds();
            alone.end(item);
            if (alone.endedSince(other, 0)) {
                sharing = sharing == null ? other : sharing;
            } else {
                apart = apart == null ? other : apart;
            }
        }
        long before = changeEnds.ticket();
        changeEnds.end(item);
        assertTrue(changeEnds.endedSince(sharing, before));
        assertFalse(changeEnds.endedSince(apart, before));
    }
}
