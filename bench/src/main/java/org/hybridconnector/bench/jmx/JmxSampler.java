package org.hybridconnector.bench.jmx;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;

import javax.management.Attribute;
import javax.management.AttributeList;
import javax.management.JMException;
import javax.management.MBeanServerConnection;
import javax.management.ObjectName;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;

/**
 * Reads Tomcat's MBeans over the JDK's JMX client every few seconds of a step and writes one CSV
 * line per sample: the connector's counters over time (the session limit, the worker count, the
 * queues) for the variants that have them, the thread pool's for all. The beans are those of the
 * benchmarked connector: object names that match a pattern and hold its port.
 */
public final class JmxSampler implements AutoCloseable {

    private final JMXConnector connector;
    private final MBeanServerConnection server;

    private JmxSampler(JMXConnector connector) throws IOException {
        this.connector = connector;
        this.server = connector.getMBeanServerConnection();
    }

    /** Connects to a JVM started with {@code com.sun.management.jmxremote.port} on 127.0.0.1. */
    public static JmxSampler connect(int port) throws IOException {
        JMXServiceURL url = new JMXServiceURL("service:jmx:rmi:///jndi/rmi://127.0.0.1:" + port + "/jmxrmi");
        return new JmxSampler(JMXConnectorFactory.connect(url));
    }

    /** One column: an attribute of the first bean that matches {@code pattern} and names {@code port}. */
    public record Column(String pattern, String attribute) {

        public static Column parse(String text) {
            int hash = text.lastIndexOf('#');
            if (hash <= 0 || hash == text.length() - 1) {
                throw new IllegalArgumentException("a column is PATTERN#ATTRIBUTE, not " + text);
            }
            return new Column(text.substring(0, hash), text.substring(hash + 1));
        }

        String header() {
            String type = pattern.replaceAll(".*type=([^,]*).*", "$1");
            return type + "." + attribute;
        }
    }

    /**
     * Samples {@code columns} every {@code everyMillis} for {@code seconds}, the first line a header;
     * a value the bean does not have (this variant's connector lacks the counter) is written empty.
     */
    public void sample(List<Column> columns, int port, long everyMillis, double seconds, PrintWriter out)
            throws IOException, InterruptedException, JMException {
        List<ObjectName> beans = new ArrayList<>();
        for (Column column : columns) {
            beans.add(find(column.pattern(), port));
        }
        List<String> header = new ArrayList<>(List.of("seconds"));
        columns.forEach(c -> header.add(c.header()));
        out.println(String.join(",", header));
        long start = System.nanoTime();
        for (long tick = everyMillis; tick <= seconds * 1000; tick += everyMillis) {
            long wait = tick - (System.nanoTime() - start) / 1_000_000;
            if (wait > 0) {
                Thread.sleep(wait);
            }
            List<String> line = new ArrayList<>(List.of(Long.toString(tick / 1000)));
            for (int i = 0; i < columns.size(); i++) {
                line.add(value(beans.get(i), columns.get(i).attribute()));
            }
            out.println(String.join(",", line));
            out.flush();
        }
    }

    /**
     * The bean of the connector on {@code port}: Tomcat names a connector's beans either by a
     * {@code port} key ({@code type=ProtocolHandler}) or by a name ending in {@code -<port>}.
     */
    private ObjectName find(String pattern, int port) throws IOException, JMException {
        Set<ObjectName> names = new TreeSet<>(server.queryNames(new ObjectName(pattern), null));
        for (ObjectName name : names) {
            String byName = String.valueOf(name.getKeyProperty("name")).replace("\"", "");
            if (Integer.toString(port).equals(name.getKeyProperty("port")) || byName.endsWith("-" + port)) {
                return name;
            }
        }
        return null;
    }

    private String value(ObjectName bean, String attribute) throws IOException {
        if (bean == null) {
            return "";
        }
        try {
            AttributeList values = server.getAttributes(bean, new String[] { attribute });
            if (values.isEmpty()) {
                return "";
            }
            Object value = ((Attribute) values.get(0)).getValue();
            return value instanceof Number n ? String.format(Locale.ROOT, "%s", n) : "";
        } catch (JMException e) {
            return "";
        }
    }

    @Override
    public void close() throws IOException {
        connector.close();
    }
}
