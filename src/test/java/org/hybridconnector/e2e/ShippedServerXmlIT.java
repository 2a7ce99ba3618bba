package org.hybridconnector.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The {@code conf/server.xml} the project ships starts a Tomcat 11 that serves through the hybrid connector. */
class ShippedServerXmlIT {

    @Test
    void testShippedServerXmlServesThroughTheHybridConnector() throws Exception {
        try (TomcatServer tomcat = new TomcatServer("shipped-server-xml").shippedServerXml("hybrid")
                .webapp("examples").start()) {
            try (RawConnection connection = RawConnection.open(tomcat.port("hybrid"))) {
                RawResponse response = connection
                        .send(RawConnection.get("/examples/servlets/servlet/HelloWorldExample")).read();
                assertEquals(200, response.status());
                assertTrue(response.text().contains("Hello World!"));
            }
            String log = tomcat.consoleLog();
            assertTrue(log.contains("Starting ProtocolHandler [\"" + tomcat.connectorName("hybrid") + "\"]"), log);
            assertFalse(log.contains("failed to set property"), "an attribute of conf/server.xml is unknown:\n" + log);
            assertEquals("10", tomcat.threadPoolAttribute("hybrid", "maxThreads"));
            assertEquals("busyWorkers", tomcat.protocolAttribute("hybrid", "admissionPolicy"));
        }
    }
}
