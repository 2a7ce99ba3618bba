package org.hybridconnector;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

class RequestHeadTest {

    private static RequestHead read(String head) {
        return RequestHead.read(head.getBytes(StandardCharsets.ISO_8859_1));
    }

    @Test
    void testTheRequestLineAndFieldsAreReadAsReceived() {
        RequestHead head = read("\r\nGET /a%20b?x=1 HTTP/1.1\r\nHost: shop:8080\r\nAccept:  */* \r\n\r\nbody");
        assertEquals("GET", head.method());
        assertEquals("/a%20b?x=1", head.target());
        assertEquals("HTTP/1.1", head.protocol());
        assertEquals(2, head.fields().size());
        assertEquals("shop:8080", head.fields().value("host"));
        assertEquals("*/*", head.fields().value("Accept"));
    }

    @Test
    void testBareLineFeedsAndAFoldedLineAreTolerated() {
        RequestHead head = read("GET / HTTP/1.0\nA: 1\n  folded\nB: 2\n\n");
        assertEquals("HTTP/1.0", head.protocol());
        assertEquals("1", head.fields().value("A"));
        assertEquals("2", head.fields().value("B"));
        assertEquals(2, head.fields().size());
    }

    @Test
    void testAnHttp09LineHasNoVersion() {
        RequestHead head = read("GET /old\r\n");
        assertEquals("/old", head.target());
        assertEquals("", head.protocol());
    }
}
