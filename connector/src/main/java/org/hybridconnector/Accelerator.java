package org.hybridconnector;

import java.nio.ByteBuffer;
import java.util.function.BiPredicate;
import java.util.function.IntSupplier;

import javax.management.JMException;
import javax.management.MBeanServer;
import javax.management.ObjectName;

import org.apache.juli.logging.Log;
import org.apache.juli.logging.LogFactory;
import org.apache.tomcat.util.modeler.Registry;
import org.apache.tomcat.util.res.StringManager;
import org.hybridconnector.cache.Hit;
import org.hybridconnector.cache.RequestFacts;
import org.hybridconnector.cache.ResponseCache;

/**
 * The web accelerator in the selector (after Shin and Koh's Tornader): a complete request head the
 * {@link ResponseCache} can answer is answered by the selector thread, with no worker and no
 * Catalina; any other request goes to a worker as before, carrying a {@link ResponseCapture} if
 * its response may teach the cache something.
 * <p>
 * A hit keeps the connection's HTTP/1.1 manners as Coyote's processor would: {@code
 * maxKeepAliveRequests} counts it, the request's {@code Connection} tokens and version decide
 * whether the connection stays open, and the response carries {@code Connection} and {@code
 * Keep-Alive} fields as Coyote writes them. Only HTTP/1.1 and HTTP/1.0 heads are answered.
 * <p>
 * Threads: {@link #answer} is the selector thread's; {@link #started} and {@link #stopped} the
 * endpoint's lifecycle thread's.
 */
final class Accelerator {

    private static final Log logger = LogFactory.getLog(Accelerator.class);
    private static final StringManager sm = StringManager.getManager(Accelerator.class);

    private final ResponseCache cache;
    private final SelfServedLog log;
    private final IntSupplier maxKeepAliveRequests;
    private final IntSupplier keepAliveTimeoutMillis;
    private final boolean keepAliveField;
    /** Whether Coyote's strictSni check passes a host name on a connection whose hello named another; TLS only. */
    private final BiPredicate<String,String> sniAllows;
    /** The cache's JMX name and what drops a stopped web application's entries, while the connector runs. */
    private ObjectName name;
    private ContextWatcher contexts;

    /**
     * @param keepAliveField whether a {@code Keep-Alive: timeout} field answers a client that asks
     *                       for keep-alive ({@code useKeepAliveResponseHeader})
     * @param sniAllows      given the SNI name (or {@code null}) and the {@code Host}'s host name,
     *                       whether Coyote's {@code strictSni} check would pass the request;
     *                       {@code null} on a connector without TLS, where there is nothing to check
     */
    Accelerator(ResponseCache cache, SelfServedLog log, IntSupplier maxKeepAliveRequests,
            IntSupplier keepAliveTimeoutMillis, boolean keepAliveField, BiPredicate<String,String> sniAllows) {
        this.cache = cache;
        this.log = log;
        this.maxKeepAliveRequests = maxKeepAliveRequests;
        this.keepAliveTimeoutMillis = keepAliveTimeoutMillis;
        this.keepAliveField = keepAliveField;
        this.sniAllows = sniAllows;
    }

    /**
     * Shows the cache in JMX as {@code <domain>:type=ResponseCache,name="<connector>"}, and drops
     * a web application's entries whenever it stops ({@link ContextWatcher}).
     */
    void started(String domain, String connectorName) {
        if (domain == null) {
            return; // the connector is not in JMX either
        }
        MBeanServer server = Registry.getRegistry(null).getMBeanServer();
        try {
            contexts = new ContextWatcher(cache, domain);
            contexts.listen(server);
            name = new ObjectName(domain + ":type=ResponseCache,name=" + ObjectName.quote(connectorName));
            server.registerMBean(cache, name);
        } catch (JMException e) {
            name = null;
            logger.warn(sm.getString("accelerator.registerFailed", connectorName), e);
        }
    }

