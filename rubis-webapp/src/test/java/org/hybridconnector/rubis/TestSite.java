package org.hybridconnector.rubis;

import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;

import org.apache.catalina.Context;
import org.apache.catalina.LifecycleException;
import org.apache.catalina.LifecycleState;
import org.apache.catalina.connector.Connector;
import org.apache.catalina.startup.Tomcat;
import org.apache.tomcat.util.scan.StandardJarScanner;

/**
 * The RUBiS webapp in an embedded Tomcat on 127.0.0.1 and an ephemeral port, deployed from
 * src/main/webapp with a given context file, so the JNDI DataSource, the DBCP pool, web.xml
 * and the static files are all the real ones. Classes come from the test class path.
 */
final class TestSite implements AutoCloseable {

    static final String CONTEXT_PATH = "/rubis";
    static final String SERVLETS = CONTEXT_PATH + "/servlet/edu.rice.rubis.servlets.";

    private final Tomcat tomcat;
    private final int port;
    private final HttpClient client;

    private TestSite(Tomcat tomcat, int port) {
        this.tomcat = tomcat;
        this.port = port;
        this.client = HttpClient.newBuilder()
                .connectTimeout(Duration.ofSeconds(5))
                .version(HttpClient.Version.HTTP_1_1)
                .build();
    }

    /**
     * The site served by a Tomcat running elsewhere (a real distribution, started by the
     * end-to-end tests) on 127.0.0.1 and {@code port}.
     */
    static TestSite at(int port) {
        return new TestSite(null, port);
    }

    /** Starts the site; {@code baseDir} becomes catalina.base. */
    static TestSite start(Path baseDir, Path contextFile) throws LifecycleException, IOException {
        Tomcat tomcat = new Tomcat();
        tomcat.setBaseDir(baseDir.toString());
        Connector connector = new Connector();
        connector.setPort(0);
        connector.setProperty("address", "127.0.0.1");
        tomcat.getService().addConnector(connector);
        tomcat.setConnector(connector);
        tomcat.enableNaming();
        Context context = tomcat.addWebapp(CONTEXT_PATH, new File("src/main/webapp").getAbsolutePath());
        context.setConfigFile(contextFile.toUri().toURL());
        // The webapp's jars are on the test class path; scanning all of it would only cost time.
        ((StandardJarScanner) context.getJarScanner()).setScanClassPath(false);
        tomcat.start();
        if (context.getState() != LifecycleState.STARTED) {
            tomcat.stop();
            tomcat.destroy();
            throw new IllegalStateException("the RUBiS context did not start");
        }
        return new TestSite(tomcat, connector.getLocalPort());
    }

    URI uri(String pathAndQuery) {
        return URI.create("http://127.0.0.1:" + port + pathAndQuery);
    }

    /** GET of a path under the server root, e.g. "/rubis/index.html". */
    Reply get(String pathAndQuery) throws IOException, InterruptedException {
        return get(uri(pathAndQuery));
    }

    /** GET of one interaction, e.g. servlet("ViewItem?itemId=3"). */
    Reply servlet(String interactionAndQuery) throws IOException, InterruptedException {
        return get(SERVLETS + interactionAndQuery);
    }

    Reply get(URI uri) throws IOException, InterruptedException {
        HttpResponse<String> response = client.send(
                HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(30)).GET().build(),
                HttpResponse.BodyHandlers.ofString());
        return new Reply(uri, response.statusCode(), response.body());
    }

    HttpResponse<byte[]> getBytes(String path) throws IOException, InterruptedException {
        return client.send(HttpRequest.newBuilder(uri(path)).GET().build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    @Override
    public void close() throws LifecycleException {
        if (tomcat != null) {
            tomcat.stop();
            tomcat.destroy();
        }
    }
}
