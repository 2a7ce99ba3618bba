package org.hybridconnector.e2e;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Tomcat's own {@code examples} webapp, served through the hybrid connector, must answer exactly as
 * through stock {@code Http11NioProtocol}: for every request of the table below the status, the
 * body and the headers that matter are compared. Servlets, JSPs, static files, a POSTed form,
 * request headers and parameters, cookies and a session carried by its cookie are all in it.
 * <p>
 * What legitimately differs is masked before comparing: the port the client connected to, session
 * ids, the time printed by pages, and the {@code Date} header.
 */
@ExtendWith(SharedTomcat.class)
class ExamplesParityIT {

    /** Headers whose values must match; the others (Date) vary by time alone. */
    private static final List<String> COMPARED_HEADERS = List.of("content-type", "content-length",
            "transfer-encoding", "connection", "content-language", "location", "allow", "etag", "last-modified",
            "accept-ranges", "content-range", "set-cookie", "keep-alive", "x-frame-options",
            "x-content-type-options", "cache-control", "expires");

    private static final Pattern SESSION_ID = Pattern.compile("[0-9A-F]{32}");
    /** {@code java.util.Date.toString()}, as the JSPX example and the session page print it. */
    private static final Pattern DATE = Pattern.compile(
            "(Mon|Tue|Wed|Thu|Fri|Sat|Sun) [A-Z][a-z]{2} \\d{1,2} \\d{2}:\\d{2}:\\d{2} [A-Z]+ \\d{4}");
    private static final Pattern SESSION_COOKIE = Pattern.compile("JSESSIONID=([0-9A-F]{32})");

    private static final String FORM = "firstname=Ada&lastname=Lovelace";
    private static final String SERVLETS = "/examples/servlets/servlet/";

    /** The requests; {@code {session}} is replaced by the session id the connector handed out before. */
    private static final List<String> REQUESTS = List.of(
            get("/examples/"),
            get("/examples/index.html"),
            get("/examples/servlets/"),
            get("/examples/jsp/"),
            get(SERVLETS + "HelloWorldExample"),
            get(SERVLETS + "RequestInfoExample"),
            get(SERVLETS + "RequestInfoExample/extra/path%20with%20space?x=1&y=%C3%A9"),
            get(SERVLETS + "RequestHeaderExample", "X-Custom: value one\r\nAccept-Language: fr-CH, fr;q=0.9\r\n"),
            get(SERVLETS + "RequestParamExample?firstname=Grace&lastname=Hopper"),
            "POST " + SERVLETS + "RequestParamExample HTTP/1.1\r\nHost: 127.0.0.1\r\n" +
                    "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: " + FORM.length() +
                    "\r\n\r\n" + FORM,
            "POST " + SERVLETS + "RequestParamExample HTTP/1.1\r\nHost: 127.0.0.1\r\n" +
                    "Content-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked\r\n\r\n" +
                    Integer.toHexString(FORM.length()) + "\r\n" + FORM + "\r\n0\r\n\r\n",
            "POST " + SERVLETS + "RequestParamExample HTTP/1.1\r\nHost: 127.0.0.1\r\nExpect: 100-continue\r\n" +
                    "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: " + FORM.length() +
                    "\r\n\r\n" + FORM,
            get(SERVLETS + "CookieExample"),
            get(SERVLETS + "CookieExample?cookiename=flavour&cookievalue=oatmeal"),
            get(SERVLETS + "CookieExample", "Cookie: flavour=oatmeal\r\n"),
            get(SERVLETS + "SessionExample"),
            get(SERVLETS + "SessionExample?dataname=colour&datavalue=blue", "Cookie: JSESSIONID={session}\r\n"),
            get(SERVLETS + "SessionExample", "Cookie: JSESSIONID={session}\r\n"),
            get("/examples/jsp/jsp2/el/basic-arithmetic.jsp"),
            get("/examples/jsp/jsp2/el/basic-comparisons.jsp"),
            get("/examples/jsp/jsp2/el/implicit-objects.jsp?foo=bar", "Cookie: JSESSIONID={session}\r\n"),
            get("/examples/jsp/jsp2/el/functions.jsp?foo=JSP+2.0"),
            get("/examples/jsp/jsp2/tagfiles/hello.jsp", "Cookie: JSESSIONID={session}\r\n"),
            get("/examples/jsp/jsp2/simpletag/hello.jsp", "Cookie: JSESSIONID={session}\r\n"),
            get("/examples/jsp/jsp2/jspx/basic.jspx", "Cookie: JSESSIONID={session}\r\n"),
            get("/examples/jsp/snp/snoop.jsp", "Cookie: JSESSIONID={session}\r\n"),
            get("/examples/jsp/num/numguess.jsp", "Cookie: JSESSIONID={session}\r\n"),
            get("/examples/jsp/checkbox/checkresult.jsp?fruit=melons&fruit=oranges"),
            get("/examples/images/code.gif"),
            get("/examples/index.html", "Range: bytes=0-99\r\n"),
            "HEAD " + SERVLETS + "HelloWorldExample HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
            "HEAD /examples/index.html HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
            "OPTIONS " + SERVLETS + "HelloWorldExample HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
            "TRACE " + SERVLETS + "HelloWorldExample HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
            "DELETE /examples/index.html HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
            get("/examples/does-not-exist.html"),
            get("/examples/servlets"),
            "GET " + SERVLETS + "HelloWorldExample HTTP/1.0\r\n\r\n",
            get(SERVLETS + "HelloWorldExample", "Connection: close\r\n"),
            "GET /examples/%2e%2e/manager/html HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
            "GET " + SERVLETS + "HelloWorldExample HTTP/1.1\r\n\r\n");

