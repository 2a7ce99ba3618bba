/**
 * The {@code nio-admission} baseline, for benchmarks only: Tomcat's stock NIO connector with the
 * paper's plain admission rule. The path of a request is stock NIO's (acceptor, poller, executor,
 * {@code Http11Processor}); the only change is the acceptor's wait in
 * {@link org.hybridconnector.nioadmission.NioAdmissionEndpoint} while every worker is busy.
 * <p>
 * Threads: the acceptor alone waits and counts its waits; everything else is stock NIO's.
 */
package org.hybridconnector.nioadmission;
