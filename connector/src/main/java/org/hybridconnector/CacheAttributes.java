package org.hybridconnector;

import java.util.List;

import org.hybridconnector.cache.CacheSettings;

/**
 * The response cache's {@code server.xml} attributes as {@link HybridProtocol}'s setters have
 * gathered them so far; start-up builds the cache from the last.
 *
 * @param maxObjectBytes as set; {@code null} for the default, 1 MiB or {@code maxBytes} if that is smaller
 */
record CacheAttributes(boolean enabled, int maxBytes, Integer maxObjectBytes, List<String> staticTypes,
        int maxHeuristicSeconds) {

    static final CacheAttributes DEFAULTS = new CacheAttributes(false, 64 << 20, null,
            CacheSettings.DEFAULT_STATIC_TYPES, (int) CacheSettings.DEFAULT_MAX_HEURISTIC_SECONDS);

    CacheAttributes withEnabled(boolean value) {
        return new CacheAttributes(value, maxBytes, maxObjectBytes, staticTypes, maxHeuristicSeconds);
    }

    CacheAttributes withMaxBytes(int value) {
        return new CacheAttributes(enabled, value, maxObjectBytes, staticTypes, maxHeuristicSeconds);
    }

    CacheAttributes withMaxObjectBytes(int value) {
        return new CacheAttributes(enabled, maxBytes, Integer.valueOf(value), staticTypes, maxHeuristicSeconds);
    }

    CacheAttributes withStaticTypes(List<String> value) {
        return new CacheAttributes(enabled, maxBytes, maxObjectBytes, value, maxHeuristicSeconds);
    }

    CacheAttributes withMaxHeuristicSeconds(int value) {
        return new CacheAttributes(enabled, maxBytes, maxObjectBytes, staticTypes, value);
    }

    CacheSettings settings() {
        return new CacheSettings(maxBytes, maxObjectBytesOrDefault(), staticTypes, maxHeuristicSeconds);
    }

    int maxObjectBytesOrDefault() {
        return maxObjectBytes != null ? maxObjectBytes.intValue() : Math.min(1 << 20, maxBytes);
    }
}
