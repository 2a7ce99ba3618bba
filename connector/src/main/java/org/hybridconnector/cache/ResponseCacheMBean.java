package org.hybridconnector.cache;

/**
 * The response cache as JMX shows it, under {@code Catalina:type=ResponseCache,name="<connector>"}:
 * its figures, and an operation that empties it.
 */
public interface ResponseCacheMBean {

    /** Requests answered from the cache. */
    long getHits();

    /** Requests the cache could have answered but had no fresh entry for. */
    long getMisses();

    /** Responses stored. */
    long getStores();

    /** Entries evicted to make room. */
    long getEvictions();

    /** Entries held now. */
    int getEntries();

    /** The bytes the entries take now: heads, bodies, keys, and a fixed overhead each. */
    long getBytes();

    /** The bound on {@link #getBytes()}: the connector's {@code responseCacheSize}. */
    long getMaxBytes();

    /** Drops every entry. */
    void purge();
}
