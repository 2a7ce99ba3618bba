package org.hybridconnector.rubis;

import java.nio.file.Path;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;

/**
 * The site on MariaDB configured by conf/rubis-mariadb.xml (pointed at a throw-away database),
 * loaded beforehand by the data generator's command line, as an operator would.
 */
class MariaDbSiteTest extends AbstractSiteTest {

    @TempDir
    static Path catalinaBase;

    private static MariaDb database;
    private static TestSite site;

    @BeforeAll
    static void loadAndStart() throws Exception {
        database = MariaDb.createLoaded();
        site = TestSite.start(catalinaBase, ContextFile.from(database, database.url(), 0, catalinaBase));
    }

    @AfterAll
    static void stopAndDrop() throws Exception {
        if (site != null) {
            site.close();
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
