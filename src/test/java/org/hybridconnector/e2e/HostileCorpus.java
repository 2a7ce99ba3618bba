package org.hybridconnector.e2e;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Raw HTTP/1.1 inputs a server on the open internet meets: malformed request lines, methods,
 * targets and versions; missing or repeated {@code Host}; bad characters in header names and
 * values; obsolete line folding; bare CR and LF; oversized request lines, heads and header
 * counts; conflicting framing ({@code Content-Length} with {@code Transfer-Encoding}, repeated or
 * bad lengths, unknown codings); bad chunks; truncated bodies; trailers; requests pipelined after
 * an error.
 * <p>
 * Each case is sent on a new connection followed, in the same write, by a valid request for
 * {@code /probe/echo?n=after} with {@code Connection: close} (unless it tests a wait). What the server sends back, the statuses
 * in order, shows both the verdict on the case and whether the connection was kept for the next
 * request: a request smuggled inside a bad one would show up as an extra {@code 200}.
 */
final class HostileCorpus {

    /** A valid request sent after each case, on the same connection. */
    static final String FOLLOW_UP = "GET /probe/echo?n=after HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n";

    record Case(String name, byte[] input, boolean followUp) {
        String shown() {
            StringBuilder text = new StringBuilder();
            for (byte b : input) {
                int c = b & 0xff;
                if (c == '\r') {
                    text.append("\\r");
                } else if (c == '\n') {
                    text.append("\\n");
                } else if (c < 0x20 || c >= 0x7f) {
                    text.append(String.format("\\x%02x", c));
                } else {
                    text.append((char) c);
                }
            }
            return text.length() > 120 ? text.substring(0, 120) + "..." : text.toString();
        }
    }

    private final List<Case> cases = new ArrayList<>();

    static List<Case> all() {
        HostileCorpus corpus = new HostileCorpus();
        corpus.requestLines();
        corpus.versions();
        corpus.hosts();
        corpus.headerSyntax();
        corpus.sizes();
        corpus.framing();
        corpus.chunks();
        corpus.pipelines();
        corpus.unfinishedHeads();
        return corpus.cases;
    }

    private void add(String name, String input) {
        cases.add(new Case(name, input.getBytes(StandardCharsets.ISO_8859_1), true));
    }

    private void addWait(String name, String input) {
        cases.add(new Case(name, input.getBytes(StandardCharsets.ISO_8859_1), false));
    }

    private static String get(String target) {
        return "GET " + target + " HTTP/1.1\r\nHost: a\r\n\r\n";
    }

    private static String withHeader(String header) {
        return "GET /probe/echo?n=1 HTTP/1.1\r\nHost: a\r\n" + header + "\r\n\r\n";
    }

    private static String post(String headers, String body) {
        return "POST /probe/echo?n=1 HTTP/1.1\r\nHost: a\r\n" + headers + "\r\n" + body;
    }

