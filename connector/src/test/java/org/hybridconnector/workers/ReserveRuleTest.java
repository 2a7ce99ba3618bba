package org.hybridconnector.workers;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class ReserveRuleTest {

    /** Reserves after each second on a general pool of {@code capacity} workers. */
    private static int[] reservesAfter(ReserveRule rule, int capacity, int... spareEachSecond) {
        int[] reserves = new int[spareEachSecond.length];
        for (int i = 0; i < spareEachSecond.length; i++) {
            rule.tick(spareEachSecond[i], capacity);
            reserves[i] = rule.reserve();
        }
        return reserves;
    }

    @Test
    void testReproducesTheWorkedExample() {
        ReserveRule rule = new ReserveRule(20);
        assertArrayEquals(new int[] { 20, 20, 26, 31, 32, 30, 26, 21, 20, 20 },
                reservesAfter(rule, 100, 35, 24, 17, 21, 30, 36, 38, 37, 35, 39));
    }

    @Test
    void testStartsAtTheMinimumAndStaysThereWhileSpareWorkersSuffice() {
        ReserveRule rule = new ReserveRule(2);
        assertEquals(2, rule.reserve());
        assertArrayEquals(new int[] { 2, 2, 2 }, reservesAfter(rule, 100, 10, 2, 7));
    }

    @Test
    void testAllWorkersBusyRaisesTheReserveByShortfallAndByTheMinimum() {
        ReserveRule rule = new ReserveRule(2);
        // 0 spare: shortfall 2 plus 2 under the minimum, then shortfall 6 plus 2 again.
        assertArrayEquals(new int[] { 6, 14 }, reservesAfter(rule, 100, 0, 0));
    }

    @Test
    void testStaysTwoShortOfThePoolAndComesBackDownWhenThePoolIdles() {
        ReserveRule rule = new ReserveRule(2);
        for (int second = 0; second < 100; second++) {
            rule.tick(0, 8); // without the bound: 6, 14, 30, ... and past Integer.MAX_VALUE in half a minute
            assertEquals(6, rule.reserve(), "second " + second);
        }
        // The pool idles: surplus 2, 3, 4 over the reserve, each halved.
        assertArrayEquals(new int[] { 5, 4, 2, 2 }, reservesAfter(rule, 8, 8, 8, 8, 8));
    }

    @Test
    void testSurplusOfOneDoesNotLowerTheReserve() {
        ReserveRule raised = new ReserveRule(1);
        raised.tick(0, 100); // 1 + 1 + 1
        assertEquals(3, raised.reserve());
        raised.tick(4, 100); // surplus 1: half of it rounds down to nothing
        assertEquals(3, raised.reserve());
    }

    @Test
    void testRejectsANegativeMinimum() {
        assertThrows(IllegalArgumentException.class, () -> new ReserveRule(-1));
    }
}
