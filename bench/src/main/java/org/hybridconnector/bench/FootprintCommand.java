package org.hybridconnector.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.hybridconnector.bench.footprint.FootprintFiles;
import org.hybridconnector.bench.footprint.IdleConnections;
import org.hybridconnector.bench.footprint.LiveHeap;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code footprint}: one measurement of the live heap that idle connections hold in a running
 * Tomcat, on one connector: a warm-up (a few connections opened and closed, so that classes are
 * loaded and first-use caches filled), then a class histogram, {@code --connections} idle
 * connections opened, a second histogram, the connections reset, a wait until Tomcat has closed
 * them all, and a third. The histograms go to {@code --out}'s {@code raw/}; {@code footprint-report}
 * reads them.
 */
@Command(name = "footprint", description = "Histograms of Tomcat's live heap before, with and after N idle connections.")
final class FootprintCommand implements Callable<Integer> {

    @Option(names = "--pid", required = true, paramLabel = "PID", description = "The Tomcat JVM, for jcmd.")
    private long pid;

    @Option(names = "--port", required = true, paramLabel = "P")
    private int port;

    @Option(names = "--connector", required = true, paramLabel = "NAME", description = "Its name in the report.")
    private String connector;

    @Option(names = "--kind", required = true, paramLabel = "KIND", description = "http or websocket.")
    private String kind;

    @Option(names = "--round", defaultValue = "1", paramLabel = "R")
    private int round;

    @Option(names = "--connections", defaultValue = "10000", paramLabel = "N")
    private int connections;

    @Option(names = "--warm-up", defaultValue = "50", paramLabel = "N", description = "Connections opened and closed first.")
    private int warmUp;

    @Option(names = "--http-path", defaultValue = "/examples/index.html", paramLabel = "PATH",
            description = "The page each HTTP connection asks for once; it must have a Content-Length.")
    private String httpPath;

    @Option(names = "--websocket-path", defaultValue = "/examples/websocket/echoAnnotation", paramLabel = "PATH")
    private String webSocketPath;

    @Option(names = "--out", required = true, paramLabel = "DIR")
    private Path out;

    @Override
    public Integer call() throws Exception {
        IdleConnections.Kind what = IdleConnections.Kind.of(kind);
        String path = what == IdleConnections.Kind.HTTP ? httpPath : webSocketPath;
        FootprintFiles files = new FootprintFiles(out);
        // jcmd's first attach opens the JVM's attach listener, a socket that stays: before counting.
        LiveHeap.histogram(pid);
        long socketsBefore = openSockets();
        IdleConnections.open(what, port, path, warmUp).close();
        awaitOpenSockets(socketsBefore);

        files.write(round, what, connector, "before", LiveHeap.histogram(pid));
        try (IdleConnections idle = IdleConnections.open(what, port, path, connections)) {
            files.write(round, what, connector, "with", LiveHeap.histogram(pid));
        }
        awaitOpenSockets(socketsBefore);
        files.write(round, what, connector, "after", LiveHeap.histogram(pid));
        System.out.printf("round %d, %s, %s: %d idle connections measured%n", round, what.label(), connector,
                connections);
        return 0;
    }

    /**
     * Polls until Tomcat has closed the sockets of the connections reset, for a minute at most: its
     * open sockets are back to {@code count}. (The kernel's table empties at once; the connector
     * closes its side only when it has read the reset.)
     */
    private void awaitOpenSockets(long count) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(1);
        long open;
        while ((open = openSockets()) > count) {
            if (System.nanoTime() > deadline) {
                throw new IOException("Tomcat still has " + (open - count) + " more sockets open a minute after closing");
            }
            Thread.sleep(100);
        }
    }

    /** Tomcat's open sockets (files opened lazily on first use, a jar or a page, are left out). */
    private long openSockets() throws IOException {
        try (Stream<Path> open = Files.list(Path.of("/proc", Long.toString(pid), "fd"))) {
            return open.filter(FootprintCommand::isSocket).count();
        }
    }

    private static boolean isSocket(Path descriptor) {
        try {
            return Files.readSymbolicLink(descriptor).toString().startsWith("socket:");
        } catch (IOException e) {
            return false; // closed meanwhile
        }
    }
}
