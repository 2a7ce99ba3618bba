package org.hybridconnector;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.ToIntFunction;

import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A {@link HybridProtocol} on an ephemeral port of 127.0.0.1 with a test's adapter, for the
 * protocol tests that run without Catalina. A test registers it as an extension
 * ({@code @RegisterExtension}), starts it, and it is stopped after the test as Tomcat stops a
 * connector (pause, stop, destroy).
 */
final class LoopbackProtocol implements AfterEachCallback {

    private Exposed protocol;

    /** Starts a protocol with the attributes {@code configure} sets, serving through {@code adapter}. */
    void start(PlainTextAdapter adapter, Consumer<HybridProtocol> configure) throws Exception {
        Exposed started = new Exposed();
        started.setAddress(InetAddress.getLoopbackAddress().getHostAddress());
        started.setPort("0");
        configure.accept(started);
        started.setAdapter(adapter);
        started.init();
        started.start();
        protocol = started;
    }

    HybridProtocol protocol() {
        return protocol;
    }

    int port() {
        return protocol.getLocalPort();
    }

    /** A client connected to the protocol, its reads bounded by 10 s. */
    Socket connect() throws IOException {
        Socket socket = new Socket(InetAddress.getLoopbackAddress(), port());
        socket.setSoTimeout(10_000);
        return socket;
    }

    /** Sends a GET of {@code path} on {@code client}. */
    static void get(Socket client, String path) throws IOException {
        OutputStream out = client.getOutputStream();
        out.write(("GET " + path + " HTTP/1.1\r\nHost: a\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1));
        out.flush();
    }

    /** Waits until the protocol's {@code figure} reads {@code expected}, 10 s at most; whether it did. */
    boolean await(ToIntFunction<HybridProtocol> figure, int expected) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (figure.applyAsInt(protocol) != expected) {
            if (System.nanoTime() - deadline > 0) {
                return false;
            }
            Thread.sleep(5);
        }
        return true;
    }

    /** The endpoint, for a test that reaches a live connection's wrapper (Tomcat's accessor is protected). */
    HybridEndpoint endpoint() {
        return protocol.exposedEndpoint();
    }

    @Override
    public void afterEach(ExtensionContext context) throws Exception {
        if (protocol != null) {
            protocol.pause();
            protocol.stop();
            protocol.destroy();
            protocol = null;
        }
    }

    private static final class Exposed extends HybridProtocol {
        HybridEndpoint exposedEndpoint() {
            return (HybridEndpoint) getEndpoint();
        }
    }
}
