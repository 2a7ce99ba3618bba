package org.hybridconnector.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Executors;

import com.sun.net.httpserver.HttpServer;
import org.hybridconnector.bench.probe.ProbeResult;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code Main probe} against the JDK's HTTP server on 127.0.0.1, as a steady step runs it. */
class ProbeCommandTest {

    private HttpServer server;

    @BeforeEach
    void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 50);
        server.setExecutor(Executors.newFixedThreadPool(4));
        server.createContext("/page", e -> {
            byte[] body = "quick".getBytes(StandardCharsets.US_ASCII);
            e.sendResponseHeaders(200, body.length);
            try (OutputStream out = e.getResponseBody()) {
                out.write(body);
            }
        });
        server.start();
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    @Test
    void testCountsTheMeasuredPartMidVisitAndTheOpeningsApart(@TempDir Path dir) throws IOException {
        Path out = dir.resolve("probe.txt");
        Path openings = dir.resolve("openings.txt");
        Path timeline = dir.resolve("timeline.csv");
        assertEquals(0, execute("--seconds", "1.0", "--measure-from", "0.5", "--out", out.toString(),
                "--openings", openings.toString(), "--timeline", timeline.toString()));
        List<String> attempts = Files.readAllLines(timeline).subList(1, Files.readAllLines(timeline).size());
        long measured = attempts.stream().filter(a -> Double.parseDouble(a.split(",")[0]) >= 0.5).count();
        assertTrue(measured >= 4 && measured < attempts.size(), "the clients asked before and after 0.5 s");
        assertEquals(2, attempts.stream().filter(a -> a.endsWith(",true")).count(), "two clients, two connections");
        assertEquals(measured, ProbeResult.read(out).samples(), "every measured page was asked mid-visit");
        assertEquals(0, ProbeResult.read(openings).samples(), "both connections opened before 0.5 s");
    }

    @Test
    void testAMeasuredStartPastTheEndIsRefusedNamingItsOption(@TempDir Path dir) {
        StringWriter err = new StringWriter();
        CommandLine line = Main.commandLine();
        line.setErr(new PrintWriter(err));
        assertEquals(2, line.execute(args("--seconds", "1", "--measure-from", "1", "--out",
                dir.resolve("p.txt").toString())));
        assertTrue(err.toString().contains("--measure-from must be at least 0 and less than --seconds"), err::toString);
    }

    private int execute(String... options) {
        CommandLine line = Main.commandLine();
        line.setErr(new PrintWriter(new StringWriter()));
        return line.execute(args(options));
    }

    private String[] args(String... options) {
        String[] common = { "probe", "--port", Integer.toString(server.getAddress().getPort()), "--paths", "/page",
            "--clients", "2", "--interval-ms", "50" };
        String[] all = new String[common.length + options.length];
        System.arraycopy(common, 0, all, 0, common.length);
        System.arraycopy(options, 0, all, common.length, options.length);
        return all;
    }
}
