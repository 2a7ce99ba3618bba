package org.hybridconnector;

import java.util.function.IntSupplier;

import org.apache.tomcat.util.http.parser.HttpParser;

/**
 * What decides, beside the bytes themselves, when a request head is Coyote's to read: the
 * protocol's request-target rules (its {@code relaxedPathChars} and {@code relaxedQueryChars}),
 * its {@code maxHeaderCount} and its {@code maxHttpRequestHeaderSize}. The limits are read again
 * for every head, since JMX may change them.
 *
 * @param target       the protocol's parser, for the characters a request target may hold
 * @param maxFields    how many header fields a head may have; -1 for no limit
 * @param maxHeadBytes how many bytes a head may take before Coyote refuses it
 */
record HeadRules(HttpParser target, IntSupplier maxFields, IntSupplier maxHeadBytes) {

    /** Tomcat's defaults, until the protocol hands over its own. */
    static final HeadRules DEFAULTS = new HeadRules(new HttpParser(null, null), () -> 100, () -> 8192);
}
