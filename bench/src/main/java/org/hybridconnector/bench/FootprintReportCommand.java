package org.hybridconnector.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import org.hybridconnector.bench.footprint.Footprint;
import org.hybridconnector.bench.footprint.FootprintFiles;
import org.hybridconnector.bench.footprint.FootprintReport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code footprint-report}: {@code footprint.md} and {@code footprint.csv} from the raw histograms of a directory. */
@Command(name = "footprint-report", description = "The idle-footprint report from the histograms footprint saved.")
final class FootprintReportCommand implements Callable<Integer> {

    @Option(names = "--dir", required = true, paramLabel = "DIR", description = "Where footprint wrote raw/.")
    private Path directory;

    @Option(names = "--connections", required = true, paramLabel = "N", description = "As given to footprint.")
    private int connections;

    @Option(names = "--reference", defaultValue = "nio", paramLabel = "NAME",
            description = "The connector the others are compared with.")
    private String reference;

    @Option(names = "--title", defaultValue = "Idle footprint", paramLabel = "TEXT",
            description = "The report's heading, and the lines under it (command, commit), separated by |.")
    private String title;

    @Override
    public Integer call() throws Exception {
        List<Footprint> footprints = new FootprintFiles(directory).read(connections);
        List<String> connectors = new ArrayList<>(footprints.stream().map(Footprint::connector).distinct().sorted()
                .filter(name -> !name.equals(reference)).toList());
        connectors.add(reference);
        FootprintReport report = new FootprintReport(connectors);
        footprints.forEach(report::add);
        Files.write(directory.resolve("footprint.csv"), report.csv());
        String heading = "# " + String.join("\n\n", title.split("\\|")) + "\n\n";
        Files.writeString(directory.resolve("footprint.md"), heading + report.markdown());
        System.out.println(report.markdown());
        return 0;
    }
}
