package org.hybridconnector.bench.jmx;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
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
 * Reads Tomcat's MBeans over the JDK's JMX client: every few seconds of a step, one CSV line per
 * sample (the connector's counters over time: the session limit, the worker count, the queues, for
 * the variants that have them, the thread pool's for all), or once, at a moment a script picks (the
 * requests served by the window's end). The beans are those of the benchmarked connector: object
 * names that match a pattern and hold its port; or, read once, every bean that matches, by a key of
 * its name (the servlets' request counts).
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
     * When samples are taken: every {@code everyMillis} for {@code seconds} from {@code startEpochMillis}
     * (0: from the call), the first at once (second 0) with {@code fromZero}, so that counts can be
     * told apart from the first interval on. A sample whose moment has passed is taken at once.
     */
    public record Schedule(long everyMillis, double seconds, boolean fromZero, long startEpochMillis) {
    }

    /**
     * Samples {@code columns} on {@code schedule}, the first line a header; a value the bean does not
     * have (this variant's connector lacks the counter), or one that is not a number, is written empty.
     */
    public void sample(List<Column> columns, int port, Schedule schedule, PrintWriter out)
            throws IOException, InterruptedException, JMException {
        List<ObjectName> beans = new ArrayList<>();
        for (Column column : columns) {
            beans.add(find(column.pattern(), port));
        }
        List<String> header = new ArrayList<>(List.of("seconds"));
        columns.forEach(c -> header.add(c.header()));
        out.println(String.join(",", header));
        long start = schedule.startEpochMillis() > 0 ? schedule.startEpochMillis() : System.currentTimeMillis();
        long every = schedule.everyMillis();
        for (long tick = schedule.fromZero() ? 0 : every; tick <= schedule.seconds() * 1000; tick += every) {
            long wait = start + tick - System.currentTimeMillis();
            if (wait > 0) {
                Thread.sleep(wait);
            }
            List<String> line = new ArrayList<>(List.of(Long.toString(tick / 1000)));
            for (int i = 0; i < columns.size(); i++) {
                line.add(number(beans.get(i), columns.get(i).attribute()));
            }
            out.println(String.join(",", line));
            out.flush();
        }
    }

    /**
     * The values of {@code columns} now, on the connector on {@code port}: a number as {@link #sample}
     * writes it, any other value as its text; empty where the bean or the attribute is missing.
     */
    public List<String> read(List<Column> columns, int port) throws IOException, JMException {
        List<String> values = new ArrayList<>();
        for (Column column : columns) {
            values.add(text(find(column.pattern(), port), column.attribute()));
        }
        return values;
    }

    /**
     * The value of {@code column}'s attribute now on every bean its pattern matches, whichever
     * connector it belongs to, by the value of {@code key} in the bean's name (unquoted); beans
     * whose name lacks the key are left out.
     */
    public SortedMap<String,String> readEach(Column column, String key) throws IOException, JMException {
        SortedMap<String,String> values = new TreeMap<>();
        for (ObjectName name : server.queryNames(new ObjectName(column.pattern()), null)) {
            String value = name.getKeyProperty(key);
            if (value != null) {
                values.put(value.startsWith("\"") ? ObjectName.unquote(value) : value, text(name, column.attribute()));
            }
        }
        return values;
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

    private String number(ObjectName bean, String attribute) throws IOException {
        return attribute(bean, attribute) instanceof Number n ? format(n) : "";
    }

    private String text(ObjectName bean, String attribute) throws IOException {
        Object value = attribute(bean, attribute);
        return value == null ? "" : value instanceof Number n ? format(n) : value.toString();
    }

    private static String format(Number n) {
        return String.format(Locale.ROOT, "%s", n);
    }

    /** The attribute's value, or null where the bean or the attribute is missing. */
    private Object attribute(ObjectName bean, String attribute) throws IOException {
        if (bean == null) {
            return null;
        }
        try {
            AttributeList values = server.getAttributes(bean, new String[] { attribute });
            return values.isEmpty() ? null : ((Attribute) values.get(0)).getValue();
        } catch (JMException e) {
            return null;
        }
    }

    @Override
    public void close() throws IOException {
        connector.close();
    }
}
