package org.hybridconnector;

import java.net.InetAddress;
import java.util.function.Consumer;

/**
 * A {@link HybridProtocol} running on an ephemeral port of 127.0.0.1 with a test's adapter, for the
 * protocol tests that run without Catalina; closed as Tomcat stops a connector (pause, stop,
 * destroy).
 */
final class LoopbackProtocol implements AutoCloseable {

    private final HybridProtocol protocol;

    private LoopbackProtocol(HybridProtocol protocol) {
        this.protocol = protocol;
    }

    /** Starts a protocol with the attributes {@code configure} sets, serving through {@code adapter}. */
    static LoopbackProtocol start(PlainTextAdapter adapter, Consumer<HybridProtocol> configure) throws Exception {
        HybridProtocol protocol = new HybridProtocol();
        protocol.setAddress(InetAddress.getLoopbackAddress().getHostAddress());
        protocol.setPort("0");
        configure.accept(protocol);
        protocol.setAdapter(adapter);
        protocol.init();
        protocol.start();
        return new LoopbackProtocol(protocol);
    }

    HybridProtocol protocol() {
        return protocol;
    }

    int port() {
        return protocol.getLocalPort();
    }

    @Override
    public void close() throws Exception {
        protocol.pause();
        protocol.stop();
        protocol.destroy();
    }
}
