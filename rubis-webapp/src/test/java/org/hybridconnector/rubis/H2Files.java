package org.hybridconnector.rubis;

import java.nio.file.Path;

/**
 * An embedded H2 database in a file under a test's temporary directory, opened with the given URL
 * options.
 */
record H2Files(Path file, String options) implements TestDatabase {

    /** The options the webapp's own context uses. */
    H2Files(Path file) {
        this(file, ";LOCK_TIMEOUT=10000;DB_CLOSE_ON_EXIT=FALSE");
    }

    @Override
    public String url() {
        return "jdbc:h2:" + file + options;
    }

    @Override
    public String user() {
        return "sa";
    }

    @Override
    public String password() {
        return "";
    }

    @Override
    public String driverClassName() {
        return "org.h2.Driver";
    }

    @Override
    public void close() {
        // The files go with the temporary directory.
    }
}
