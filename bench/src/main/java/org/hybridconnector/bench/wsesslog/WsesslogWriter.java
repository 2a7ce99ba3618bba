package org.hybridconnector.bench.wsesslog;

import java.io.IOException;
import java.io.Writer;
import java.util.List;
import java.util.Locale;

/**
 * Writes sessions in httperf's {@code --wsesslog} format: a non-indented line per page with its
 * {@code think=} time in seconds, its embedded requests on indented lines below it, a blank line
 * after each session. The think time of a session's last page is left out: nothing follows it.
 * <p>
 * With a marker, every request of session {@code n} carries the query parameter
 * {@code hs=<marker>.<n>}: the server's access log then tells which session each request
 * belonged to, so that the steady-state count can follow sessions from the server's side
 * ({@link org.hybridconnector.bench.steady.AccessLogSessions}). The pages ignore the parameter.
 */
public final class WsesslogWriter {

    private WsesslogWriter() {
    }

    /** The query parameter that names a request's session. */
    public static final String SESSION_PARAMETER = "hs";

    public static void write(Writer out, String comment, List<List<Burst>> sessions) throws IOException {
        write(out, comment, sessions, null);
    }

    /** @param marker the prefix of each session's {@value #SESSION_PARAMETER} value, or {@code null} for none */
    public static void write(Writer out, String comment, List<List<Burst>> sessions, String marker)
            throws IOException {
        for (String line : comment.split("\n")) {
            out.write("# " + line + "\n");
        }
        int number = 0;
        for (List<Burst> session : sessions) {
            out.write("# session " + (++number) + ": " + session.size() + " pages\n");
            String tag = marker == null ? null : SESSION_PARAMETER + "=" + marker + "." + number;
            for (int i = 0; i < session.size(); i++) {
                Burst burst = session.get(i);
                out.write(marked(burst.uri(), tag));
                if (i < session.size() - 1) {
                    out.write(String.format(Locale.ROOT, " think=%.3f", burst.thinkMillis() / 1000.0));
                }
                out.write("\n");
                for (String embedded : burst.embedded()) {
                    out.write("    " + marked(embedded, tag) + "\n");
                }
            }
            out.write("\n");
        }
    }

    private static String marked(String uri, String tag) {
        if (tag == null) {
            return uri;
        }
        return uri + (uri.indexOf('?') < 0 ? '?' : '&') + tag;
    }
}
