package org.hybridconnector.bench.headline;

import java.util.List;
import java.util.Locale;

/**
 * The report's account of the server's core (CPU 0, where Tomcat and the database are pinned): per
 * load and variant, the median over blocks of httperf's replies per second, the replies per session
 * completed, the core's busy share, and Tomcat's and the database's CPU time per reply. Where the
 * core is full, a connector completes as many sessions as it serves replies, divided by the replies
 * a completed session takes: this table says which of the two a difference in completions came from.
 * Written only where some row has its replies read.
 */
final class ServerCpuTable {

    private ServerCpuTable() {
    }

    static void append(StringBuilder md, List<SteadyRow> rows) {
        if (rows.stream().noneMatch(r -> Double.isFinite(r.serverCpu().repliesPerSecond()))) {
            return;
        }
        md.append("## Where the server's core went\n\nPer load and variant, the median over blocks of: httperf's "
                + "replies/s; replies per session completed in the interval (replies to sessions that fail, or "
                + "end after it, count too); CPU 0's busy share; Tomcat's process and the database's, in CPU "
                + "milliseconds per reply; and the rest of CPU 0, the share neither process took (interrupts, "
                + "time the hypervisor took, other processes). Each median is over the blocks that read its "
                + "figure, so the columns need not add up. A figure not read is –: the processes are read since "
                + "2026-11-28, the database only on MariaDB.\n\n| offered sess/s | variant | replies/s | "
                + "replies per completed session | CPU 0 | Tomcat ms/reply | database ms/reply | rest of CPU 0 |\n"
                + "|---|---|---|---|---|---|---|---|\n");
        HeadlineReport.byLoadAndVariant(rows).forEach((load, byVariant) -> byVariant.forEach((variant, of) -> md.append(String.format(Locale.ROOT,
                "| %.1f | %s | %s | %s | %s | %s | %s | %s |%n", load, variant,
                HeadlineReport.median(of, r -> r.serverCpu().repliesPerSecond(), "%.0f"),
                HeadlineReport.median(of, r -> r.serverCpu().repliesPerSecond() / r.completedPerSecond(), "%.0f"),
                HeadlineReport.median(of, r -> r.serverCpu().corePercent(), "%.0f %%"),
                HeadlineReport.median(of, r -> r.serverCpu().tomcatMillisPerReply(), "%.3f"),
                HeadlineReport.median(of, r -> r.serverCpu().databaseMillisPerReply(), "%.3f"),
                HeadlineReport.median(of, r -> r.serverCpu().restPercent(), "%.0f %%")))));
        md.append('\n');
    }
}
