package org.hybridconnector;

import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.io.InputStream;

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
}
