package org.hybridconnector.e2e;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.hybridconnector.LoopbackPorts;

/**
 * A real Tomcat distribution (the one Maven unpacked, with the connector jar in its {@code lib/})
 * run as a separate JVM with its own {@code CATALINA_BASE}, on ephemeral ports of 127.0.0.1.
 * <p>
 * Every server gets a stock NIO connector named {@value #CONTROL}: tests reach the probe webapp
 * through it (thread names, MBean attributes) without disturbing the connector under test.
 */
public final class TomcatServer implements AutoCloseable {

    public static final String CONTROL = "control";
    public static final String HYBRID_PROTOCOL = "org.hybridconnector.HybridProtocol";
    public static final String NIO_PROTOCOL = "org.apache.coyote.http11.Http11NioProtocol";

    /**
     * Nest it in a connector ({@link #connector(String, String, Map, String)}) for HTTP/2: h2c by
     * upgrade or by prior knowledge in the clear, h2 by ALPN over TLS.
     */
    public static final String HTTP2 = http2(Map.of());

    /** {@link #HTTP2} with attributes of Tomcat's {@code Http2Protocol} ({@code keepAliveTimeout}, say). */
    public static String http2(Map<String,String> attributes) {
        StringBuilder element = new StringBuilder("<UpgradeProtocol className=\"org.apache.coyote.http2.Http2Protocol\"");
        attributes.forEach((key, value) -> element.append(' ').append(key).append("=\"").append(value).append('"'));
        return element.append(" />").toString();
    }

    /** A user of the Manager webapp (status, script and JMX roles) that every server knows. */
    public static final String MANAGER_USER = "probe";
    public static final String MANAGER_PASSWORD = "probe-secret";

    private final Path home = Paths.get(System.getProperty("tomcat.home"));
    private final Path base;
    private final Map<String,Integer> ports = new LinkedHashMap<>();
    private final Map<String,String> connectorElements = new LinkedHashMap<>();
    private final List<String> webapps = new ArrayList<>();
    private final List<String> executorElements = new ArrayList<>();
    private final List<Path> wars = new ArrayList<>();
    private final Map<String,String> contextFiles = new LinkedHashMap<>();
    private final Map<String,byte[]> webappFiles = new LinkedHashMap<>();

    private int shutdownPort;
    private String shippedServerXml;
    private Process process;

    public TomcatServer(String name) {
        this.base = Paths.get(System.getProperty("e2e.work")).resolve(name);
        connector(CONTROL, NIO_PROTOCOL, Map.of());
        webapps.add("probe");
    }

    /** Adds a connector on a fresh ephemeral port of 127.0.0.1 with the given extra attributes. */
    public TomcatServer connector(String name, String protocol, Map<String,String> attributes) {
        return connector(name, protocol, LoopbackPorts.free(), attributes);
    }

    /** Adds a connector with nested elements ({@code <SSLHostConfig>}, say) on a fresh port. */
    public TomcatServer connector(String name, String protocol, Map<String,String> attributes, String body) {
        connector(name, protocol, LoopbackPorts.free(), attributes);
        String element = connectorElements.get(name);
        connectorElements.put(name, element.replace(" />\n", ">\n      " + body + "\n    </Connector>\n"));
        return this;
    }

    /** Adds a connector on the given port of 127.0.0.1 (one another server holds, say). */
    public TomcatServer connector(String name, String protocol, int port, Map<String,String> attributes) {
        StringBuilder element = new StringBuilder("    <Connector protocol=\"" + protocol + "\" port=\"" + port +
                "\" address=\"127.0.0.1\"");
        attributes.forEach((key, value) -> element.append(' ').append(key).append("=\"").append(value).append('"'));
        element.append(" />\n");
        ports.put(name, Integer.valueOf(port));
        connectorElements.put(name, element.toString());
        return this;
    }

    /**
     * Runs the project's {@code conf/server.xml} as shipped, moved to ephemeral ports of 127.0.0.1:
     * its hybrid connector becomes the connector named {@code name}.
     */
    public TomcatServer shippedServerXml(String name) throws IOException {
        shippedServerXml = Files.readString(
                Paths.get(System.getProperty("e2e.projectRoot")).resolve("conf/server.xml"));
        ports.put(name, Integer.valueOf(LoopbackPorts.free()));
        return this;
    }

    /** Deploys a war file (for {@code rubis.war}, see {@link #rubisWar()}). */
    public TomcatServer war(Path war) {
        wars.add(war);
        return this;
    }

    /** The RUBiS war the build made. */
    public static Path rubisWar() {
        return Paths.get(System.getProperty("e2e.rubisWar"));
    }

