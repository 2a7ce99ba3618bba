package org.hybridconnector;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.apache.catalina.core.StandardThreadExecutor;
import org.apache.catalina.util.ServerInfo;
import org.junit.jupiter.api.Test;

class HybridProtocolTest {

    @Test
    void testDefaultsAreThePapersTenWorkers() {
        HybridProtocol protocol = new HybridProtocol();
        assertEquals(10, protocol.getMaxThreads());
        assertEquals("busyWorkers", protocol.getAdmissionPolicy());
        // Large static files are sent by the kernel, finished by the selector.
        assertEquals(true, protocol.isSendfileSupported());
        // The defaults the README states.
        assertEquals(60000, protocol.getConnectionTimeout());
        assertEquals(60000, protocol.getKeepAliveTimeout());
        assertEquals(100, protocol.getAcceptCount());
        assertEquals(8192, protocol.getMaxConnections());
        assertEquals(8192, protocol.getMaxHttpHeaderSize());
    }

    @Test
    void testValidValuesAreApplied() {
        HybridProtocol protocol = new HybridProtocol();
        protocol.setMaxThreads("4");
        protocol.setConnectionTimeout("3000");
        protocol.setKeepAliveTimeout("-1");
        protocol.setMaxKeepAliveRequests("7");
        protocol.setMaxHttpHeaderSize("16384");
        protocol.setAdmissionPolicy("none");
        assertEquals(4, protocol.getMaxThreads());
        assertEquals(3000, protocol.getConnectionTimeout());
        assertEquals(-1, protocol.getKeepAliveTimeout());
        // (maxKeepAliveRequests reads back as 1 until the socket is bound: Tomcat's rule, not ours.)
        assertEquals(16384, protocol.getMaxHttpHeaderSize());
        assertEquals("none", protocol.getAdmissionPolicy());
    }

    @Test
    void testBeforeItStartsAnAdaptiveCountShowsTheMinimumItWillStartAt() {
        HybridProtocol fixed = new HybridProtocol();
        fixed.setMaxThreads("8");
        assertEquals(8, fixed.getWorkerCount());
        HybridProtocol adaptive = new HybridProtocol();
        adaptive.setMaxThreads("8");
        adaptive.setAdaptiveWorkers("true");
        adaptive.setMinWorkers("3");
        assertEquals(3, adaptive.getWorkerCount(), "a reading between init and start, as JMX may take it");
    }

    @Test
    void testSendfileCanBeSwitchedOffAndIsOffUnderTls() {
        HybridProtocol protocol = new HybridProtocol();
        protocol.setUseSendfile(false);
        assertEquals(false, protocol.isSendfileSupported());
        HybridProtocol tls = new HybridProtocol();
        tls.setSSLEnabled(true);
        assertEquals(false, tls.isSendfileSupported(), "TLS bytes must pass through the engine");
    }

