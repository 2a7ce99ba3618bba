package org.hybridconnector.e2e;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

/**
 * Start-up as a Tomcat user sees it: the connector's start message and thread names, and a bad
 * attribute value that stops it from starting with a message naming the attribute.
 */
class ConfigurationIT {

    @Test
    void testBadAttributeValueFailsStartUpNamingTheAttribute() throws Exception {
        try (TomcatServer tomcat = new TomcatServer("bad-attribute")
                .connector("hybrid", TomcatServer.HYBRID_PROTOCOL,
                        Map.of("maxThreads", "lots", "keepAliveTimeout", "-7", "useSendfile", "yes"))) {
            tomcat.start(false);
            String log = awaitLogLine(tomcat, "attribute [maxThreads]");
            assertTrue(log.contains("attribute [maxThreads] has the invalid value [lots]"), log);
            assertTrue(log.contains("attribute [keepAliveTimeout] has the invalid value [-7]"), log);
            // A boolean of Tomcat's own, which Tomcat alone would read as false.
            assertTrue(log.contains("attribute [useSendfile] has the invalid value [yes]"), log);
            assertFalse(TomcatServer.listens(tomcat.port("hybrid")), "a misconfigured connector must not listen");
        }
    }

    @Test
    void testStartMessageAndPortInUse() throws Exception {
        try (TomcatServer first = new TomcatServer("start-message")
                .connector("hybrid", TomcatServer.HYBRID_PROTOCOL, Map.of())
                .start()) {
            String name = first.connectorName("hybrid");
            assertTrue(first.consoleLog().contains("Starting ProtocolHandler [\"" + name + "\"]"), first.consoleLog());

            // A second server on the same port: start-up says the address is in use.
            try (TomcatServer second = new TomcatServer("port-in-use")
                    .connector("clash", TomcatServer.HYBRID_PROTOCOL, first.port("hybrid"), Map.of())) {
                second.start(false);
                String log = awaitLogLine(second, "Address already in use");
                assertTrue(log.contains("Failed to initialize component [Connector[\"" +
                        second.connectorName("clash") + "\"]]"), log);
            }
        }
    }

    private static String awaitLogLine(TomcatServer tomcat, String text) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline) {
            String log = tomcat.consoleLog();
            if (log.contains(text)) {
                return log;
            }
            Thread.sleep(200);
        }
        throw new AssertionError("no log line with [" + text + "]:\n" + tomcat.consoleLog());
    }
}
