package org.hybridconnector.bench;

import java.nio.file.Path;
import java.util.concurrent.Callable;

import org.hybridconnector.bench.rubis.SiteData;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code site-data}: reads the ids and auctions the session generator needs from the RUBiS database. */
@Command(name = "site-data", description = "Write the RUBiS database's users, categories, regions and open auctions.")
final class SiteDataCommand implements Callable<Integer> {

    @Option(names = "--db-url", required = true, paramLabel = "URL", description = "JDBC URL (H2 or MariaDB).")
    private String url;

    @Option(names = "--db-user", defaultValue = "", paramLabel = "U")
    private String user;

    @Option(names = "--db-password", defaultValue = "", paramLabel = "P")
    private String password;

    @Option(names = "--out", required = true, paramLabel = "FILE")
    private Path out;

    @Override
    public Integer call() throws Exception {
        SiteData.fromDatabase(url, user, password).write(out);
        return 0;
    }
}
