package org.hybridconnector.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.hybridconnector.bench.footprint.Footprint;
import org.hybridconnector.bench.footprint.FootprintReport;
import org.hybridconnector.bench.footprint.IdleConnections;
import org.hybridconnector.bench.footprint.LiveHeap;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code footprint}: the live heap an idle connection holds in a running Tomcat, per connector.
 * For each round, kind (HTTP keep-alive, WebSocket) and connector, in an order that alternates
 * between rounds: a class histogram, {@code --connections} idle connections opened, a second
 * histogram, the connections reset, a wait until Tomcat has closed them all, and a third.
 */
@Command(name = "footprint", description = "Live heap per idle HTTP and WebSocket connection, connector by connector.")
final class FootprintCommand implements Callable<Integer> {

    @Option(names = "--pid", required = true, paramLabel = "PID", description = "The Tomcat JVM, for jcmd.")
    private long pid;

    @Option(names = "--port", required = true, paramLabel = "NAME=PORT", split = ",",
            description = "The connectors, as name=port, the last the one the others are compared with.")
    private Map<String,Integer> ports = new LinkedHashMap<>();

    @Option(names = "--connections", defaultValue = "10000", paramLabel = "N")
    private int connections;

    @Option(names = "--rounds", defaultValue = "3", paramLabel = "R")
    private int rounds;

    @Option(names = "--http-path", defaultValue = "/examples/index.html", paramLabel = "PATH",
            description = "The page each HTTP connection asks for once; it must have a Content-Length.")
    private String httpPath;

    @Option(names = "--websocket-path", defaultValue = "/examples/websocket/echoAnnotation", paramLabel = "PATH")
    private String webSocketPath;

    @Option(names = "--out", required = true, paramLabel = "DIR")
    private Path out;

    @Option(names = "--title", defaultValue = "Idle footprint", paramLabel = "TEXT",
            description = "The report's heading, and the lines under it (command, commit), separated by |.")
    private String title;

    @Override
    public Integer call() throws Exception {
        List<String> names = new ArrayList<>(ports.keySet());
        FootprintReport report = new FootprintReport(names);
        Files.createDirectories(out);
        for (int round = 1; round <= rounds; round++) {
            // Alternate the order, so that neither connector always meets the heap the other left.
            List<String> order = new ArrayList<>(names);
            if (round % 2 == 0) {
                Collections.reverse(order);
            }
            for (IdleConnections.Kind kind : IdleConnections.Kind.values()) {
                for (String connector : order) {
                    Footprint footprint = measure(round, kind, connector, ports.get(connector));
                    report.add(footprint);
                    System.out.printf("round %d, %s, %s: %.0f bytes per idle connection, %.0f left after closing%n",
                            round, kind.label(), connector, footprint.bytesPerConnection(),
                            footprint.leftPerConnection());
                }
            }
        }
        Files.write(out.resolve("footprint.csv"), report.csv());
        String heading = "# " + String.join("\n\n", title.split("\\|")) + "\n\n";
        Files.writeString(out.resolve("footprint.md"), heading + report.markdown());
        System.out.println(report.markdown());
        return 0;
    }

    private Footprint measure(int round, IdleConnections.Kind kind, String connector, int port) throws Exception {
        String path = kind == IdleConnections.Kind.HTTP ? httpPath : webSocketPath;
        long filesBefore = openFiles();
        LiveHeap before = LiveHeap.of(pid);
        LiveHeap with;
        try (IdleConnections idle = IdleConnections.open(kind, port, path, connections)) {
            with = LiveHeap.of(pid);
        }
        awaitOpenFiles(filesBefore);
        LiveHeap after = LiveHeap.of(pid);
        return new Footprint(round, kind, connector, connections, before, with, after);
    }

    /**
     * Polls until Tomcat has closed the sockets of the connections reset, for a minute at most: its
     * open files are back to {@code count}. (The kernel's table empties at once; the connector
     * closes its side only when it has read the reset.)
     */
    private void awaitOpenFiles(long count) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(1);
        long open;
        while ((open = openFiles()) > count) {
            if (System.nanoTime() > deadline) {
                throw new IOException("Tomcat still has " + (open - count) + " more files open a minute after closing");
            }
            Thread.sleep(100);
        }
    }

    private long openFiles() throws IOException {
        try (Stream<Path> files = Files.list(Path.of("/proc", Long.toString(pid), "fd"))) {
            return files.count();
        }
    }
}
