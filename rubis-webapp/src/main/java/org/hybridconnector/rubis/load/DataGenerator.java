package org.hybridconnector.rubis.load;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;

/**
 * Command line entry point of the data generator.
 *
 * <pre>
 * java -cp 'rubis/WEB-INF/classes:rubis/WEB-INF/lib/*' org.hybridconnector.rubis.load.DataGenerator \
 *     --url jdbc:mariadb://127.0.0.1:3306/rubis --user root --scale 0.1 [--replace] [--seed N]
 * </pre>
 */
public final class DataGenerator {

    private static final String USAGE = """
            usage: DataGenerator --url JDBC_URL [--user NAME] [--password SECRET] [--scale S]
                                 [--seed N] [--batch ROWS] [--replace]
              --scale    1 = the original's default sizes (1,000,000 users, 1,000,000 closed and
                         32,667 open auctions); default 0.01
              --replace  drop existing RUBiS tables first (otherwise an existing schema is an error)
            """;

    private DataGenerator() {
    }

    public static void main(String[] args) {
        try {
            run(List.of(args));
        } catch (IllegalArgumentException e) {
            System.err.println(e.getMessage());
            System.err.print(USAGE);
            System.exit(2);
        } catch (SQLException e) {
            System.err.println("load failed: " + e.getMessage());
            System.exit(1);
        }
    }

    static LoadSummary run(List<String> args) throws SQLException {
        String url = null;
        String user = null;
        String password = null;
        double scale = 0.01;
        Long seed = null;
        Integer batch = null;
        boolean replace = false;
        Deque<String> rest = new ArrayDeque<>(args);
        while (!rest.isEmpty()) {
            String option = rest.pop();
            switch (option) {
                case "--url" -> url = value(option, rest);
                case "--user" -> user = value(option, rest);
                case "--password" -> password = value(option, rest);
                case "--scale" -> scale = Double.parseDouble(value(option, rest));
                case "--seed" -> seed = Long.parseLong(value(option, rest));
                case "--batch" -> batch = Integer.parseInt(value(option, rest));
                case "--replace" -> replace = true;
                default -> throw new IllegalArgumentException("unknown option " + option);
            }
        }
        if (url == null) {
            throw new IllegalArgumentException("--url is required");
        }
        GeneratorSettings settings = GeneratorSettings.forScale(scale);
        if (seed != null) {
            settings = settings.withSeed(seed);
        }
        if (batch != null) {
            settings = settings.withBatchSize(batch);
        }
        System.err.printf("generating scale %s: %d users, %d closed and %d open auctions%n",
                scale, settings.users(), settings.oldItems(), settings.activeItems());
        try (Connection connection = DriverManager.getConnection(url, user, password)) {
            LoadSummary summary = new DatabaseLoader(settings).load(connection, replace);
            System.err.println(summary);
            return summary;
        }
    }

    private static String value(String option, Deque<String> rest) {
        if (rest.isEmpty()) {
            throw new IllegalArgumentException(option + " needs a value");
        }
        return rest.pop();
    }
}