    /**
     * Installs {@code conf/Catalina/localhost/<contextName>.xml}, which overrides the context file
     * inside the webapp, as an operator configures a deployment.
     */
    public TomcatServer contextFile(String contextName, String xml) {
        contextFiles.put(contextName, xml);
        return this;
    }

    /** Adds a shared {@code <Executor>} that connectors can name with {@code executor="name"}. */
    public TomcatServer executor(String name, Map<String,String> attributes) {
        StringBuilder element = new StringBuilder("    <Executor name=\"" + name + "\"");
        attributes.forEach((key, value) -> element.append(' ').append(key).append("=\"").append(value).append('"'));
        executorElements.add(element.append(" />\n").toString());
        return this;
    }

    /**
     * Places a file under {@code webapps/} ({@code "files/big.bin"} makes a webapp {@code /files}
     * whose default servlet serves it).
     */
    public TomcatServer webappFile(String path, byte[] content) {
        webappFiles.put(path, content);
        return this;
    }

    /** Deploys one of the distribution's webapps ({@code examples}, {@code manager}, ...) too. */
    public TomcatServer webapp(String name) {
        webapps.add(name);
        return this;
    }

    public int port(String connector) {
        Integer port = ports.get(connector);
        if (port == null) {
            throw new IllegalArgumentException("no connector named " + connector);
        }
        return port.intValue();
    }

    /** The name Tomcat gives the connector: its thread names start with it, its MBeans carry it. */
    public String connectorName(String connector) {
        String element = connectorElements.getOrDefault(connector, "");
        String scheme = element.contains("SSLEnabled=\"true\"") ? "https" : "http";
        return scheme + "-hybrid-127.0.0.1-" + port(connector);
    }

    public Path base() {
        return base;
    }

    public TomcatServer start() throws IOException, InterruptedException {
        return start(true);
    }

    /**
     * Starts the JVM; with {@code awaitReady}, returns once the control connector serves the probe
     * webapp and every connector has started.
     */
    public TomcatServer start(boolean awaitReady) throws IOException, InterruptedException {
        prepareBase();
        shutdownPort = LoopbackPorts.free();
        Files.writeString(base.resolve("conf/server.xml"), serverXml());
        Path java = Paths.get(System.getProperty("java.home"), "bin", "java");
        List<String> command = new ArrayList<>(List.of(java.toString(), "-Xmx768m",
                "-Dcatalina.home=" + home, "-Dcatalina.base=" + base,
                "-Djava.io.tmpdir=" + base.resolve("temp"),
                "-Djava.util.logging.manager=org.apache.juli.ClassLoaderLogManager",
                "-Djava.util.logging.config.file=" + base.resolve("conf/logging.properties"),
                "--add-opens=java.base/java.lang=ALL-UNNAMED", "--add-opens=java.base/java.io=ALL-UNNAMED",
                "--add-opens=java.base/java.util=ALL-UNNAMED",
                "--add-opens=java.base/java.util.concurrent=ALL-UNNAMED",
                "--add-opens=java.rmi/sun.rmi.transport=ALL-UNNAMED",
                "-cp", classPath(), "org.apache.catalina.startup.Bootstrap", "start"));
        process = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(base.resolve("logs/console.log").toFile()).start();
        if (awaitReady) {
            awaitReady();
        }
        return this;
    }

    /**
     * A distribution's {@code bin/bootstrap.jar} and {@code bin/tomcat-juli.jar}; or, for a release
     * Maven Central serves only as embedded jars ({@code e2e.embeddedJars}, see src/test/pom.xml),
     * every jar of that directory and of {@code lib/}: Tomcat's classes then come from the class
     * path, and Coyote loads a protocol class named in {@code server.xml} through its own class
     * loader, so the connector's jars must be there too.
     */
    private String classPath() throws IOException {
        String embedded = System.getProperty("e2e.embeddedJars", "");
        if (embedded.isBlank()) {
            return home.resolve("bin/bootstrap.jar") + ":" + home.resolve("bin/tomcat-juli.jar");
        }
        List<String> path = new ArrayList<>();
        for (Path dir : new Path[] { Paths.get(embedded), home.resolve("lib") }) {
            try (Stream<Path> jars = Files.list(dir)) {
                jars.filter(jar -> jar.toString().endsWith(".jar")).sorted().map(Path::toString).forEach(path::add);
            }
        }
        return String.join(":", path);
    }

