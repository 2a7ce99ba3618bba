package org.hybridconnector.e2e;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One HTTP response as it came off the wire: status line, header fields (names lower-cased, in
 * order of arrival per name) and the body after transfer decoding.
 */
public record RawResponse(String statusLine, Map<String,List<String>> headers, byte[] body, boolean chunked) {

    public int status() {
        return Integer.parseInt(statusLine.split(" ")[1]);
    }

    /** The first value of a header field, or {@code null}. */
    public String header(String name) {
        List<String> values = headers.get(name.toLowerCase(Locale.ROOT));
        return values == null || values.isEmpty() ? null : values.get(0);
    }

    public String text() {
        return new String(body, StandardCharsets.UTF_8);
    }

    /** Whether the server said it closes the connection after this response. */
    public boolean closesConnection() {
        String connection = header("connection");
        return connection != null && connection.toLowerCase(Locale.ROOT).contains("close");
    }
}
