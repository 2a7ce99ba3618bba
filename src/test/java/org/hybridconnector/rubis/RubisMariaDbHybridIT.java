package org.hybridconnector.rubis;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import org.hybridconnector.e2e.TomcatServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * RUBiS's site tests against {@code rubis.war} in a real Tomcat 11 distribution, served by the
 * hybrid connector, on MariaDB configured by {@code conf/rubis-mariadb.xml} (pointed at a
 * throw-away database, loaded by the data generator's command line as an operator would).
 */
class RubisMariaDbHybridIT extends AbstractSiteTest {

    private static MariaDb database;
    private static TomcatServer tomcat;
    private static TestSite site;

    @BeforeAll
    static void loadAndStart() throws Exception {
        database = MariaDb.createLoaded();
        Path work = Files.createDirectories(Path.of(System.getProperty("e2e.work")));
        Path context = ContextFile.from(database, database.url(), 0, work);
        tomcat = new TomcatServer("rubis-mariadb")
                .connector("hybrid", TomcatServer.HYBRID_PROTOCOL, Map.of("maxThreads", "10"))
                .war(TomcatServer.rubisWar())
                .contextFile("rubis", Files.readString(context, StandardCharsets.UTF_8))
                .start();
        site = TestSite.at(tomcat.port("hybrid"));
    }

    @AfterAll
    static void stopAndDrop() throws Exception {
        if (tomcat != null) {
            tomcat.close();
        }
        if (database != null) {
            database.close();
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