    private void requestLines() {
        add("valid request", get("/probe/echo?n=1"));
        add("lower-case method", "get /probe/echo HTTP/1.1\r\nHost: a\r\n\r\n");
        add("unknown method", "FROB /probe/echo HTTP/1.1\r\nHost: a\r\n\r\n");
        add("empty method", " /probe/echo HTTP/1.1\r\nHost: a\r\n\r\n");
        add("method too long", "G".repeat(9000) + " /probe/echo HTTP/1.1\r\nHost: a\r\n\r\n");
        for (char c : "()<>@,;:\\\"/[]?={}\u007f".toCharArray()) {
            add("method with '" + c + "'", "GE" + c + "T /probe/echo HTTP/1.1\r\nHost: a\r\n\r\n");
        }
        add("missing target", "GET  HTTP/1.1\r\nHost: a\r\n\r\n");
        add("target without slash", get("probe/echo"));
        add("asterisk target with GET", get("*"));
        add("OPTIONS asterisk", "OPTIONS * HTTP/1.1\r\nHost: a\r\n\r\n");
        add("absolute-form target", get("http://a/probe/echo?n=1"));
        add("absolute-form target with other host", get("http://b/probe/echo?n=1"));
        add("authority-form target with GET", get("a:80"));
        add("CONNECT", "CONNECT a:443 HTTP/1.1\r\nHost: a:443\r\n\r\n");
        add("two spaces after method", "GET  /probe/echo HTTP/1.1\r\nHost: a\r\n\r\n");
        add("tab separator", "GET\t/probe/echo\tHTTP/1.1\r\nHost: a\r\n\r\n");
        add("trailing space after version", "GET /probe/echo HTTP/1.1 \r\nHost: a\r\n\r\n");
        add("space inside target", get("/probe/echo?n=a b"));
        add("fragment in target", get("/probe/echo?n=1#frag"));
        add("dot-dot segment", get("/probe/../probe/echo"));
        add("dot-dot above root", get("/../probe/echo"));
        add("encoded dot-dot", get("/probe/%2e%2e/probe/echo"));
        add("encoded slash", get("/probe%2Fecho"));
        add("encoded backslash", get("/probe%5Cecho"));
        add("encoded NUL", get("/probe/echo%00"));
        add("bad percent escape", get("/probe/echo%zz"));
        add("truncated percent escape", get("/probe/echo%2"));
        add("raw non-ASCII byte in target", get("/probe/\u00e9cho"));
        add("path parameter", get("/probe/echo;jsessionid=abc?n=1"));
        add("query with raw pipe and braces", get("/probe/echo?n={|}"));
        for (char c : new char[] { 0x00, 0x01, 0x08, 0x0b, 0x0c, 0x1b, 0x7f }) {
            add("control 0x" + Integer.toHexString(c) + " in target", get("/probe/echo" + c));
        }
        add("bare CR in request line", "GET /probe/echo\rHTTP/1.1\r\nHost: a\r\n\r\n");
        add("request line followed by a second request line", "GET /probe/echo HTTP/1.1\r\n");
        add("HTTP/0.9 request", "GET /probe/echo\r\n");
        add("blank lines before the request", "\r\n\r\n" + get("/probe/echo?n=1"));
        add("binary garbage", new String(range(0, 256), StandardCharsets.ISO_8859_1));
        add("TLS client hello on the plain port", new String(new byte[] { 0x16, 0x03, 0x01, 0x00, 0x05, 0x01, 0x00,
            0x00, 0x01, 0x00 }, StandardCharsets.ISO_8859_1));
        add("HTTP/2 connection preface", "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n");
    }

    private void versions() {
        for (String version : new String[] { "HTTP/1.0", "HTTP/1.2", "HTTP/2.0", "HTTP/3.0", "HTTP/0.9", "HTTP/1",
            "HTTP/11", "HTTP/1.1x", "http/1.1", "HTTPS/1.1", "HTTP/1.a", "HTTP/ 1.1", "HTTP", "FTP/1.1" }) {
            add("version " + version, "GET /probe/echo?n=1 " + version + "\r\nHost: a\r\n\r\n");
        }
        add("HTTP/1.0 keep-alive", "GET /probe/echo?n=1 HTTP/1.0\r\nConnection: keep-alive\r\n\r\n");
    }

    private void hosts() {
        add("missing Host", "GET /probe/echo HTTP/1.1\r\n\r\n");
        add("missing Host in HTTP/1.0", "GET /probe/echo HTTP/1.0\r\n\r\n");
        add("empty Host", "GET /probe/echo HTTP/1.1\r\nHost:\r\n\r\n");
        add("two Host headers", "GET /probe/echo HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n");
        add("two identical Host headers", "GET /probe/echo HTTP/1.1\r\nHost: a\r\nHost: a\r\n\r\n");
        add("Host with port", "GET /probe/echo HTTP/1.1\r\nHost: a:8080\r\n\r\n");
        add("Host with bad port", "GET /probe/echo HTTP/1.1\r\nHost: a:port\r\n\r\n");
        add("Host with userinfo", "GET /probe/echo HTTP/1.1\r\nHost: user@a\r\n\r\n");
        add("Host with IPv6 literal", "GET /probe/echo HTTP/1.1\r\nHost: [::1]:80\r\n\r\n");
        add("Host with bad IPv6 literal", "GET /probe/echo HTTP/1.1\r\nHost: [::1\r\n\r\n");
        add("Host with slash", "GET /probe/echo HTTP/1.1\r\nHost: a/b\r\n\r\n");
        add("Host with space", "GET /probe/echo HTTP/1.1\r\nHost: a b\r\n\r\n");
        add("Host list", "GET /probe/echo HTTP/1.1\r\nHost: a, b\r\n\r\n");
    }

