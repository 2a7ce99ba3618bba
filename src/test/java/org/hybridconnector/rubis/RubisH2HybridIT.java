package org.hybridconnector.rubis;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Map;

import org.hybridconnector.e2e.TomcatServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * RUBiS's site tests (every interaction, the 1,000-request bidding walk with its consistency
 * checks, concurrent bids) against {@code rubis.war} deployed in a real Tomcat 11 distribution and
 * served by the hybrid connector, on the war's embedded H2 default.
 * <p>
 * The war's own context is used with one change, H2's {@code AUTO_SERVER=TRUE}, so that this
 * test's JVM can open the database Tomcat's JVM holds, to check its consistency.
 */
class RubisH2HybridIT extends AbstractSiteTest {

    private static TomcatServer tomcat;
    private static TestSite site;
    private static TestDatabase database;

    @BeforeAll
    static void start() throws Exception {
        String shipped = Files.readString(ContextFile.WAR_DEFAULT, StandardCharsets.UTF_8);
        // H2 refuses AUTO_SERVER together with DB_CLOSE_ON_EXIT=FALSE; the latter only matters
        // for a JVM shutdown hook racing Tomcat's own pool shutdown.
        String context = shipped.replace("DB_CLOSE_ON_EXIT=FALSE", "AUTO_SERVER=TRUE");
        if (context.equals(shipped)) {
            throw new IllegalStateException("the war's context.xml changed: no DB_CLOSE_ON_EXIT=FALSE to replace");
        }
        tomcat = new TomcatServer("rubis-h2")
                .connector("hybrid", TomcatServer.HYBRID_PROTOCOL, Map.of("maxThreads", "10"))
                .war(TomcatServer.rubisWar())
                .contextFile("rubis", context)
                .start();
        site = TestSite.at(tomcat.port("hybrid"));
        // The H2 file Tomcat's JVM has open, reached through H2's automatic server.
        database = new H2Files(tomcat.base().resolve("work/rubis-h2/rubis"), ";AUTO_SERVER=TRUE");
    }

    @AfterAll
    static void stop() throws Exception {
        if (tomcat != null) {
            tomcat.close();
        }
    }

    @Override
    protected TestSite site() {
        return site;
    }

    @Override
    protected TestDatabase database() {
        return database;
    }
}
