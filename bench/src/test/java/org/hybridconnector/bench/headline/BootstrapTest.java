package org.hybridconnector.bench.headline;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class BootstrapTest {

    private final Bootstrap bootstrap = new Bootstrap();

    @Test
    void testMedianOfOddAndEvenCounts() {
        double[] odd = { 9, 1, 5 };
        assertEquals(5, Bootstrap.medianOf(odd));
        assertArrayEquals(new double[] { 9, 1, 5 }, odd, "the caller's array is left unsorted");
        assertEquals(2.5, Bootstrap.medianOf(new double[] { 4, 1, 3, 2 }), "mean of the middle two");
        assertEquals(2.5, bootstrap.median(new double[] { 4, 1, 3, 2 }).median());
    }

    @Test
    void testOneValueGivesADegenerateInterval() {
        assertEquals(new Bootstrap.Interval(7.5, 7.5, 7.5, 1), bootstrap.median(new double[] { 7.5 }));
    }

    @Test
    void testNoValuesGiveNaN() {
        Bootstrap.Interval empty = bootstrap.median(new double[0]);
        assertEquals(0, empty.n());
        assertTrue(Double.isNaN(empty.median()) && Double.isNaN(empty.low()) && Double.isNaN(empty.high()));
        assertEquals("–", empty.format("%.2f"));
    }

    @Test
    void testIntervalOfTwoValuesSpansThem() {
        // Resampled medians of {0, 10}: 0 a quarter of the time, 5 half, 10 a quarter; the 2.5th and 97.5th
        // percentiles are the ends.
        Bootstrap.Interval interval = bootstrap.median(new double[] { 10, 0 });
        assertEquals(new Bootstrap.Interval(5, 0, 10, 2), interval);
    }

    @Test
    void testIntervalContainsTheMedianAndStaysInsideTheSample() {
        double[] values = { 12.1, 9.8, 11.0, 10.4, 13.7, 10.9, 8.9 };
        Bootstrap.Interval interval = bootstrap.median(values);
        assertEquals(10.9, interval.median());
        assertTrue(interval.low() < interval.median() && interval.median() < interval.high(), interval.toString());
        assertTrue(interval.low() >= 8.9 && interval.high() <= 13.7, interval.toString());
        assertEquals(7, interval.n());
    }

    @Test
    void testTheSeedMakesItReproducible() {
        double[] values = { 1.31, 1.12, 1.45, 1.28, 1.19, 1.37, 1.22, 1.08, 1.40, 1.25, 1.33 };
        // With many resamples the percentiles land on the same sample values whatever the seed; with three
        // they interpolate between three resampled medians, which another seed (or none) changes.
        Bootstrap three = new Bootstrap(3, 5);
        assertEquals(new Bootstrap(3, 5).median(values), three.median(values));
        assertEquals(three.median(values), three.median(values), "no state carried between calls");
        assertNotEquals(three.median(values), new Bootstrap(3, 6).median(values), "another seed, other resamples");
    }

    @Test
    void testInfinityIsAValueAndNaNIsRefused() {
        Bootstrap.Interval interval = bootstrap.median(new double[] { 2, Double.POSITIVE_INFINITY, 1 });
        assertEquals(2, interval.median());
        assertEquals(1, interval.low());
        assertEquals(Double.POSITIVE_INFINITY, interval.high());
        assertEquals("2.00x [1.00, ∞]", interval.ratio());
        assertEquals(Double.POSITIVE_INFINITY, Bootstrap.percentile(new double[] { 1, Double.POSITIVE_INFINITY,
                Double.POSITIVE_INFINITY }, 0.75), "two infinite neighbours do not make NaN");
        assertThrows(IllegalArgumentException.class, () -> bootstrap.median(new double[] { 1, Double.NaN }));
    }

    @Test
    void testPercentileInterpolatesBetweenRanks() {
        assertEquals(5, Bootstrap.percentile(new double[] { 0, 10 }, 0.5));
        assertEquals(0.25, Bootstrap.percentile(new double[] { 0, 10 }, 0.025), 1e-12);
        assertEquals(3, Bootstrap.percentile(new double[] { 1, 2, 3 }, 1));
    }
}
