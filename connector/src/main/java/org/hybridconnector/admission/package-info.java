/**
 * Admission control: which work the connector takes on under load, as small pieces each asked at
 * one point of a request's path, and permits that count the work until it ends.
 * <ul>
 * <li>The acceptor asks an {@link org.hybridconnector.admission.AdmissionPolicy}'s
 * {@link org.hybridconnector.admission.ConnectionGate} before each {@code accept()} and waits at
 * the {@link org.hybridconnector.admission.AcceptorGate}; a gate may hand the new connection a
 * {@link org.hybridconnector.admission.SessionPlace} to hold until it closes.</li>
 * <li>The selector thread asks the {@link org.hybridconnector.admission.RequestGate} about a
 * request whose head is complete ({@link org.hybridconnector.admission.NewRequest}).</li>
 * <li>The dispatcher takes a {@link org.hybridconnector.admission.RequestPermit} when it queues
 * the request; the worker starts it and releases it when the request ends, and the policy's
 * {@link org.hybridconnector.admission.QueueWatcher} hears how long it waited.</li>
 * <li>The selector thread ticks the policy's
 * {@link org.hybridconnector.admission.MeasuringClock}.</li>
 * </ul>
 * {@link org.hybridconnector.admission.WorkLoad} counts the work in progress (fresh connections,
 * ready and running requests) that the busy-workers rule compares with the workers. Every
 * {@link org.hybridconnector.admission.Permit} is released exactly once, by whichever thread
 * ends its work first. Policies hold no threads; each says in its javadoc what a client observes.
 */
package org.hybridconnector.admission;
