package org.hybridconnector;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

class HeadPeekTest {

    /** A head as the selector leaves it: bytes [0, position) of a buffer in write mode. */
    private static ByteBuffer head(String text) {
        ByteBuffer buffer = ByteBuffer.allocate(1024);
        buffer.put(text.getBytes(StandardCharsets.ISO_8859_1));
        return buffer;
    }

    private static boolean carriesSessionCookie(String head) {
        return HeadPeek.carriesCookie(head(head), "JSESSIONID");
    }

    @Test
    void testPathOfOriginAndAbsoluteForms() {
        assertEquals("/rubis/servlet/Search", HeadPeek.path(head("GET /rubis/servlet/Search?category=1 HTTP/1.1\r\n\r\n")));
        assertEquals("/a/b", HeadPeek.path(head("\r\nPOST /a/b HTTP/1.1\r\nHost: x\r\n\r\n")));
        assertEquals("/x", HeadPeek.path(head("GET http://example.com:8080/x?y HTTP/1.1\r\n\r\n")));
        assertEquals("/", HeadPeek.path(head("GET http://example.com/ HTTP/1.1\r\n\r\n")));
    }

    @Test
    void testWhatIsNotAPathIsUnknown() {
        assertEquals(HeadPeek.UNKNOWN, HeadPeek.path(head("OPTIONS * HTTP/1.1\r\n\r\n")));
        assertEquals(HeadPeek.UNKNOWN, HeadPeek.path(head("GARBAGE\r\n\r\n")));
        assertEquals(HeadPeek.UNKNOWN, HeadPeek.path(head("GET /caf\u00e9 HTTP/1.1\r\n\r\n")));
        assertEquals(HeadPeek.MAX_PATH, HeadPeek.path(head("GET /" + "a".repeat(500) + " HTTP/1.1\r\n\r\n")).length());
    }

    @Test
    void testFindsTheSessionCookieAmongOthersInAnyCookieField() {
        String request = "GET / HTTP/1.1\r\nHost: x\r\ncookie: theme=dark; JSESSIONID=ABC123\r\n\r\n";
        assertTrue(carriesSessionCookie(request));
        assertTrue(carriesSessionCookie("GET / HTTP/1.1\r\nCookie: a=1\r\nCookie: JSESSIONID=1\r\n\r\n"));
    }

    @Test
    void testANameThatOnlyLooksLikeTheCookieIsNotIt() {
        assertFalse(carriesSessionCookie("GET / HTTP/1.1\r\nCookie: XJSESSIONID=1; jsessionid=2\r\n\r\n"));
        assertFalse(carriesSessionCookie("GET /?JSESSIONID=1 HTTP/1.1\r\nX-Cookie: JSESSIONID=1\r\n\r\n"));
        assertFalse(carriesSessionCookie("GET / HTTP/1.1\r\nCookie: JSESSIONID\r\n\r\n"));
    }

    @Test
    void testOnlyTheHeadsOwnFieldsCount() {
        String pipelined = "GET / HTTP/1.1\r\nHost: a\r\n\r\nGET / HTTP/1.1\r\nCookie: JSESSIONID=1\r\n\r\n";
        assertFalse(carriesSessionCookie(pipelined));
        String body = "POST / HTTP/1.1\r\nContent-Length: 20\r\n\r\nCookie: JSESSIONID=1";
        assertFalse(carriesSessionCookie(body));
        // Empty lines before the request line are skipped, as Coyote skips them.
        assertTrue(carriesSessionCookie("\r\n\nGET / HTTP/1.1\r\nCookie: JSESSIONID=1\r\n\r\n"));
    }

    /** A head that fills the read buffer before it ends: the cookie may be in the bytes not read yet. */
    @Test
    void testAHeadCutByTheBuffersEndCountsAsCarryingTheCookie() {
        assertTrue(carriesSessionCookie("GET / HTTP/1.1\r\nHost: a\r\nX-Big: aaaa"));
        assertTrue(carriesSessionCookie("GET / HTTP/1.1\r\nHost: a\r\n"));
    }
}
