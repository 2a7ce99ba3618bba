package org.hybridconnector.bench.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class VariantTest {

    @Test
    void testANameAloneTakesTheRunsCounts() {
        Variant variant = Variant.parse("hybrid-sessions-503");
        assertEquals("hybrid-sessions-503", variant.name());
        assertNull(variant.threads());
        assertNull(variant.maxConnections());
        assertTrue(variant.hybrid());
    }

    @Test
    void testThreadsAndACapAreReadFromTheSpec() {
        Variant variant = Variant.parse("nio:50@300");
        assertEquals("nio", variant.name());
        assertEquals(50, variant.threads());
        assertEquals(300, variant.maxConnections());
        assertFalse(variant.hybrid());
        assertEquals(150, Variant.parse("nio@150").maxConnections());
        assertEquals(10, Variant.parse("nio2:10").threads());
    }

    @Test
    void testAnUnknownNameIsNamedWithTheKnownOnes() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Variant.parse("nio3"));
        assertTrue(e.getMessage().contains("'nio3'") && e.getMessage().contains("nio-admission"), e.getMessage());
    }

    @Test
    void testAMalformedSpecIsRefused() {
        for (String spec : new String[] { "nio@300:50", "nio:", "nio:x", "", "nio:0", "nio@0", "nio:99999999999",
                "nio-vt:20" }) {
            assertThrows(IllegalArgumentException.class, () -> Variant.parse(spec), spec);
        }
    }

    @Test
    void testTheBaseNameDropsTheSettingsOfAnyName() {
        assertEquals("nio", Variant.baseName("nio:50@300"));
        assertEquals("nio2", Variant.baseName("nio2@300"));
        assertEquals("nio-vt", Variant.baseName("nio-vt"));
        assertEquals("apr", Variant.baseName("apr:20"), "a name of an older run's CSV");
    }

    @Test
    void testOnlyTheHybridsWithAPolicyOrFeatureAreSampledOverTime() {
        assertTrue(Variant.parse("hybrid-sessions:20@100").withPolicies());
        assertTrue(Variant.parse("hybrid-cache").withPolicies());
        assertFalse(Variant.parse("hybrid").withPolicies());
        assertFalse(Variant.parse("nio-admission").withPolicies());
        assertFalse(Variant.withPolicies("hybridish"));
    }
}
