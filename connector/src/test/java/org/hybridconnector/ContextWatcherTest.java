package org.hybridconnector;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

import javax.management.MBeanServerNotification;
import javax.management.ObjectName;

import org.hybridconnector.cache.CacheSettings;
import org.hybridconnector.cache.RequestFacts;
import org.hybridconnector.cache.ResponseCache;
import org.junit.jupiter.api.Test;

class ContextWatcherTest {

    private final ResponseCache cache = new ResponseCache(new CacheSettings(1 << 20, 1 << 16,
            CacheSettings.DEFAULT_STATIC_TYPES, 3600));
    private final ContextWatcher watcher = new ContextWatcher(cache, "Catalina");

    private String path(String name) throws Exception {
        return watcher.contextPath(new ObjectName(name));
    }

    @Test
    void testAServletOrAContextNamesItsContextPath() throws Exception {
        assertEquals("/examples", path("Catalina:j2eeType=Servlet,WebModule=//localhost/examples,name=default,"
                + "J2EEApplication=none,J2EEServer=none"));
        assertEquals("", path("Catalina:j2eeType=Servlet,WebModule=//localhost/,name=jsp,J2EEApplication=none,"
                + "J2EEServer=none"));
        assertEquals("/shop/v2", path("Catalina:j2eeType=WebModule,name=//www.example.com/shop/v2,"
                + "J2EEApplication=none,J2EEServer=none"));
    }

    @Test
    void testOtherBeansAndOtherDomainsAreIgnored() throws Exception {
        assertNull(path("Catalina:type=ThreadPool,name=\"http-hybrid-8080\""));
        assertNull(path("Tomcat:j2eeType=Servlet,WebModule=//localhost/examples,name=default"));
        assertNull(path("Catalina:j2eeType=Filter,WebModule=//localhost/examples,name=f"));
    }

    private void store(String target) {
        RequestFacts request = RequestHead.read(("GET " + target + " HTTP/1.1\r\nHost: localhost\r\n\r\n")
                .getBytes(StandardCharsets.ISO_8859_1)).facts();
        byte[] response = "HTTP/1.1 200 \r\nCache-Control: max-age=60\r\nContent-Length: 2\r\n\r\nok"
                .getBytes(StandardCharsets.ISO_8859_1);
        ResponseCapture capture = ResponseCapture.of(cache, request, System.currentTimeMillis());
        capture.offered(ByteBuffer.wrap(response), 0, response.length);
    }

    @Test
    void testAnUnregisteredServletDropsItsContextsEntriesOnly() throws Exception {
        store("/examples/a.gif");
        store("/examples/b.gif");
        store("/shop/c.gif");
        assertEquals(3, cache.getEntries());
        ObjectName servlet = new ObjectName("Catalina:j2eeType=Servlet,WebModule=//localhost/examples,name=default");
        watcher.handleNotification(new MBeanServerNotification(MBeanServerNotification.UNREGISTRATION_NOTIFICATION,
                this, 1, servlet), null);
        assertEquals(1, cache.getEntries());
    }
}