    private void headerSyntax() {
        add("no colon", withHeader("NoColon"));
        add("empty name", withHeader(": value"));
        add("space before colon", withHeader("X-Test : value"));
        add("tab before colon", withHeader("X-Test\t: value"));
        add("space inside name", withHeader("X Test: value"));
        for (char c : "()<>@,;\\\"/[]?={}".toCharArray()) {
            add("'" + c + "' in header name", withHeader("X" + c + "Test: value"));
        }
        for (int c = 0; c < 0x20; c++) {
            if (c != '\t' && c != '\n' && c != '\r') {
                add("control 0x" + Integer.toHexString(c) + " in header value", withHeader("X-Test: a" + (char) c + "b"));
            }
        }
        add("DEL in header value", withHeader("X-Test: a\u007fb"));
        add("tab in header value", withHeader("X-Test: a\tb"));
        add("obs-text in header value", withHeader("X-Test: caf\u00e9"));
        add("control in header name", withHeader("X\u0001Test: value"));
        add("obsolete line folding", withHeader("X-Test: a\r\n folded"));
        add("folding before the first header", "GET /probe/echo HTTP/1.1\r\n folded: x\r\nHost: a\r\n\r\n");
        add("bare CR in header", withHeader("X-Test: a\rX-Other: b"));
        add("bare LF line endings", "GET /probe/echo?n=1 HTTP/1.1\nHost: a\n\n");
        add("mixed line endings", "GET /probe/echo?n=1 HTTP/1.1\r\nHost: a\nX-Test: b\r\n\n");
        add("CR CR LF", "GET /probe/echo?n=1 HTTP/1.1\r\r\nHost: a\r\n\r\n");
        add("whitespace line between headers", withHeader("X-Test: a\r\n \r\nX-Other: b"));
        add("Expect 100-continue without body", withHeader("Expect: 100-continue"));
        add("unknown Expect", withHeader("Expect: teapot"));
        add("Connection close", withHeader("Connection: close"));
        add("Connection with unknown token", withHeader("Connection: frob"));
        add("Upgrade to unknown protocol", withHeader("Connection: Upgrade\r\nUpgrade: frob"));
        add("Upgrade to h2c without support", withHeader("Connection: Upgrade, HTTP2-Settings\r\nUpgrade: h2c\r\n" +
                "HTTP2-Settings: AAMAAABkAAQAAP__"));
    }

    private void sizes() {
        add("request line over maxHttpHeaderSize", get("/probe/echo?q=" + "q".repeat(9000)));
        add("one header over maxHttpHeaderSize", withHeader("X-Big: " + "b".repeat(9000)));
        add("many small headers over maxHttpHeaderSize", withHeader("X-H: v\r\n".repeat(1200).trim()));
        add("101 headers (over maxHeaderCount 100)", withHeader(numberedHeaders(101)));
        add("99 headers", withHeader(numberedHeaders(99)));
        add("head just under the limit", withHeader("X-Big: " + "b".repeat(7900)));
        add("long header name", withHeader("X-" + "n".repeat(5000) + ": v"));
        add("1400 cookies (over maxCookieCount 200)", withHeader("Cookie: " + "c=v; ".repeat(1400)));
    }

    private static String numberedHeaders(int n) {
        StringBuilder headers = new StringBuilder();
        for (int i = 0; i < n; i++) {
            headers.append("X-H").append(i).append(": v");
            if (i < n - 1) {
                headers.append("\r\n");
            }
        }
        return headers.toString();
    }

