/**
 * The blocking baseline, for benchmarks only: Tomcat's HTTP/1.1 processing over a
 * thread-per-connection endpoint, as Tomcat 7's BIO connector served.
 * <p>
 * The path of a request: Tomcat's acceptor accepts (up to {@code maxConnections}, by default
 * {@code maxThreads}) and {@link org.hybridconnector.blocking.BlockingEndpoint} gives the
 * connection a thread of its own, a {@link org.hybridconnector.blocking.ConnectionOwner}; the
 * owner waits on the connection's own selector for a request, runs Coyote for it in a
 * {@link org.hybridconnector.blocking.CoyoteTurn}, and waits for the next one (up to
 * {@code keepAliveTimeout}) until the connection closes. While most threads are busy,
 * {@link org.hybridconnector.blocking.KeepAliveRule} closes connections after their response.
 * <p>
 * Threads: the owning thread alone reads and writes its connection and waits on its selector;
 * events Coyote raises on other threads are queued to the owner
 * ({@link org.hybridconnector.blocking.BlockingSocketWrapper#post}).
 */
package org.hybridconnector.blocking;
