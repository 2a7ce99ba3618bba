package org.hybridconnector.blocking;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class KeepAliveRuleTest {

    @Test
    void testKeepAliveStaysUpToThePercentageAndEndsAboveIt() {
        // Tomcat 7's comparison is strict: 3 of 4 threads is 75 %, not more than 75 %.
        assertFalse(KeepAliveRule.disablesKeepAlive(3, 4, 75));
        assertTrue(KeepAliveRule.disablesKeepAlive(4, 4, 75));
        assertFalse(KeepAliveRule.disablesKeepAlive(150, 200, 75));
        // Integer percentages, as Tomcat 7 computed them: 151 of 200 is 75 %.
        assertFalse(KeepAliveRule.disablesKeepAlive(151, 200, 75));
        assertTrue(KeepAliveRule.disablesKeepAlive(152, 200, 75));
        assertFalse(KeepAliveRule.disablesKeepAlive(1, 200, 75));
    }

    @Test
    void testPercentageIsClampedAsTomcat7Did() {
        assertTrue(KeepAliveRule.disablesKeepAlive(1, 100, -20), "below 0 acts as 0: any busy thread");
        assertFalse(KeepAliveRule.disablesKeepAlive(0, 100, -20));
        assertFalse(KeepAliveRule.disablesKeepAlive(200, 200, 250), "above 100 acts as 100: never");
    }

    @Test
    void testNoThreadsMeansNoRule() {
        assertFalse(KeepAliveRule.disablesKeepAlive(5, 0, 75));
    }
}
