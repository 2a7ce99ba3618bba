/**
 * Rules about the worker pools, free of threads and clocks so that tests can drive them; the
 * connector's {@code WorkerPools} applies them, ticked by the selector thread.
 * <ul>
 * <li>{@link org.hybridconnector.workers.LengthyRouting}: quick and lengthy requests, told apart
 * by their path's {@link org.hybridconnector.workers.ServiceTimes}; lengthy ones use the general
 * pool only while more of its workers are spare than the
 * {@link org.hybridconnector.workers.ReserveRule} keeps for quick ones.</li>
 * <li>{@link org.hybridconnector.workers.WorkerCountRule}: the adaptive worker count.</li>
 * </ul>
 * Threads: routing and ticks run on the selector thread (routing also on Coyote's async path);
 * workers record service times and the ends of their requests from any thread.
 */
package org.hybridconnector.workers;
