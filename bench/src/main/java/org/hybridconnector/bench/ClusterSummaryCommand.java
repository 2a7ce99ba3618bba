package org.hybridconnector.bench;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import org.hybridconnector.bench.cluster.ClusterComparison;
import org.hybridconnector.bench.headline.Bootstrap;
import org.hybridconnector.bench.report.Summary;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code cluster-summary}: the cluster benchmark's table and paired ratios; see {@link ClusterComparison}. */
@Command(name = "cluster-summary", description = "Write the cluster benchmark's paired comparison from its steps' CSV.")
final class ClusterSummaryCommand implements Callable<Integer> {

    @Option(names = "--csv", required = true, paramLabel = "FILE")
    private Path csv;

    @Option(names = "--pair", required = true, paramLabel = "CANDIDATE/REFERENCE@LOAD",
            description = "A pair to compare, e.g. two/one@30; repeat for more.")
    private List<String> pairs;

    @Option(names = "--out", required = true, paramLabel = "FILE")
    private Path out;

    @Override
    public Integer call() throws Exception {
        List<ClusterComparison.Pair> parsed = new ArrayList<>();
        for (String pair : pairs) {
            String[] sides = pair.split("[/@]");
            if (sides.length != 3) {
                throw new IllegalArgumentException("--pair " + pair + ": expected CANDIDATE/REFERENCE@LOAD");
            }
            parsed.add(new ClusterComparison.Pair(sides[0], sides[1], Double.parseDouble(sides[2])));
        }
        ClusterComparison comparison = new ClusterComparison(Summary.readCsv(csv), new Bootstrap());
        Files.writeString(out, comparison.summary(parsed), StandardCharsets.UTF_8);
        return 0;
    }
}
