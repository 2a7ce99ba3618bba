package org.hybridconnector.rubis.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

class ThinkTimeTest {

    @Test
    void testTpcwThinkTimeHasA7SecondMeanAndA70SecondCap() {
        SplittableRandom random = new SplittableRandom(1);
        int n = 400_000;
        double sum = 0;
        long max = 0;
        for (int i = 0; i < n; i++) {
            long t = ThinkTime.tpcwMillis(random);
            sum += t;
            max = Math.max(max, t);
        }
        assertEquals(7000, sum / n, 70);
        assertTrue(max <= 70_100, "max " + max);
        assertTrue(max > 50_000, "the tail must reach far: max " + max);
    }
}
