package org.hybridconnector;

import java.net.InetAddress;
import java.util.function.Consumer;

import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A {@link HybridProtocol} on an ephemeral port of 127.0.0.1 with a test's adapter, for the
 * protocol tests that run without Catalina. A test registers it as an extension
 * ({@code @RegisterExtension}), starts it, and it is stopped after the test as Tomcat stops a
 * connector (pause, stop, destroy).
 */
final class LoopbackProtocol implements AfterEachCallback {

    private HybridProtocol protocol;

    /** Starts a protocol with the attributes {@code configure} sets, serving through {@code adapter}. */
    void start(PlainTextAdapter adapter, Consumer<HybridProtocol> configure) throws Exception {
        HybridProtocol started = new HybridProtocol();
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

    @Override
    public void afterEach(ExtensionContext context) throws Exception {
        if (protocol != null) {
            protocol.pause();
            protocol.stop();
            protocol.destroy();
            protocol = null;
        }
    }
}
