package org.hybridconnector.bench.run;

/**
 * How long and for how many requests every variant keeps a connection between requests, where a
 * run sets it; {@code null} leaves Tomcat's default (keepAliveTimeout: connectionTimeout's;
 * maxKeepAliveRequests: 100).
 *
 * @param timeoutMillis keepAliveTimeout, or null
 * @param maxRequests   maxKeepAliveRequests (-1: no limit), or null
 */
public record KeepAlive(Integer timeoutMillis, Integer maxRequests) {

    public static final KeepAlive TOMCATS = new KeepAlive(null, null);
}