    @Test
    void testExamplesWebappAnswersAsThroughStockNio(TomcatServer tomcat) throws Exception {
        List<Exchange> nio = run(tomcat.port(SharedTomcat.NIO));
        List<Exchange> hybrid = run(tomcat.port(SharedTomcat.HYBRID));
        assertTrue(REQUESTS.size() >= 30);
        List<org.junit.jupiter.api.function.Executable> checks = new ArrayList<>();
        for (int i = 0; i < REQUESTS.size(); i++) {
            Exchange expected = nio.get(i);
            Exchange actual = hybrid.get(i);
            String request = REQUESTS.get(i).lines().findFirst().orElse("");
            checks.add(() -> assertEquals(expected.status, actual.status, request + ": status"));
            checks.add(() -> assertEquals(expected.headers, actual.headers, request + ": headers"));
            checks.add(() -> assertEquals(expected.body, actual.body, request + ": body"));
        }
        assertAll(checks);
        // The session test is only meaningful if sessions worked: the attribute set in one request
        // must show up in the next one, which carried nothing but the cookie.
        int sessionPage = REQUESTS.indexOf(get(SERVLETS + "SessionExample", "Cookie: JSESSIONID={session}\r\n"));
        assertTrue(hybrid.get(sessionPage).body.contains("colour = blue"), hybrid.get(sessionPage).body);
        assertTrue(hybrid.get(9).body.contains("Lovelace"), "the POSTed form reached the servlet");
        assertTrue(hybrid.get(10).body.contains("Lovelace"), "the chunked POSTed form reached the servlet");
    }

    /** One response, reduced to what must match. */
    private record Exchange(int status, Map<String,String> headers, String body) {
    }

    private static List<Exchange> run(int port) throws IOException {
        List<Exchange> exchanges = new ArrayList<>();
        String session = "";
        for (String request : REQUESTS) {
            try (RawConnection connection = RawConnection.open(port)) {
                RawResponse response = connection.send(request.replace("{session}", session))
                        .read(request.startsWith("HEAD"));
                String cookie = response.header("set-cookie");
                Matcher matcher = cookie == null ? null : SESSION_COOKIE.matcher(cookie);
                if (matcher != null && matcher.find()) {
                    session = matcher.group(1);
                }
                exchanges.add(normalise(response, port));
            }
        }
        return exchanges;
    }

    private static Exchange normalise(RawResponse response, int port) {
        Map<String,String> headers = new TreeMap<>();
        for (String name : COMPARED_HEADERS) {
            List<String> values = response.headers().get(name);
            if (values != null) {
                headers.put(name, mask(String.join(" | ", values), port));
            }
        }
        return new Exchange(response.status(), headers, mask(response.text(), port));
    }

    private static String mask(String text, int port) {
        String masked = text.replace(":" + port, ":PORT").replace("port: " + port, "port: PORT");
        masked = DATE.matcher(masked).replaceAll("DATE");
        return SESSION_ID.matcher(masked).replaceAll("SESSIONID");
    }

    private static String get(String path) {
        return get(path, "");
    }

    private static String get(String path, String headers) {
        return "GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\n" + headers + "\r\n";
    }
}
