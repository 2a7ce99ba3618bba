package org.hybridconnector.rubis;

import java.nio.file.Path;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;

/**
 * The site as rubis.war ships it: the war's own META-INF/context.xml, embedded H2 under
 * ${catalina.base}/work/rubis-h2, schema and data created by the first start.
 */
class H2SiteTest extends AbstractSiteTest {

    @TempDir
    static Path catalinaBase;

    private static TestSite site;
    private static H2Files database;

    @BeforeAll
    static void startWithTheShippedContext() throws Exception {
        site = TestSite.start(catalinaBase, ContextFile.shipped());
        database = new H2Files(catalinaBase.resolve("work/rubis-h2/rubis"));
    }

    @AfterAll
    static void stop() throws Exception {
        if (site != null) {
            site.close();
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
