package org.hybridconnector.bench.jmx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.management.ManagementFactory;
import java.net.ServerSocket;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.rmi.server.UnicastRemoteObject;
import java.util.List;

import javax.management.MBeanServer;
import javax.management.ObjectName;
import javax.management.remote.JMXConnectorServer;
import javax.management.remote.JMXConnectorServerFactory;
import javax.management.remote.JMXServiceURL;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The sampler against a real JMX connector server on 127.0.0.1, with beans named as Tomcat names a connector's. */
class JmxSamplerTest {

    /** A stand-in for a connector's counters. */
    public interface CountersMBean {
        int getSessionLimit();

        long getRequestCount();
    }

    public static final class Counters implements CountersMBean {
        private final int limit;

        Counters(int limit) {
            this.limit = limit;
        }

        @Override
        public int getSessionLimit() {
            return limit;
        }

        @Override
        public long getRequestCount() {
            return 7;
        }
    }

    private static Registry registry;
    private static JMXConnectorServer server;
    private static int jmxPort;

    @BeforeAll
    static void startServer() throws Exception {
        try (ServerSocket free = new ServerSocket(0)) {
            jmxPort = free.getLocalPort();
        }
        registry = LocateRegistry.createRegistry(jmxPort);
        MBeanServer beans = ManagementFactory.getPlatformMBeanServer();
        beans.registerMBean(new Counters(120), new ObjectName("Catalina:type=ProtocolHandler,port=4242,address=\"127.0.0.1\""));
        beans.registerMBean(new Counters(999), new ObjectName("Catalina:type=ProtocolHandler,port=42420"));
        beans.registerMBean(new Counters(5), new ObjectName("Catalina:type=GlobalRequestProcessor,name=\"http-hybrid-127.0.0.1-4242\""));
        server = JMXConnectorServerFactory.newJMXConnectorServer(
                new JMXServiceURL("service:jmx:rmi://127.0.0.1:" + jmxPort + "/jndi/rmi://127.0.0.1:" + jmxPort + "/jmxrmi"),
                null, beans);
        server.start();
    }

    @AfterAll
    static void stopServer() throws Exception {
        server.stop();
        UnicastRemoteObject.unexportObject(registry, true);
    }

    @Test
    void testTheBenchmarkedConnectorsBeansAreSampledOncePerTick() throws Exception {
        StringWriter text = new StringWriter();
        try (JmxSampler sampler = JmxSampler.connect(jmxPort); PrintWriter out = new PrintWriter(text)) {
            // A standard MBean's attributes are capitalised (Tomcat's own beans are not).
            sampler.sample(List.of(JmxSampler.Column.parse("Catalina:type=ProtocolHandler,*#SessionLimit"),
                    JmxSampler.Column.parse("Catalina:type=GlobalRequestProcessor,*#RequestCount"),
                    JmxSampler.Column.parse("Catalina:type=ProtocolHandler,*#turnedAwayCount"),
                    JmxSampler.Column.parse("Catalina:type=ThreadPool,*#currentThreadsBusy")), 4242, 100, 0.2, out);
        }
        // The bean of port 4242, not 42420's; an attribute or bean the connector lacks is empty.
        assertEquals(List.of("seconds,ProtocolHandler.SessionLimit,GlobalRequestProcessor.RequestCount,"
                + "ProtocolHandler.turnedAwayCount,ThreadPool.currentThreadsBusy", "0,120,7,,", "0,120,7,,"),
                text.toString().lines().toList());
    }

    @Test
    void testAColumnNamesItsAttribute() {
        assertThrows(IllegalArgumentException.class, () -> JmxSampler.Column.parse("Catalina:type=ThreadPool,*"));
    }
}
