package org.hybridconnector.bench.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The elements as the runner wrote them when it was bash, attribute for attribute. */
class ConnectorElementsTest {

    private static final String COMMON = " port=\"8080\" address=\"127.0.0.1\" connectionTimeout=\"20000\" acceptCount=\"1000\"";
    private static final String HYBRID = "<Connector protocol=\"org.hybridconnector.HybridProtocol\"" + COMMON;
    private static final String NIO = "<Connector protocol=\"org.apache.coyote.http11.Http11NioProtocol\"" + COMMON;

    private final ConnectorElements elements = new ConnectorElements(200, 10, 50, 200, KeepAlive.TOMCATS);

    private String element(String spec) {
        return elements.element(Variant.parse(spec), "8080");
    }

    @Test
    void testTheHybridTakesItsOwnThreadCountAndTheAdaptiveOnesFourTimesIt() {
        assertEquals(HYBRID + " maxThreads=\"10\" />", element("hybrid"));
        assertEquals(HYBRID + " maxThreads=\"40\" adaptiveWorkers=\"true\" minWorkers=\"2\" />", element("hybrid-adaptive"));
        assertEquals(HYBRID + " maxThreads=\"40\" admissionPolicy=\"sessions\" admissionTargetMillis=\"200\""
                + " turnAway=\"reject\" lengthyThresholdMillis=\"50\" adaptiveWorkers=\"true\" minWorkers=\"10\" />",
                element("hybrid-all"));
        assertEquals(HYBRID + " maxThreads=\"10\" admissionPolicy=\"sessions\" admissionTargetMillis=\"200\""
                + " turnAway=\"backlog\" />", element("hybrid-sessions"));
    }

    @Test
    void testStockConnectorsTakeTheRunsThreadCountOrTheirOwn() {
        assertEquals(NIO + " maxThreads=\"200\" />", element("nio"));
        assertEquals(NIO + " maxConnections=\"300\" maxThreads=\"50\" />", element("nio:50@300"));
        assertEquals(NIO + " useVirtualThreads=\"true\" />", element("nio-vt"));
        assertEquals("<Connector protocol=\"org.hybridconnector.nioadmission.NioAdmissionProtocol\"" + COMMON
                + " maxThreads=\"200\" />", element("nio-admission"));
        assertEquals("<Connector protocol=\"org.apache.coyote.http11.Http11Nio2Protocol\"" + COMMON
                + " maxConnections=\"100\" maxThreads=\"200\" />", element("nio2@100"));
    }

    @Test
    void testTheHtmlCacheAddsTextHtmlToTheStaticTypes() {
        assertEquals(HYBRID + " maxThreads=\"10\" responseCache=\"true\" responseCacheStaticTypes=\""
                + ConnectorElements.CACHE_STATIC_TYPES + ",text/html\" />", element("hybrid-cache-html"));
    }

    @Test
    void testTheRunsSettingsReachTheElements() {
        ConnectorElements tuned = new ConnectorElements(25, 4, 80, 500, new KeepAlive(75000, -1));
        String keepAlive = " keepAliveTimeout=\"75000\" maxKeepAliveRequests=\"-1\"";
        assertEquals(NIO + keepAlive + " maxThreads=\"25\" />", tuned.element(Variant.parse("nio"), "8080"));
        assertEquals(HYBRID + keepAlive + " maxThreads=\"4\" lengthyThresholdMillis=\"80\" />",
                tuned.element(Variant.parse("hybrid-lengthy"), "8080"));
        assertEquals(HYBRID + keepAlive + " maxThreads=\"16\" admissionPolicy=\"sessions\""
                + " admissionTargetMillis=\"500\""
                + " turnAway=\"backlog\" lengthyThresholdMillis=\"80\" adaptiveWorkers=\"true\" minWorkers=\"4\" />",
                tuned.element(Variant.parse("hybrid-all-backlog"), "8080"));
    }
}
