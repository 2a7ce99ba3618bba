package org.hybridconnector.e2e;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A real HAProxy (the Debian package, {@code haproxy} on the path) run with the project's recipe,
 * {@code conf/cluster/haproxy.cfg}, moved to this test's ports: its front end on 127.0.0.1, its
 * runtime API on a socket in the work directory, and one {@code server} line per node made from
 * the recipe's first, with one thread (so that no log line is dropped). Its log, one line per
 * request naming the node that served it, goes to a file the test reads.
 */
public final class HaproxyServer implements AutoCloseable {

    /** A node behind HAProxy: its name in the recipe ({@code node1}...), its HTTP and agent ports. */
    public record Node(String name, int port, int agentPort) {
    }

    /** One request as HAProxy logged it. */
    public record LoggedRequest(String server, int status, String retries, String requestLine) {

        /** Whether HAProxy sent it to another server after a first one failed or answered 503. */
        public boolean redispatched() {
            return retries.startsWith("+");
        }
    }

    private static final Pattern LOG_LINE = Pattern.compile(
            "^\\S+ \\[[^]]+\\] \\S+ \\S+/(\\S+) \\S+ (-?\\d+) \\S+ \\S+ \\S+ \\S+ \\d+/\\d+/\\d+/\\d+/(\\+?\\d+) \\S+ \"([^\"]*)\"");

    private final Path directory;
    private final int port;
    private final Process process;

    private HaproxyServer(Path directory, int port, Process process) {
        this.directory = directory;
        this.port = port;
        this.process = process;
    }

    /** Starts HAProxy with the recipe on {@code port} in front of {@code nodes}. */
    public static HaproxyServer start(Path recipe, Path directory, int port, List<Node> nodes)
            throws IOException, InterruptedException {
        Files.createDirectories(directory);
        // A socket file left by an earlier run would look like this HAProxy's before it is up.
        Files.deleteIfExists(directory.resolve("haproxy.sock"));
        Path config = directory.resolve("haproxy.cfg");
        Files.writeString(config, config(Files.readString(recipe, StandardCharsets.UTF_8), directory, port, nodes));
        Process process;
        try {
            process = new ProcessBuilder("haproxy", "-db", "-f", config.toString()).redirectErrorStream(true)
                    .redirectOutput(directory.resolve("haproxy.log").toFile()).start();
        } catch (IOException e) {
            throw new IllegalStateException("the cluster tests need HAProxy on the PATH (Debian: apt-get install"
                    + " haproxy; .ci/run installs it)", e);
        }
        HaproxyServer haproxy = new HaproxyServer(directory, port, process);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!Files.exists(haproxy.socket())) {
            if (!process.isAlive() || System.nanoTime() - deadline > 0) {
                throw new IllegalStateException("HAProxy did not start:\n" + haproxy.rawLog());
            }
            Thread.sleep(20);
        }
        return haproxy;
    }

    /** The recipe with this run's front port, runtime API socket and server lines. */
    static String config(String recipe, Path directory, int port, List<Node> nodes) {
        Matcher template = Pattern.compile("(?m)^( *server )node1 127\\.0\\.0\\.1:8081 (.*)$").matcher(recipe);
        if (!template.find()) {
            throw new IllegalStateException("the recipe has no 'server node1 127.0.0.1:8081' line");
        }
        StringBuilder servers = new StringBuilder();
        for (Node node : nodes) {
            servers.append(template.group(1)).append(node.name()).append(" 127.0.0.1:").append(node.port()).append(' ')
                    .append(template.group(2).replace("node1", node.name())
                            .replaceAll("agent-port \\d+", "agent-port " + node.agentPort()))
                    .append('\n');
        }
        // One thread: when two of HAProxy's threads log at once, one may drop its line rather than wait
        // for the other, and the tests find every request in the log.
        return recipe.replaceAll("(?m)^ *server node\\d+ .*\\n", "")
                .replaceFirst("(?m)^global\\n", "global\n    nbthread 1\n")
                .replaceFirst("(?m)^( *bind )127\\.0\\.0\\.1:\\d+", "$1127.0.0.1:" + port)
                .replaceFirst("stats socket \\S+", "stats socket " + directory.resolve("haproxy.sock"))
                + servers;
    }

    public int port() {
        return port;
    }

    private Path socket() {
        return directory.resolve("haproxy.sock");
    }

    /** Runs one command of HAProxy's runtime API and returns its answer. */
    public String command(String command) throws IOException {
        try (SocketChannel channel = SocketChannel.open(StandardProtocolFamily.UNIX)) {
            channel.connect(UnixDomainSocketAddress.of(socket()));
            channel.write(ByteBuffer.wrap((command + "\n").getBytes(StandardCharsets.US_ASCII)));
            ByteArrayOutputStream answer = new ByteArrayOutputStream();
            ByteBuffer buffer = ByteBuffer.allocate(8192);
            while (channel.read(buffer) >= 0) {
                answer.write(buffer.array(), 0, buffer.position());
                buffer.clear();
            }
            return answer.toString(StandardCharsets.US_ASCII);
        }
    }

    /** The node's status as HAProxy's statistics show it: {@code UP}, {@code DOWN}, {@code DRAIN}... */
    public String status(String node) throws IOException {
        for (String line : command("show stat").split("\n")) {
            String[] cells = line.split(",", -1);
            if (cells.length > 17 && cells[0].equals("tomcats") && cells[1].equals(node)) {
                return cells[17];
            }
        }
        throw new IllegalStateException("no server " + node + " in HAProxy's statistics");
    }

    /** The requests logged so far whose request line contains {@code marker}. */
    public List<LoggedRequest> requests(String marker) throws IOException {
        List<LoggedRequest> found = new ArrayList<>();
        for (String line : rawLog().split("\n")) {
            Matcher matcher = LOG_LINE.matcher(line);
            if (matcher.find() && matcher.group(4).contains(marker)) {
                found.add(new LoggedRequest(matcher.group(1), Integer.parseInt(matcher.group(2)), matcher.group(3),
                        matcher.group(4)));
            }
        }
        return found;
    }

    public String rawLog() throws IOException {
        return Files.readString(directory.resolve("haproxy.log"), StandardCharsets.ISO_8859_1);
    }

    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(10, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor();
        }
    }
}
