package org.hybridconnector.bench.wsesslog;

import java.io.IOException;
import java.io.Writer;
import java.util.List;
import java.util.Locale;

/**
 * Writes sessions in httperf's {@code --wsesslog} format: a non-indented line per page with its
 * {@code think=} time in seconds, its embedded requests on indented lines below it, a blank line
 * after each session. The think time of a session's last page is left out: nothing follows it.
 */
public final class WsesslogWriter {

    private WsesslogWriter() {
    }

    public static void write(Writer out, String comment, List<List<Burst>> sessions) throws IOException {
        for (String line : comment.split("\n")) {
            out.write("# " + line + "\n");
        }
        int number = 0;
        for (List<Burst> session : sessions) {
            out.write("# session " + (++number) + ": " + session.size() + " pages\n");
            for (int i = 0; i < session.size(); i++) {
                Burst burst = session.get(i);
                out.write(burst.uri());
                if (i < session.size() - 1) {
                    out.write(String.format(Locale.ROOT, " think=%.3f", burst.thinkMillis() / 1000.0));
                }
                out.write("\n");
                for (String embedded : burst.embedded()) {
                    out.write("    " + embedded + "\n");
                }
            }
            out.write("\n");
        }
    }
}