    private void awaitReady() throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException("Tomcat exited during start-up:\n" + consoleLog());
            }
            // A port listens once its connector is bound, at init; the connectors start one after
            // another later, and Catalina says when the last has.
            if (allPortsListen() && probeAnswers() && consoleLog().contains("Server startup in")) {
                return;
            }
            Thread.sleep(100);
        }
        throw new IllegalStateException("Tomcat did not start within 90 s:\n" + consoleLog());
    }

    private boolean allPortsListen() {
        for (Integer port : ports.values()) {
            if (!listens(port.intValue())) {
                return false;
            }
        }
        return true;
    }

    /** Whether something accepts TCP connections on the port of 127.0.0.1. */
    public static boolean listens(int port) {
        try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), port)) {
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private boolean probeAnswers() {
        try (RawConnection connection = RawConnection.open(port(CONTROL), 5000)) {
            return connection.send(RawConnection.get("/probe/echo?n=ready", "Connection: close\r\n")).read()
                    .status() == 200;
        } catch (IOException e) {
            return false;
        }
    }

    /** A GET through the control connector to the probe webapp; the body, or an error on a non-200. */
    public String probe(String pathAndQuery) throws IOException {
        try (RawConnection connection = RawConnection.open(port(CONTROL), 10_000)) {
            RawResponse response = connection.send(RawConnection.get("/probe/" + pathAndQuery,
                    "Connection: close\r\n")).read();
            if (response.status() != 200) {
                throw new IOException("probe " + pathAndQuery + " answered " + response.statusLine() + ": " +
                        response.text());
            }
            return response.text();
        }
    }

    /** The server's access log so far: one line per request, {@code %{local}p %a %r %s %b %D}. */
    public List<String> accessLog() throws IOException {
        return Files.readAllLines(base.resolve("logs/access.log"), StandardCharsets.UTF_8);
    }

    /** Names of the server's live threads that belong to the named connector. */
    public List<String> connectorThreads(String connector) throws IOException {
        String names = probe("threads?prefix=" + connectorName(connector) + "-");
        return names.lines().filter(line -> !line.isBlank()).toList();
    }

    /** An attribute of the named connector's {@code ProtocolHandler} MBean. */
    public String protocolAttribute(String connector, String attribute) throws IOException {
        return probe("mbean?name=Catalina:type%3DProtocolHandler,port%3D" + port(connector) +
                ",address%3D%22127.0.0.1%22&attribute=" + attribute);
    }

    /** An attribute of the named connector's {@code ThreadPool} MBean (the endpoint). */
    public String threadPoolAttribute(String connector, String attribute) throws IOException {
        return probe("mbean?name=Catalina:type%3DThreadPool,name%3D%22" + connectorName(connector) +
                "%22&attribute=" + attribute);
    }

    /** Calls a no-argument operation ({@code pause}, {@code resume}, ...) of the named connector's Connector MBean. */
    public void invokeConnector(String connector, String operation) throws IOException {
        probe("mbean?name=Catalina:type%3DConnector,port%3D" + port(connector) + ",address%3D%22127.0.0.1%22&invoke=" +
                operation);
    }

    /** Asks Tomcat to shut down through its shutdown port, as {@code catalina.sh stop} does. */
    public void requestShutdown() throws IOException {
        try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), shutdownPort);
                OutputStream out = socket.getOutputStream()) {
            out.write("SHUTDOWN".getBytes(StandardCharsets.US_ASCII));
        }
    }

    /** Waits for the JVM to exit; {@code false} if it still runs after {@code seconds}. */
    public boolean awaitExit(long seconds) throws InterruptedException {
        return process.waitFor(seconds, TimeUnit.SECONDS);
    }

    /** The process id of the Tomcat JVM, to count its open files in {@code /proc/<pid>/fd}. */
    public long pid() {
        return process.pid();
    }

    /** Ends the JVM at once, as a crash or {@code kill -9} would: nothing is closed in order. */
    public void kill() throws InterruptedException {
        process.destroyForcibly().waitFor();
    }

    public boolean isRunning() {
        return process != null && process.isAlive();
    }

    public String consoleLog() {
        try {
            return Files.readString(base.resolve("logs/console.log"), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "(no console log: " + e + ")";
        }
    }

    @Override
    public void close() throws IOException, InterruptedException {
        if (process == null || !process.isAlive()) {
            return;
        }
        // The shutdown port opens only at the end of start-up: keep knocking until it does.
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (process.isAlive() && System.nanoTime() < deadline) {
            try {
                requestShutdown();
                break;
            } catch (IOException e) {
                Thread.sleep(200);
            }
        }
        if (!awaitExit(30)) {
            process.destroyForcibly();
            process.waitFor(10, TimeUnit.SECONDS);
        }
    }

    // ------------------------------------------------------------------ set-up

    private void prepareBase() throws IOException {
        deleteTree(base);
        for (String dir : new String[] { "conf", "logs", "temp", "work", "webapps", "lib" }) {
            Files.createDirectories(base.resolve(dir));
        }
        try (Stream<Path> files = Files.list(home.resolve("conf"))) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                Files.copy(file, base.resolve("conf").resolve(file.getFileName()));
            }
        }
        Files.writeString(base.resolve("conf/tomcat-users.xml"), """
                <?xml version="1.0" encoding="UTF-8"?>
                <tomcat-users xmlns="http://tomcat.apache.org/xml" version="1.0">
                  <user username="%s" password="%s" roles="manager-status,manager-script,manager-jmx" />
                </tomcat-users>
                """.formatted(MANAGER_USER, MANAGER_PASSWORD));
        for (Path war : wars) {
            Files.copy(war, base.resolve("webapps").resolve(war.getFileName()));
        }
        for (Map.Entry<String,String> context : contextFiles.entrySet()) {
            Path file = base.resolve("conf/Catalina/localhost").resolve(context.getKey() + ".xml");
            Files.createDirectories(file.getParent());
            Files.writeString(file, context.getValue());
        }
        for (Map.Entry<String,byte[]> file : webappFiles.entrySet()) {
            Path target = base.resolve("webapps").resolve(file.getKey());
            Files.createDirectories(target.getParent());
            Files.write(target, file.getValue());
        }
        for (String webapp : webapps) {
            if (webapp.equals("probe")) {
                deployProbe();
            } else {
                copyTree(home.resolve("webapps").resolve(webapp), base.resolve("webapps").resolve(webapp));
            }
        }
    }

    /** The probe webapp: the annotated servlets of the test classes' probe package. */
    private void deployProbe() throws IOException {
        String pkg = "org/hybridconnector/e2e/probe";
        Path classes = Paths.get(System.getProperty("e2e.testClasses")).resolve(pkg);
        copyTree(classes, base.resolve("webapps/probe/WEB-INF/classes").resolve(pkg));
    }

    private String serverXml() {
        if (shippedServerXml != null) {
            String control = connectorElements.get(CONTROL);
            String hybrid = ports.keySet().stream().filter(name -> !connectorElements.containsKey(name)).findFirst()
                    .orElseThrow();
            return shippedServerXml
                    .replace("port=\"8080\"", "port=\"" + port(hybrid) + "\" address=\"127.0.0.1\"")
                    .replace("port=\"8005\"", "port=\"" + shutdownPort + "\" address=\"127.0.0.1\"")
                    .replace("<Engine ", control.trim() + "\n    <Engine ");
        }
        StringBuilder xml = new StringBuilder();
        xml.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        xml.append("<Server port=\"").append(shutdownPort).append("\" address=\"127.0.0.1\" shutdown=\"SHUTDOWN\">\n");
        xml.append("  <Listener className=\"org.apache.catalina.core.JreMemoryLeakPreventionListener\" />\n");
        xml.append("  <Listener className=\"org.apache.catalina.core.ThreadLocalLeakPreventionListener\" />\n");
        xml.append("  <GlobalNamingResources>\n");
        xml.append("    <Resource name=\"UserDatabase\" auth=\"Container\" type=\"org.apache.catalina.UserDatabase\"\n");
        xml.append("              factory=\"org.apache.catalina.users.MemoryUserDatabaseFactory\"\n");
        xml.append("              pathname=\"conf/tomcat-users.xml\" />\n");
        xml.append("  </GlobalNamingResources>\n");
        xml.append("  <Service name=\"Catalina\">\n");
        executorElements.forEach(xml::append);
        connectorElements.values().forEach(xml::append);
        xml.append("    <Engine name=\"Catalina\" defaultHost=\"localhost\">\n");
        xml.append("      <Realm className=\"org.apache.catalina.realm.UserDatabaseRealm\" resourceName=\"UserDatabase\" />\n");
        xml.append("      <Host name=\"localhost\" appBase=\"webapps\" unpackWARs=\"true\" autoDeploy=\"false\">\n");
        xml.append("        <Valve className=\"org.apache.catalina.valves.AccessLogValve\" directory=\"logs\"\n");
        xml.append("               prefix=\"access\" suffix=\".log\" rotatable=\"false\" buffered=\"false\"\n");
        xml.append("               pattern=\"%{local}p %a %r %s %b %D\" />\n");
        xml.append("      </Host>\n");
        xml.append("    </Engine>\n");
        xml.append("  </Service>\n");
        xml.append("</Server>\n");
        return xml.toString();
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> paths = Files.walk(from)) {
            for (Path path : paths.toList()) {
                Path target = to.resolve(from.relativize(path).toString());
                if (Files.isDirectory(path)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(path, target);
                }
            }
        }
    }

    private static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path path : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        }
    }
}
