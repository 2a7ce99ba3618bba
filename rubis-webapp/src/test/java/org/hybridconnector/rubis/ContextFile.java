package org.hybridconnector.rubis;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Context files for the test server. Tests that must prove a shipped file use it as is
 * ({@link #shipped}); the others take the shipped MariaDB file and point it elsewhere, so that
 * every test runs the real pool settings.
 */
final class ContextFile {

    /** The project's root: the tests run in this module's directory or in another module's. */
    static final Path ROOT = projectRoot(Path.of(System.getProperty("user.dir")).toAbsolutePath());
    static final Path WAR_DEFAULT = ROOT.resolve("rubis-webapp/src/main/webapp/META-INF/context.xml");
    static final Path CONF_MARIADB = ROOT.resolve("conf/rubis-mariadb.xml");

    private static Path projectRoot(Path from) {
        for (Path dir = from; dir != null; dir = dir.getParent()) {
            if (Files.exists(dir.resolve("conf/rubis-mariadb.xml"))) {
                return dir;
            }
        }
        throw new IllegalStateException("no conf/rubis-mariadb.xml above " + from);
    }

    private ContextFile() {
    }

    static Path shipped() {
        return WAR_DEFAULT;
    }

    /** conf/rubis-mariadb.xml with its database, driver and initial load scale replaced. */
    static Path from(TestDatabase database, String url, double initialLoadScale, Path directory) throws IOException {
        String xml = Files.readString(CONF_MARIADB, StandardCharsets.UTF_8);
        xml = replaceAttribute(xml, "url", url.replace("&", "&amp;"));
        xml = replaceAttribute(xml, "driverClassName", database.driverClassName());
        xml = replaceAttribute(xml, "username", database.user());
        xml = replaceAttribute(xml, "password", database.password());
        if (database.driverClassName().contains("h2")) {
            // As in the shipped H2 files: H2 would apply the validation timeout to the whole session.
            xml = xml.replace(" validationQueryTimeout=\"2\"", "");
        }
        xml = xml.replace("name=\"rubis.initialLoadScale\" value=\"0\"",
                "name=\"rubis.initialLoadScale\" value=\"" + initialLoadScale + "\"");
        Path file = Files.createTempFile(directory, "rubis-context", ".xml");
        Files.writeString(file, xml, StandardCharsets.UTF_8);
        return file;
    }

    private static String replaceAttribute(String xml, String attribute, String value) {
        String marker = " " + attribute + "=\"";
        int start = xml.indexOf(marker);
        if (start < 0) {
            throw new IllegalStateException("no " + attribute + " in the context file");
        }
        int valueStart = start + marker.length();
        int valueEnd = xml.indexOf('"', valueStart);
        return xml.substring(0, valueStart) + value + xml.substring(valueEnd);
    }
}
