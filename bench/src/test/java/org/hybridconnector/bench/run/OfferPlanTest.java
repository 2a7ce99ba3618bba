package org.hybridconnector.bench.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The plans the runner made when its arithmetic was awk, for the quick, full and static defaults. */
class OfferPlanTest {

    private static final OfferPlan.Sessions QUICK = new OfferPlan.Sessions(false, 0.1, 20, 35);
    private static final OfferPlan.Sessions FULL = new OfferPlan.Sessions(false, 1, 1000, 600);
    private static final OfferPlan.Sessions STATIC = new OfferPlan.Sessions(true, 0.1, 20, 35);

    @Test
    void testShortSessionsFitOneProcessUntilNineHundredAreOpen() {
        assertEquals("1 75 75 5.000000 0", OfferPlan.of(QUICK, 5, 15, 0).words());
        assertEquals("1 113 113 7.500000 0", OfferPlan.of(QUICK, 7.5, 15, 0).words(), "112.5 sessions round up");
        assertEquals("2 600 300 20.000000 0", OfferPlan.of(QUICK, 40, 15, 0).words());
        assertEquals("7 2400 343 22.857143 0", OfferPlan.of(QUICK, 160, 15, 0).words());
    }

    @Test
    void testLongSessionsAreBoundByTheStepAndSustainedThroughTheGrace() {
        assertEquals("2 240 120 1.000000 480", OfferPlan.of(FULL, 2, 120, 480).words());
        assertEquals("11 1920 175 1.454545 699", OfferPlan.of(FULL, 16, 120, 480).words());
        assertEquals("16 2880 180 1.500000 720", OfferPlan.of(FULL, 24, 120, 480).words());
    }

    @Test
    void testStaticSessionsAreAboutSixRequests() {
        assertEquals("2 750 375 25.000000 0", OfferPlan.of(STATIC, 50, 15, 0).words());
        assertEquals("24 9000 375 25.000000 0", OfferPlan.of(STATIC, 600, 15, 0).words());
    }

    @Test
    void testARateIsLabelledAsWritten() {
        assertEquals("2.5", OfferPlan.label(2.5));
        assertEquals("20", OfferPlan.label(20.0));
        assertEquals("1 75 75 2.500000 0", OfferPlan.of(QUICK, 2.5, 30, 0).words(), "the quick up-ramp");
    }
}
