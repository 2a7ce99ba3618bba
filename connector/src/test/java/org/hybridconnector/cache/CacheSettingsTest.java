package org.hybridconnector.cache;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

class CacheSettingsTest {

    private static final CacheSettings SETTINGS = new CacheSettings(1, 1, List.of(" Image/* ", "text/css"), 0);

    @Test
    void testATypeWildcardMatchesEverySubtype() {
        assertTrue(SETTINGS.isStatic("image/png"));
        assertTrue(SETTINGS.isStatic("image/svg+xml"));
        assertFalse(SETTINGS.isStatic("imagery/png"));
    }

    @Test
    void testAFullTypeMatchesOnlyItself() {
        assertTrue(SETTINGS.isStatic("text/css"));
        assertFalse(SETTINGS.isStatic("text/cssx"));
        assertFalse(SETTINGS.isStatic("text/html"));
    }

    @Test
    void testAResponseWithoutMediaTypeIsNotStatic() {
        assertFalse(SETTINGS.isStatic(null));
    }

    @Test
    void testTheDefaultsNameImagesStyleSheetsScriptsAndFonts() {
        CacheSettings defaults = new CacheSettings(1, 1, CacheSettings.DEFAULT_STATIC_TYPES, 0);
        for (String type : List.of("image/webp", "text/css", "text/javascript", "application/javascript", "font/woff2",
                "application/vnd.ms-fontobject")) {
            assertTrue(defaults.isStatic(type), type);
        }
        assertFalse(defaults.isStatic("text/html"));
        assertFalse(defaults.isStatic("application/json"));
    }
}
