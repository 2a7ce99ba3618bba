package org.hybridconnector.e2e;

import java.util.Map;

import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * One Tomcat for the test classes that need no server of their own: started on first use, stopped
 * when the whole test run ends. It carries the stock NIO connector as the reference and hybrid
 * connectors in the configurations the tests need, side by side in the same JVM, serving the same
 * webapps.
 * <p>
 * Use with {@code @ExtendWith(SharedTomcat.class)} and a {@link TomcatServer} test parameter.
 */
public final class SharedTomcat implements ParameterResolver {

    /** Stock {@code Http11NioProtocol}: the reference whose behaviour the hybrid must match. */
    public static final String NIO = "nio";
    /** The hybrid connector at its defaults: ten workers. */
    public static final String HYBRID = "hybrid";
    /** One worker and a 2 s connection time-out: slow clients must not hold it. */
    public static final String HYBRID_ONE_WORKER = "hybridOne";
    /** The hybrid with its response cache on. */
    public static final String HYBRID_CACHE = "hybridCache";
    /** Two workers: admission control is easy to saturate. */
    public static final String HYBRID_TWO_WORKERS = "hybridTwo";
    /** A 1 s keep-alive time-out and at most three requests per connection. */
    public static final String HYBRID_SHORT_KEEPALIVE = "hybridShort";

    /** Paused and resumed by its test: no other test may use it. */
    public static final String HYBRID_PAUSABLE = "hybridPausable";

    /** Workers from a shared {@code <Executor>} named {@value #SHARED_EXECUTOR}. */
    public static final String HYBRID_SHARED_EXECUTOR = "hybridExecutor";
    public static final String SHARED_EXECUTOR = "sharedPool";

    /**
     * TLS with one worker and a 2 s connection time-out; a second {@code <SSLHostConfig>} serves
     * the clients whose hello names {@link #TLS_VIRTUAL_HOST}.
     */
    public static final String HYBRID_TLS = "hybridTls";
    /** Stock NIO with TLS and the same two host configurations: the reference for {@link #HYBRID_TLS}. */
    public static final String NIO_TLS = "nioTls";
    public static final String TLS_VIRTUAL_HOST = "www.example.test";

    /**
     * The hybrid connector at its defaults with HTTP/2 ({@link TomcatServer#HTTP2}), h2c: an idle
     * HTTP/2 connection is closed after {@value #H2_KEEP_ALIVE_MILLIS} ms.
     */
    public static final String HYBRID_H2 = "hybridH2";
    /** Stock NIO with HTTP/2: the reference for {@link #HYBRID_H2}. */
    public static final String NIO_H2 = "nioH2";
    /** HTTP/2's own {@code keepAliveTimeout} on {@link #HYBRID_H2} and {@link #NIO_H2}. */
    public static final int H2_KEEP_ALIVE_MILLIS = 2000;
    /** The hybrid connector with HTTP/2 (h2c) and two workers, under the paper's admission rule. */
    public static final String HYBRID_H2_TWO_WORKERS = "hybridH2TwoWorkers";
    /** The hybrid connector with TLS and HTTP/2: h2 by ALPN. */
    public static final String HYBRID_H2_TLS = "hybridH2Tls";
    /** Stock NIO with TLS and HTTP/2: the reference for {@link #HYBRID_H2_TLS}. */
    public static final String NIO_H2_TLS = "nioH2Tls";

    /** A static file large enough that the default servlet sends it by sendfile (over 48 KiB). */
    public static final String LARGE_FILE = "/files/large.bin";

    /** The bytes of {@link #LARGE_FILE}: 8 MiB, more than loopback socket buffers hold. */
    public static byte[] largeFileBytes() {
        byte[] bytes = new byte[8 << 20];
        new java.util.Random(8).nextBytes(bytes);
        return bytes;
    }

    private static final class Running implements ExtensionContext.Store.CloseableResource {
        final TomcatServer server;