    /** Empties the cache (the web applications may change before the next start) and leaves JMX. */
    void stopped() {
        cache.purge();
        MBeanServer server = Registry.getRegistry(null).getMBeanServer();
        try {
            if (contexts != null) {
                contexts.stop(server);
            }
            if (name != null) {
                server.unregisterMBean(name);
            }
        } catch (JMException e) {
            logger.debug(sm.getString("accelerator.unregisterFailed", name), e);
        }
        contexts = null;
        name = null;
    }

    /**
     * The cache's answer to the head at the start of {@code buffer} (write mode), which ends at
     * {@code headEnd}: a reply to send, its head taken out of the buffer (bytes after it, a
     * pipelined request, stay); or {@code null} to hand the request to a worker, with a
     * {@link ResponseCapture} set on the connection if the cache can learn from the response.
     *
     * @param headEnd where a well-formed head ends, -1 if the head is not one the cache may answer
     */
    CachedReply answer(HybridSocketWrapper connection, ByteBuffer buffer, int headEnd) {
        if (headEnd < 0) {
            return null;
        }
        long startNanos = System.nanoTime();
        byte[] headBytes = new byte[headEnd];
        buffer.get(0, headBytes);
        RequestHead head = RequestHead.read(headBytes);
        boolean http11 = head.protocol().equals("HTTP/1.1");
        if (!http11 && !head.protocol().equals("HTTP/1.0")) {
            return null;
        }
        RequestFacts request = head.facts();
        String hostName = sniAllows == null ? null : request.hostName();
        if (hostName != null && !sniAllows.test(connection.getSniHostName(), hostName)) {
            return null; // Coyote refuses a Host of another <SSLHostConfig> than the hello's (strictSni)
        }
        long now = System.currentTimeMillis();
        Hit hit = cache.answer(request, now);
        if (hit == null) {
            connection.captureResponse(ResponseCapture.of(cache, request, now));
            return null;
        }
        boolean askedKeepAlive = hasConnectionToken(head, "keep-alive");
        boolean keepAlive = keepAlive(!hasConnectionToken(head, "close") && (http11 || askedKeepAlive), connection);
        ByteBuffer[] response = hit.buffers(connectionFields(http11, keepAlive, askedKeepAlive));
        buffer.flip().position(headEnd);
        buffer.compact();
        return new CachedReply(response, keepAlive, log, new SelfServed(headBytes,
                connection.getRemoteAddr(), connection.getRemotePort(), connection.getLocalAddr(),
                connection.getLocalPort(), hit.status(), 0, startNanos, startNanos, head));
    }

    /** Whether the connection stays open after the answer, as Coyote's processor decides it. */
    private boolean keepAlive(boolean requested, HybridSocketWrapper connection) {
        boolean keepAlive = requested;
        int max = maxKeepAliveRequests.getAsInt();
        if (max == 1 || max > 0 && connection.decrementKeepAlive() <= 0) {
            keepAlive = false;
        }
        return keepAlive;
    }

    /** The {@code Connection} and {@code Keep-Alive} lines Coyote would write, in its order. */
    private String connectionFields(boolean http11, boolean keepAlive, boolean askedKeepAlive) {
        if (!keepAlive) {
            return "Connection: close\r\n";
        }
        int timeoutMillis = keepAliveTimeoutMillis.getAsInt();
        boolean timeoutField = keepAliveField && timeoutMillis > 0 && askedKeepAlive;
        String timeout = timeoutField ? "Keep-Alive: timeout=" + timeoutMillis / 1000 + "\r\n" : "";
        if (!http11) {
            return "Connection: keep-alive\r\n" + timeout;
        }
        return timeoutField ? timeout + "Connection: keep-alive\r\n" : "";
    }

    /** Whether the request's {@code Connection} field lists {@code token}; most requests have none. */
    private static boolean hasConnectionToken(RequestHead head, String token) {
        if (!head.fields().contains("Connection")) {
            return false;
        }
        for (String listed : head.fields().elements("Connection")) {
            if (listed.equalsIgnoreCase(token)) {
                return true;
            }
        }
        return false;
    }
}
