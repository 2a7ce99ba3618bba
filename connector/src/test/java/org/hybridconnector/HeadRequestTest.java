package org.hybridconnector;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

import org.apache.coyote.Request;
import org.junit.jupiter.api.Test;

class HeadRequestTest {

    private static final long START = 1_000_000_000L;

    /** A request with its response attached, as the log keeps one for reuse. */
    private static Request pair() {
        Request request = new Request();
        request.setResponse(new org.apache.coyote.Response());
        return request;
    }

    private static SelfServed served(String head) {
        ByteBuffer buffer = ByteBuffer.allocate(2048);
        buffer.put(head.getBytes(StandardCharsets.ISO_8859_1));
        return new SelfServed(SelfServed.copyHead(buffer), "192.0.2.7", 51234, "127.0.0.1", 8080, 503, 211, START,
                START + 3_000_000);
    }

    @Test
    void testTheRequestLineHeadersAndAddressesOfATurnedAwayRequest() {
        Request request = HeadRequest.translate(served("GET /probe/echo?n=new HTTP/1.1\r\nHost: shop.example:8443\r\n"
                + "User-Agent: curl/8.0\r\nCookie: a=b\r\n\r\n"), false, pair());
        assertEquals("GET", request.method().toString());
        assertEquals("/probe/echo", request.requestURI().toString());
        assertEquals("n=new", request.queryString().toString());
        assertEquals("HTTP/1.1", request.protocol().toString());
        assertEquals("shop.example", request.serverName().toString());
        assertEquals(8443, request.getServerPort());
        assertEquals("curl/8.0", request.getHeader("user-agent"));
        assertEquals("a=b", request.getHeader("Cookie"));
        assertEquals(3, request.getMimeHeaders().size());
        assertEquals("http", request.scheme().toString());
        assertEquals("192.0.2.7", request.remoteAddr().toString());
        assertEquals(51234, request.getRemotePort());
        assertEquals("127.0.0.1", request.localAddr().toString());
        assertEquals(8080, request.getLocalPort());
        assertEquals(START, request.getStartTimeNanos());
    }

    @Test
    void testTheResponseCarriesTheStatusAndTheBytesSent() {
        Request request = HeadRequest.translate(served("GET / HTTP/1.1\r\nHost: x\r\n\r\n"), true, pair());
        assertEquals(503, request.getResponse().getStatus());
        assertEquals(211, request.getResponse().getContentWritten());
        assertEquals(211, request.getResponse().getBytesWritten(false));
        assertEquals("https", request.scheme().toString());
    }

    @Test
    void testWithoutAQueryOrAPortTheSchemesPortIsTheServerPort() {
        Request request = HeadRequest.translate(served("\r\nPOST /a/b HTTP/1.1\r\nhost: [::1]\r\n"
                + "Content-Length: 3\r\n\r\nabc"), false, pair());
        assertEquals("POST", request.method().toString());
        assertEquals("/a/b", request.requestURI().toString());
        assertNull(request.queryString().toString());
        assertEquals("[::1]", request.serverName().toString());
        assertEquals(80, request.getServerPort());
        assertEquals("3", request.getHeader("content-length"));
        assertEquals(2, request.getMimeHeaders().size(), "the body is no header");
    }

    @Test
    void testAnAbsoluteFormTargetNamesTheHostAndThePath() {
        Request request = HeadRequest.translate(served("GET http://example.com:81/x/y?q=1 HTTP/1.1\r\n"
                + "Host: other\r\n\r\n"), false, pair());
        assertEquals("/x/y", request.requestURI().toString());
        assertEquals("q=1", request.queryString().toString());
        assertEquals("example.com", request.serverName().toString());
        assertEquals(81, request.getServerPort());
    }

    @Test
    void testHeaderValuesLoseTheirSurroundingWhitespaceAndBareLineFeedsEndLines() {
        Request request = HeadRequest.translate(served("GET /z HTTP/1.0\nAccept:\t text/html  \nX-Empty:\n\n"), false,
                pair());
        assertEquals("HTTP/1.0", request.protocol().toString());
        assertEquals("text/html", request.getHeader("accept"));
        assertEquals("", request.getHeader("x-empty"));
    }
}