        Running() throws Exception {
            server = new TomcatServer("shared")
                    .executor(SHARED_EXECUTOR, Map.of("namePrefix", "shared-pool-exec-", "maxThreads", "6",
                            "minSpareThreads", "6"))
                    .connector(NIO, TomcatServer.NIO_PROTOCOL, Map.of("connectionTimeout", "20000"))
                    .connector(HYBRID, TomcatServer.HYBRID_PROTOCOL, Map.of("connectionTimeout", "20000"))
                    .connector(HYBRID_CACHE, TomcatServer.HYBRID_PROTOCOL,
                            Map.of("connectionTimeout", "20000", "responseCache", "true"))
                    .connector(HYBRID_ONE_WORKER, TomcatServer.HYBRID_PROTOCOL,
                            Map.of("maxThreads", "1", "connectionTimeout", "2000"))
                    .connector(HYBRID_TWO_WORKERS, TomcatServer.HYBRID_PROTOCOL, Map.of("maxThreads", "2"))
                    .connector(HYBRID_SHORT_KEEPALIVE, TomcatServer.HYBRID_PROTOCOL,
                            Map.of("keepAliveTimeout", "1000", "maxKeepAliveRequests", "3"))
                    .connector(HYBRID_PAUSABLE, TomcatServer.HYBRID_PROTOCOL, Map.of())
                    .connector(HYBRID_SHARED_EXECUTOR, TomcatServer.HYBRID_PROTOCOL,
                            Map.of("executor", SHARED_EXECUTOR))
                    .connector(HYBRID_TLS, TomcatServer.HYBRID_PROTOCOL, Map.of("SSLEnabled", "true", "scheme",
                            "https", "secure", "true", "maxThreads", "1", "connectionTimeout", "2000",
                            "keepAliveTimeout", "30000"),
                            TestKeystore.sslHostConfig() + TestKeystore.sslHostConfig(TLS_VIRTUAL_HOST))
                    .connector(NIO_TLS, TomcatServer.NIO_PROTOCOL, Map.of("SSLEnabled", "true", "scheme", "https",
                            "secure", "true"), TestKeystore.sslHostConfig() + TestKeystore.sslHostConfig(TLS_VIRTUAL_HOST))
                    .connector(HYBRID_H2, TomcatServer.HYBRID_PROTOCOL, Map.of("connectionTimeout", "20000"),
                            TomcatServer.http2(Map.of("keepAliveTimeout", Integer.toString(H2_KEEP_ALIVE_MILLIS))))
                    .connector(HYBRID_H2_TWO_WORKERS, TomcatServer.HYBRID_PROTOCOL, Map.of("maxThreads", "2"),
                            TomcatServer.HTTP2)
                    .connector(NIO_H2, TomcatServer.NIO_PROTOCOL, Map.of("connectionTimeout", "20000"),
                            TomcatServer.http2(Map.of("keepAliveTimeout", Integer.toString(H2_KEEP_ALIVE_MILLIS))))
                    .connector(HYBRID_H2_TLS, TomcatServer.HYBRID_PROTOCOL, Map.of("SSLEnabled", "true", "scheme",
                            "https", "secure", "true"), TestKeystore.sslHostConfig() + TomcatServer.HTTP2)
                    .connector(NIO_H2_TLS, TomcatServer.NIO_PROTOCOL, Map.of("SSLEnabled", "true", "scheme", "https",
                            "secure", "true"), TestKeystore.sslHostConfig() + TomcatServer.HTTP2)
                    .webapp("examples")
                    .webapp("manager")
                    .webappFile(LARGE_FILE.substring(1), largeFileBytes())
                    .start();
        }

        @Override
        public void close() throws Exception {
            server.close();
        }
    }

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        return parameter.getParameter().getType() == TomcatServer.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        return context.getRoot().getStore(ExtensionContext.Namespace.GLOBAL)
                .getOrComputeIfAbsent(Running.class, key -> {
                    try {
                        return new Running();
                    } catch (Exception e) {
                        throw new IllegalStateException("The shared Tomcat did not start", e);
                    }
                }, Running.class).server;
    }
}
