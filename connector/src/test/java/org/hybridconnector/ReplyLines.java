package org.hybridconnector;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/** Reads an HTTP reply's head line by line, for the protocol tests that talk to raw sockets. */
final class ReplyLines {

    private ReplyLines() {
    }

    /** The next line without its CR LF; fails the test if the connection ends before it does. */
    static String line(InputStream in) throws IOException {
        StringBuilder line = new StringBuilder();
        for (int b = in.read(); b != '\n'; b = in.read()) {
            assertFalse(b < 0, "closed mid-head");
            if (b != '\r') {
                line.append((char) b);
            }
        }
        return line.toString();
    }

    /**
     * Reads one {@code 200} reply whose body is the two bytes {@code ok}, as the tests' adapters
     * answer; tells whether it said {@code Connection: close}.
     */
    static boolean okReply(InputStream in) throws IOException {
        String status = line(in);
        assertTrue(status.startsWith("HTTP/1.1 200"), status);
        boolean close = false;
        for (String header = line(in); !header.isEmpty(); header = line(in)) {
            close |= header.toLowerCase(Locale.ROOT).equals("connection: close");
        }
        assertEquals("ok", new String(in.readNBytes(2), StandardCharsets.ISO_8859_1));
        return close;
    }
}