    private void framing() {
        add("Content-Length body", post("Content-Length: 3\r\n", "abc"));
        add("Content-Length zero", post("Content-Length: 0\r\n", ""));
        add("negative Content-Length", post("Content-Length: -1\r\n", "abc"));
        add("non-numeric Content-Length", post("Content-Length: abc\r\n", "abc"));
        add("Content-Length with plus sign", post("Content-Length: +3\r\n", "abc"));
        add("Content-Length with leading zeros", post("Content-Length: 003\r\n", "abc"));
        add("Content-Length with spaces", post("Content-Length:  3 \r\n", "abc"));
        add("Content-Length hex", post("Content-Length: 0x3\r\n", "abc"));
        add("Content-Length overflow", post("Content-Length: 99999999999999999999\r\n", "abc"));
        add("two different Content-Lengths", post("Content-Length: 3\r\nContent-Length: 4\r\n", "abcd"));
        add("two equal Content-Lengths", post("Content-Length: 3\r\nContent-Length: 3\r\n", "abc"));
        add("Content-Length list", post("Content-Length: 3, 3\r\n", "abc"));
        add("Content-Length and chunked", post("Content-Length: 4\r\nTransfer-Encoding: chunked\r\n",
                "3\r\nabc\r\n0\r\n\r\n"));
        add("chunked and Content-Length", post("Transfer-Encoding: chunked\r\nContent-Length: 4\r\n",
                "3\r\nabc\r\n0\r\n\r\n"));
        add("empty body then a pipelined request", post("Content-Length: 0\r\n", "GET /probe/echo?n=smuggled HTTP/1.1\r\n" +
                "Host: a\r\n\r\n"));
        add("unknown transfer coding", post("Transfer-Encoding: frob\r\n", "3\r\nabc\r\n0\r\n\r\n"));
        add("gzip transfer coding", post("Transfer-Encoding: gzip\r\n", "3\r\nabc\r\n0\r\n\r\n"));
        add("gzip then chunked", post("Transfer-Encoding: gzip, chunked\r\n", "3\r\nabc\r\n0\r\n\r\n"));
        add("chunked then gzip", post("Transfer-Encoding: chunked, gzip\r\n", "3\r\nabc\r\n0\r\n\r\n"));
        add("chunked twice", post("Transfer-Encoding: chunked, chunked\r\n", "3\r\nabc\r\n0\r\n\r\n"));
        add("two chunked headers", post("Transfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n",
                "3\r\nabc\r\n0\r\n\r\n"));
        add("identity transfer coding", post("Transfer-Encoding: identity\r\n", "abc"));
        add("Chunked in capitals", post("Transfer-Encoding: CHUNKED\r\n", "3\r\nabc\r\n0\r\n\r\n"));
        add("chunked with spaces", post("Transfer-Encoding:  chunked  \r\n", "3\r\nabc\r\n0\r\n\r\n"));
        add("chunked in HTTP/1.0", "POST /probe/echo?n=1 HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n" +
                "3\r\nabc\r\n0\r\n\r\n");
        add("empty Transfer-Encoding", post("Transfer-Encoding:\r\n", ""));
        add("GET with a body", "GET /probe/echo?n=1 HTTP/1.1\r\nHost: a\r\nContent-Length: 3\r\n\r\nabc");
        add("POST without length", "POST /probe/echo?n=1 HTTP/1.1\r\nHost: a\r\n\r\n");
        addWait("truncated Content-Length body", post("Content-Length: 100\r\n", "abc"));
        addWait("truncated chunked body", post("Transfer-Encoding: chunked\r\n", "a\r\nabc"));
    }

    private void chunks() {
        String chunked = "Transfer-Encoding: chunked\r\n";
        add("valid chunks", post(chunked, "3\r\nabc\r\n2\r\nde\r\n0\r\n\r\n"));
        add("chunk size in capitals", post(chunked, "A\r\n0123456789\r\n0\r\n\r\n"));
        add("chunk size with leading zeros", post(chunked, "0003\r\nabc\r\n0\r\n\r\n"));
        add("bad chunk size", post(chunked, "zz\r\nabc\r\n0\r\n\r\n"));
        add("negative chunk size", post(chunked, "-3\r\nabc\r\n0\r\n\r\n"));
        add("chunk size overflow", post(chunked, "ffffffffffffffffff\r\nabc\r\n0\r\n\r\n"));
        add("chunk size with 0x", post(chunked, "0x3\r\nabc\r\n0\r\n\r\n"));
        add("empty chunk size", post(chunked, "\r\nabc\r\n0\r\n\r\n"));
        add("space after chunk size", post(chunked, "3 \r\nabc\r\n0\r\n\r\n"));
        add("chunk extension", post(chunked, "3;name=value\r\nabc\r\n0\r\n\r\n"));
        add("quoted chunk extension", post(chunked, "3;name=\"a b\"\r\nabc\r\n0\r\n\r\n"));
        add("chunk extension over maxExtensionSize", post(chunked, "3;x=" + "e".repeat(9000) + "\r\nabc\r\n0\r\n\r\n"));
        add("bare LF after chunk size", post(chunked, "3\nabc\r\n0\r\n\r\n"));
        add("chunk data longer than its size", post(chunked, "3\r\nabcdef\r\n0\r\n\r\n"));
        add("chunk data shorter than its size", post(chunked, "5\r\nabc\r\n0\r\n\r\n"));
        add("missing CRLF after chunk data", post(chunked, "3\r\nabc0\r\n\r\n"));
        add("last chunk without final CRLF", post(chunked, "3\r\nabc\r\n0\r\n"));
        add("trailer field", post(chunked, "3\r\nabc\r\n0\r\nX-Trailer: t\r\n\r\n"));
        add("two trailer fields", post(chunked, "3\r\nabc\r\n0\r\nX-A: 1\r\nX-B: 2\r\n\r\n"));
        add("trailer over maxTrailerSize", post(chunked, "3\r\nabc\r\n0\r\nX-T: " + "t".repeat(9000) + "\r\n\r\n"));
        add("malformed trailer", post(chunked, "3\r\nabc\r\n0\r\nNoColon\r\n\r\n"));
        add("forbidden trailer Content-Length", post(chunked, "3\r\nabc\r\n0\r\nContent-Length: 50\r\n\r\n"));
        add("last chunk then a pipelined request", post(chunked, "0\r\n\r\nGET /probe/echo?n=smuggled HTTP/1.1\r\nHost: a\r\n\r\n"));
        add("chunked body of 1 MiB", post(chunked, ("4000\r\n" + "x".repeat(0x4000) + "\r\n").repeat(64) + "0\r\n\r\n"));
    }

