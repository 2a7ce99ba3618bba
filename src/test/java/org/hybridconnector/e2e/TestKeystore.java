package org.hybridconnector.e2e;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.util.concurrent.TimeUnit;

import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * A self-signed certificate for {@code localhost} and {@code 127.0.0.1} in a PKCS12 keystore, made
 * once per test run with the JDK's {@code keytool}, and a client {@link SSLContext} that trusts it
 * (and nothing else).
 */
public final class TestKeystore {

    public static final String PASSWORD = "changeit";

    private static Path keystore;

    private TestKeystore() {
    }

    public static synchronized Path path() {
        if (keystore == null) {
            Path file = Paths.get(System.getProperty("e2e.work")).resolve("localhost.p12");
            try {
                Files.createDirectories(file.getParent());
                Files.deleteIfExists(file);
                Path keytool = Paths.get(System.getProperty("java.home"), "bin", "keytool");
                Process process = new ProcessBuilder(keytool.toString(), "-genkeypair", "-alias", "tomcat",
                        "-keyalg", "RSA", "-keysize", "2048", "-validity", "7", "-storetype", "PKCS12",
                        "-keystore", file.toString(), "-storepass", PASSWORD, "-dname", "CN=localhost",
                        "-ext", "san=dns:localhost,ip:127.0.0.1").inheritIO().start();
                if (!process.waitFor(60, TimeUnit.SECONDS) || process.exitValue() != 0) {
                    throw new IllegalStateException("keytool failed to make " + file);
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
            keystore = file;
        }
        return keystore;
    }

    /** The {@code <SSLHostConfig>} element a connector needs to serve with this certificate. */
    public static String sslHostConfig() {
        return sslHostConfig("_default_");
    }

    /**
     * An {@code <SSLHostConfig>} for the clients whose TLS hello names {@code hostName} (SNI), with
     * this certificate too: a second one makes a connector's host configurations differ.
     */
    public static String sslHostConfig(String hostName) {
        return "<SSLHostConfig hostName=\"" + hostName + "\"><Certificate certificateKeystoreFile=\"" + path() +
                "\" certificateKeystorePassword=\"" + PASSWORD + "\" type=\"RSA\" /></SSLHostConfig>";
    }

    /** A client context trusting only this certificate. */
    public static SSLContext clientContext() {
        try (InputStream in = Files.newInputStream(path())) {
            KeyStore store = KeyStore.getInstance("PKCS12");
            store.load(in, PASSWORD.toCharArray());
            TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            trust.init(store);
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(null, trust.getTrustManagers(), null);
            return context;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }
}