    @Test
    void testEachBadValueFailsInitNamingItsAttribute() {
        HybridProtocol protocol = new HybridProtocol();
        protocol.setMaxThreads("ten");
        protocol.setPort("70000");
        protocol.setConnectionTimeout("0");
        protocol.setMaxKeepAliveRequests("-5");
        protocol.setAdmissionPolicy("lottery");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, protocol::init);
        for (String attribute : new String[] { "maxThreads", "port", "connectionTimeout", "maxKeepAliveRequests",
                "admissionPolicy" }) {
            assertTrue(e.getMessage().contains("attribute [" + attribute + "]"), e.getMessage());
        }
        assertTrue(e.getMessage().contains("[ten]"), e.getMessage());
        // The bad value did not replace the default.
        assertEquals(10, protocol.getMaxThreads());
    }

    @Test
    void testTomcatsBooleanAndHeadSizeAttributesAreCheckedToo() {
        HybridProtocol protocol = new HybridProtocol();
        protocol.setUseSendfile("false");
        protocol.setUseVirtualThreads("false");
        protocol.setMaxHttpRequestHeaderSize("16384");
        assertEquals(false, protocol.isSendfileSupported());
        assertEquals(16384, protocol.getMaxHttpRequestHeaderSize());

        // Tomcat would read "yes" as false and start without sendfile; a size under 256 would refuse every request.
        HybridProtocol bad = new HybridProtocol();
        bad.setUseSendfile("yes");
        bad.setUseAsyncIO("on");
        bad.setMaxHttpRequestHeaderSize("10");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, bad::init);
        for (String attribute : new String[] { "useSendfile", "useAsyncIO", "maxHttpRequestHeaderSize" }) {
            assertTrue(e.getMessage().contains("attribute [" + attribute + "] has the invalid value"), e.getMessage());
        }
        assertEquals(true, bad.isSendfileSupported(), "the bad value did not replace the default");
    }

    @Test
    void testVirtualThreadsAreRefusedByName() {
        HybridProtocol protocol = new HybridProtocol();
        protocol.setUseVirtualThreads("true");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, protocol::init);
        assertTrue(e.getMessage().contains("attribute [useVirtualThreads] is refused: the hybrid's workers are a "
                + "bounded pool of maxThreads"), e.getMessage());
    }

    @Test
    void testTheLengthyReserveLeavesTheGeneralPoolTwoWorkers() {
        HybridProtocol protocol = new HybridProtocol();
        protocol.setLengthyThresholdMillis("100");
        protocol.setLengthyMinReserve("9");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, protocol::init);
        assertTrue(e.getMessage().contains("attribute [lengthyMinReserve] is 9, more than maxThreads (10) less two"),
                e.getMessage());

        // A shared <Executor>'s maxThreads bounds it then (the protocol's own reads -1).
        assertDoesNotThrow(checkedBesideASharedPool("2")::throwIfAny);
        e = assertThrows(IllegalArgumentException.class, checkedBesideASharedPool("19")::throwIfAny);
        assertTrue(e.getMessage().contains("attribute [lengthyMinReserve] is 19, more than maxThreads (20) less two"),
                e.getMessage());

        // With one pool the reserve means nothing, and is not checked.
        HybridProtocol onePool = new HybridProtocol();
        onePool.setLengthyMinReserve("9");
        onePool.setMaxThreads("none");
        e = assertThrows(IllegalArgumentException.class, onePool::init);
        assertFalse(e.getMessage().contains("lengthyMinReserve"), e.getMessage());
    }

    private static AttributeErrors checkedBesideASharedPool(String reserve) {
        HybridProtocol protocol = new HybridProtocol();
        protocol.setLengthyThresholdMillis("100");
        protocol.setLengthyMinReserve(reserve);
        StandardThreadExecutor executor = new StandardThreadExecutor();
        executor.setMaxThreads(20);
        protocol.setExecutor(executor);
        protocol.checkCombinedAttributes();
        return protocol.attributeErrors();
    }

    @Test
    void testOverloadPolicyAttributesAreApplied() {
        HybridProtocol protocol = new HybridProtocol();
        assertEquals(-1, protocol.getLengthyThresholdMillis());
        assertEquals(false, protocol.getAdaptiveWorkers());
        protocol.setAdmissionPolicy("sessions");
        protocol.setTurnAway("REJECT");
        protocol.setNewSessionBy("cookie");
        protocol.setSessionCookieName("SID");
        protocol.setAdmissionTargetMillis("80");
        protocol.setLengthyThresholdMillis("250");
        protocol.setLengthyMinReserve("3");
        protocol.setAdaptiveWorkers("true");
        protocol.setMinWorkers("4");
        assertEquals("sessions", protocol.getAdmissionPolicy());
        assertEquals("reject", protocol.getTurnAway());
        assertEquals("cookie", protocol.getNewSessionBy());
        assertEquals("SID", protocol.getSessionCookieName());
        assertEquals(80, protocol.getAdmissionTargetMillis());
        assertEquals(250, protocol.getLengthyThresholdMillis());
        assertEquals(3, protocol.getLengthyMinReserve());
        assertEquals(true, protocol.getAdaptiveWorkers());
        assertEquals(4, protocol.getMinWorkers());
        assertEquals(-1, protocol.getSessionLimit(), "admission starts open");
    }

    @Test
    void testBadOverloadPolicyValuesFailInitNamingTheirAttributes() {
        HybridProtocol protocol = new HybridProtocol();
        protocol.setTurnAway("drop");
        protocol.setNewSessionBy("ip");
        protocol.setSessionCookieName("a;b");
        protocol.setAdmissionTargetMillis("0");
        protocol.setLengthyThresholdMillis("-2");
        protocol.setLengthyMinReserve("-1");
        protocol.setAdaptiveWorkers("yes");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, protocol::init);
        for (String attribute : new String[] { "turnAway", "newSessionBy", "sessionCookieName", "admissionTargetMillis",
                "lengthyThresholdMillis", "lengthyMinReserve", "adaptiveWorkers" }) {
            assertTrue(e.getMessage().contains("attribute [" + attribute + "]"), e.getMessage());
        }
    }

    @Test
    void testResponseCacheAttributesAreAppliedAndBadOnesNamed() {
        HybridProtocol protocol = new HybridProtocol();
        assertEquals(false, protocol.getResponseCache(), "off by default");
        assertEquals(64 << 20, protocol.getResponseCacheSize());
        protocol.setResponseCache("true");
        protocol.setResponseCacheSize("1048576");
        protocol.setResponseCacheMaxObjectSize("65536");
        protocol.setResponseCacheStaticTypes("image/*, text/css");
        protocol.setResponseCacheMaxHeuristicSeconds("600");
        assertEquals(true, protocol.getResponseCache());
        assertEquals(1048576, protocol.getResponseCacheSize());
        assertEquals(65536, protocol.getResponseCacheMaxObjectSize());
        assertEquals("image/*,text/css", protocol.getResponseCacheStaticTypes());
        assertEquals(600, protocol.getResponseCacheMaxHeuristicSeconds());

        HybridProtocol bad = new HybridProtocol();
        bad.setResponseCache("on");
        bad.setResponseCacheSize("12");
        bad.setResponseCacheStaticTypes("images");
        bad.setResponseCacheMaxHeuristicSeconds("-1");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, bad::init);
        for (String attribute : new String[] { "responseCache", "responseCacheSize", "responseCacheStaticTypes",
                "responseCacheMaxHeuristicSeconds" }) {
            assertTrue(e.getMessage().contains("attribute [" + attribute + "]"), e.getMessage());
        }
    }

    @Test
    void testTheLargestCachedObjectFitsTheCache() {
        HybridProtocol protocol = new HybridProtocol();
        protocol.setResponseCache("true");
        protocol.setResponseCacheSize("65536");
        protocol.setResponseCacheMaxObjectSize("65537");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, protocol::init);
        assertTrue(e.getMessage().contains("attribute [responseCacheMaxObjectSize] is 65537, more than "
                + "responseCacheSize (65536)"), e.getMessage());
        HybridProtocol defaulted = new HybridProtocol();
        defaulted.setResponseCacheSize("65536");
        assertEquals(65536, defaulted.getResponseCacheMaxObjectSize(), "the default shrinks to fit a small cache");
    }

    @Test
    void testAdaptiveWorkersNeedTheConnectorsOwnPool() {
        HybridProtocol protocol = new HybridProtocol();
        protocol.setAdaptiveWorkers("true");
        protocol.setExecutor(new org.apache.catalina.core.StandardThreadExecutor());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, protocol::init);
        assertTrue(e.getMessage().contains("attribute [adaptiveWorkers] needs the connector's own worker pool"),
                e.getMessage());
    }

    @Test
    void testAnAttributeThatMeansNothingBesideTheOthersIsNamedInAWarning() {
        HybridProtocol protocol = new HybridProtocol();
        protocol.setTurnAway("reject");
        protocol.setLengthyMinReserve("3");
        protocol.setMinWorkers("2");
        protocol.setAgentAddress("127.0.0.1");
        protocol.setResponseCacheStaticTypes("text/css");
        protocol.checkCombinedAttributes();
        assertEquals(List.of(
                "attribute [turnAway] has no effect without admissionPolicy=\"sessions\"; it is ignored",
                "attribute [lengthyMinReserve] has no effect without lengthyThresholdMillis; it is ignored",
                "attribute [minWorkers] has no effect without adaptiveWorkers=\"true\"; it is ignored",
                "attribute [agentAddress] has no effect without agentPort; it is ignored",
                "attribute [responseCacheStaticTypes] has no effect without responseCache=\"true\"; it is ignored"),
                protocol.attributeErrors().warnings());

        HybridProtocol byConnection = new HybridProtocol();
        byConnection.setAdmissionPolicy("sessions");
        byConnection.setSessionCookieName("SID");
        byConnection.checkCombinedAttributes();
        assertEquals(List.of("attribute [sessionCookieName] has no effect without newSessionBy=\"cookie\"; it is ignored"),
                byConnection.attributeErrors().warnings());
    }

    @Test
    void testAttributesGivenBesideWhatTheyNeedGiveNoWarning() {
        HybridProtocol protocol = new HybridProtocol();
        protocol.setAdmissionPolicy("sessions");
        protocol.setTurnAway("reject");
        protocol.setNewSessionBy("cookie");
        protocol.setSessionCookieName("SID");
        protocol.setLengthyThresholdMillis("100");
        protocol.setLengthyMinReserve("3");
        protocol.setAdaptiveWorkers("true");
        protocol.setMinWorkers("2");
        protocol.setAgentPort("9999");
        protocol.setAgentAddress("127.0.0.1");
        protocol.setResponseCache("true");
        protocol.setResponseCacheStaticTypes("text/css");
        protocol.checkCombinedAttributes();
        assertEquals(List.of(), protocol.attributeErrors().warnings());
    }

    @Test
    void testAdaptiveWorkersNeedAMinimumWithinMaxThreads() {
        HybridProtocol protocol = new HybridProtocol();
        protocol.setAdaptiveWorkers("true");
        protocol.setMinWorkers("12");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, protocol::init);
        assertTrue(e.getMessage().contains("attribute [minWorkers] is 12, more than maxThreads (10)"), e.getMessage());
    }

    @Test
    void testReleasesOutsideTheSupportedRangeAreRefusedByNameWithTheRange() {
        for (String supported : new String[] { "11.0.12.0", "11.0.24.0", "11.0.27.0", "11.0.130.0" }) {
            SupportedTomcat.require(supported);
        }
        for (String refused : new String[] { "11.0.11.0", "11.0.0.0", "10.1.49.0", "12.0.0.0", "11.1.0.0", "11.0",
            "eleven", "" }) {
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> SupportedTomcat.require(refused),
                    refused);
            assertTrue(e.getMessage().contains("supports Apache Tomcat 11.0.12 and later 11.0.x"), e.getMessage());
            assertTrue(e.getMessage().contains("this is Apache Tomcat " + refused + ":"), e.getMessage());
        }
    }

    @Test
    void testTheTomcatTheTestsRunOnIsSupported() {
        // On the tomcat-embed-core the build names; -Dtomcat.version=11.0.12 runs them on the oldest.
        assertTrue(SupportedTomcat.isSupported(ServerInfo.getServerNumber()), ServerInfo.getServerNumber());
    }
}
