package org.hybridconnector.bench.jmx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.management.ManagementFactory;
import java.rmi.RemoteException;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.rmi.server.ExportException;
import java.rmi.server.UnicastRemoteObject;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;

import javax.management.Attribute;
import javax.management.AttributeList;
import javax.management.AttributeNotFoundException;
import javax.management.DynamicMBean;
import javax.management.MBeanInfo;
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

        String getLengthyPaths();
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

        @Override
        public String getLengthyPaths() {
            return "/search 80 ms; /register 55 ms";
        }
    }

    /** Attributes named as Tomcat names its own (lower-case first letter), which a standard MBean cannot. */
    public static final class Attributes implements DynamicMBean {
        private final Map<String,Object> values;

        Attributes(Map<String,Object> values) {
            this.values = values;
        }

        @Override
        public Object getAttribute(String attribute) throws AttributeNotFoundException {
            if (!values.containsKey(attribute)) {
                throw new AttributeNotFoundException(attribute);
            }
            return values.get(attribute);
        }

        @Override
        public AttributeList getAttributes(String[] attributes) {
            AttributeList list = new AttributeList();
            for (String attribute : attributes) {
                if (values.containsKey(attribute)) {
                    list.add(new Attribute(attribute, values.get(attribute)));
                }
            }
            return list;
        }

        @Override
        public void setAttribute(Attribute attribute) {
            throw new UnsupportedOperationException();
        }

        @Override
        public AttributeList setAttributes(AttributeList attributes) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Object invoke(String action, Object[] params, String[] signature) {
            throw new UnsupportedOperationException();
        }

        @Override
        public MBeanInfo getMBeanInfo() {
            return new MBeanInfo(Attributes.class.getName(), "test", null, null, null, null);
        }
    }

    private static Registry registry;
    private static JMXConnectorServer server;
    private static int jmxPort;

    @BeforeAll
    static void startServer() throws Exception {
        registry = registryOnAFreePort();
        MBeanServer beans = ManagementFactory.getPlatformMBeanServer();
        beans.registerMBean(new Counters(120), new ObjectName("Catalina:type=ProtocolHandler,port=4242,address=\"127.0.0.1\""));
        beans.registerMBean(new Counters(999), new ObjectName("Catalina:type=ProtocolHandler,port=42420"));
        beans.registerMBean(new Counters(5), new ObjectName("Catalina:type=GlobalRequestProcessor,name=\"http-hybrid-127.0.0.1-4242\""));
        beans.registerMBean(new Counters(6), new ObjectName("Catalina:type=GlobalRequestProcessor,name=\"http-nio-127.0.0.1-8080\""));
        // A hybrid connector on port 5151 with its response cache, and two of RUBiS's servlets.
        beans.registerMBean(new Attributes(Map.of("requestCount", 900L)),
                new ObjectName("Catalina:type=GlobalRequestProcessor,name=\"http-hybrid-127.0.0.1-5151\""));
        beans.registerMBean(new Attributes(Map.of("idleClosedCount", 4L, "lengthyPaths", "/search 80 ms\n/register 55 ms")),
                new ObjectName("Catalina:type=ProtocolHandler,port=5151,address=\"127.0.0.1\""));
        beans.registerMBean(new Attributes(Map.of("Hits", 10L, "Misses", 3L, "Stores", 2L, "Evictions", 0L)),
                new ObjectName("Catalina:type=ResponseCache,name=\"http-hybrid-127.0.0.1-5151\""));
        for (String servlet : new String[] { "ViewItem", "BrowseCategories" }) {
            beans.registerMBean(new Attributes(Map.of("requestCount", servlet.length())), new ObjectName(
                    "Catalina:j2eeType=Servlet,WebModule=//localhost/rubis,name=edu.rice.rubis.servlets." + servlet
                            + ",J2EEApplication=none,J2EEServer=none"));
        }
        server = JMXConnectorServerFactory.newJMXConnectorServer(
                new JMXServiceURL("service:jmx:rmi://127.0.0.1:" + jmxPort + "/jndi/rmi://127.0.0.1:" + jmxPort + "/jmxrmi"),
                null, beans);
        server.start();
    }

    /**
     * The registry on a port below the kernel's ephemeral range (from 32768), bound as it is chosen:
     * a port found free by binding to 0 and closing could go to a client socket before the registry
     * took it.
     */
    private static Registry registryOnAFreePort() throws RemoteException {
        int first = 20_000;
        int span = 32_768 - first;
        int start = ThreadLocalRandom.current().nextInt(span);
        for (int i = 0; i < span; i++) {
            int port = first + (start + i) % span;
            try {
                Registry created = LocateRegistry.createRegistry(port);
                jmxPort = port;
                return created;
            } catch (ExportException taken) {
                // In use: try the next one.
            }
        }
        throw new IllegalStateException("no free port on 127.0.0.1 from " + first + " to " + (first + span - 1));
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
                    JmxSampler.Column.parse("Catalina:type=ThreadPool,*#currentThreadsBusy"),
                    JmxSampler.Column.parse("Catalina:type=ProtocolHandler,*#LengthyPaths")), 4242,
                    new JmxSampler.Schedule(100, 0.2, false, 0), out);
        }
        // The bean of port 4242, not 42420's; an attribute or bean the connector lacks, or text, is empty.
        assertEquals(List.of("seconds,ProtocolHandler.SessionLimit,GlobalRequestProcessor.RequestCount,"
                + "ProtocolHandler.turnedAwayCount,ThreadPool.currentThreadsBusy,ProtocolHandler.LengthyPaths",
                "0,120,7,,,", "0,120,7,,,"), text.toString().lines().toList());
    }

    @Test
    void testASampleAtSecondZeroAndAStartGivenByTheCaller() throws Exception {
        StringWriter text = new StringWriter();
        long start = System.currentTimeMillis() + 300;
        try (JmxSampler sampler = JmxSampler.connect(jmxPort); PrintWriter out = new PrintWriter(text)) {
            sampler.sample(List.of(JmxSampler.Column.parse("Catalina:type=ProtocolHandler,*#SessionLimit")), 4242,
                    new JmxSampler.Schedule(200, 0.4, true, start), out);
        }
        // Second 0 is the caller's start, not the call: the last sample is not taken before start + 400 ms.
        assertTrue(System.currentTimeMillis() >= start + 400, "sampled ahead of the caller's start");
        assertEquals(List.of("seconds,ProtocolHandler.SessionLimit", "0,120", "0,120", "0,120"),
                text.toString().lines().toList());
    }

    @Test
    void testAReadGivesTheConnectorsValuesNowTextIncluded() throws Exception {
        try (JmxSampler sampler = JmxSampler.connect(jmxPort)) {
            assertEquals(List.of("999", "/search 80 ms; /register 55 ms", "", ""), sampler.read(List.of(
                    JmxSampler.Column.parse("Catalina:type=ProtocolHandler,*#SessionLimit"),
                    JmxSampler.Column.parse("Catalina:type=ProtocolHandler,*#LengthyPaths"),
                    JmxSampler.Column.parse("Catalina:type=ProtocolHandler,*#NoSuchAttribute"),
                    JmxSampler.Column.parse("Catalina:type=ResponseCache,*#Hits")), 42420));
        }
    }

    @Test
    void testAReadOfEachBeanKeysItsValueByTheNamesKey() throws Exception {
        try (JmxSampler sampler = JmxSampler.connect(jmxPort)) {
            // 5151's bean names its attribute requestCount, as Tomcat does: RequestCount is missing there.
            assertEquals(Map.of("http-hybrid-127.0.0.1-4242", "7", "http-nio-127.0.0.1-8080", "7",
                    "http-hybrid-127.0.0.1-5151", ""),
                    sampler.readEach(JmxSampler.Column.parse("Catalina:type=GlobalRequestProcessor,*#RequestCount"), "name"));
            assertEquals(Map.of(), sampler.readEach(JmxSampler.Column.parse("Catalina:type=ProtocolHandler,*#SessionLimit"),
                    "name"), "beans without the key are left out");
        }
    }

    @Test
    void testAStepsCountersAreOneLineEachAndOnlyThoseTheConnectorHas() throws Exception {
        try (JmxSampler sampler = JmxSampler.connect(jmxPort)) {
            assertEquals(List.of("requests 900", "cache_hits 10", "cache_misses 3", "cache_stores 2", "cache_evictions 0",
                    "idle_closed 4", "lengthy_paths /search 80 ms /register 55 ms",
                    "servlet edu.rice.rubis.servlets.BrowseCategories 16", "servlet edu.rice.rubis.servlets.ViewItem 8"),
                    StepCounters.read(sampler, 5151));
        }
    }

    @Test
    void testAColumnNamesItsAttribute() {
        assertThrows(IllegalArgumentException.class, () -> JmxSampler.Column.parse("Catalina:type=ThreadPool,*"));
    }
}