    /**
     * Heads that stop before their empty line, with nothing after them: a server must judge them
     * by the bytes it has. Where Coyote's parser refuses a head at once (a bare CR or a bad byte in
     * the request line, one field too many) the answer must come at once, not after
     * {@code connectionTimeout}; where it reads a bad field line to its end before it answers,
     * both connectors wait.
     */
    static List<Case> unfinished() {
        return List.of(
                unfinished("bare CRs as the only line ends", "GET /probe/echo HTTP/1.1\rHost: a\r\r"),
                unfinished("bare CR inside the target, no LF", "GET /probe/e\rcho HTTP/1.1"),
                unfinished("bare CR then a field, no LF", "GET /probe/echo HTTP/1.1\r\nHost: a\rX-Other: b"),
                unfinished("NUL in the method, no LF", "G\0ET /probe/echo HTTP/1.1"),
                unfinished("DEL in the target, no LF", "GET /probe/\u007fecho HTTP/1.1"),
                unfinished("bad version byte, no LF", "GET /probe/echo HTTP/1.1x"),
                unfinished("NUL in a field value, line unfinished", "GET /probe/echo HTTP/1.1\r\nHost: a\0b"),
                unfinished("space in a field name, line unfinished", "GET /probe/echo HTTP/1.1\r\nHo st: a"),
                unfinished("CR where the target begins, no LF", "GET \r"),
                unfinished("no version, line ended", "GET /probe/echo \r\n"),
                unfinished("one field too many, unfinished",
                        "GET /probe/echo HTTP/1.1\r\n" + "X: a\r\n".repeat(100) + "X:"), // maxHeaderCount 100
                unfinished("valid head, unfinished", "GET /probe/echo HTTP/1.1\r\nHost: a\r\n"));
    }

    private static Case unfinished(String name, String input) {
        return new Case(name, input.getBytes(StandardCharsets.ISO_8859_1), false);
    }

    private void unfinishedHeads() {
        cases.addAll(unfinished());
    }

    private void pipelines() {
        add("valid, invalid, valid pipelined", get("/probe/echo?n=1") + "GET /probe/echo HTTP/9.9\r\nHost: a\r\n\r\n" +
                get("/probe/echo?n=3"));
        add("invalid, valid pipelined", "GET /probe/echo\u0001 HTTP/1.1\r\nHost: a\r\n\r\n" + get("/probe/echo?n=2"));
        add("ten valid pipelined", get("/probe/echo?n=1").repeat(10));
        add("valid then Connection close then valid", get("/probe/echo?n=1") + withHeader("Connection: close") +
                get("/probe/echo?n=3"));
        add("body then pipelined request", post("Content-Length: 3\r\n", "abc") + get("/probe/echo?n=2"));
        add("unread body then pipelined request", "POST /probe/slow?ms=0 HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\n" +
                "\r\nhello" + get("/probe/echo?n=2"));
        add("too large unread body", "POST /probe/slow?ms=0 HTTP/1.1\r\nHost: a\r\nContent-Length: 3000000\r\n\r\n" +
                "y".repeat(3_000_000));
        add("Expect 100-continue with body", "POST /probe/echo?n=1 HTTP/1.1\r\nHost: a\r\nExpect: 100-continue\r\n" +
                "Content-Length: 3\r\n\r\nabc");
        add("error status then body", "POST /probe/missing HTTP/1.1\r\nHost: a\r\nContent-Length: 3\r\n\r\nabc");
    }

    private static byte[] range(int from, int to) {
        byte[] bytes = new byte[to - from];
        for (int i = from; i < to; i++) {
            bytes[i - from] = (byte) i;
        }
        return bytes;
    }
}
