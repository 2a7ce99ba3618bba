package org.hybridconnector.admission;

/**
 * An admission policy: what decides which work the connector takes on under load. It is made of
 * separate small pieces, each asked at its own point of a request's path:
 * <ul>
 * <li>the {@link #connectionGate() connection gate}, asked by the acceptor before each
 * {@code accept()} ({@link AcceptorGate} does the waiting);</li>
 * <li>the {@link #requestGate() request gate}, asked by the selector thread when a request head
 * is complete, before any worker is spent on it;</li>
 * <li>the {@link #queueWatcher() queue watcher}, told by each {@link RequestPermit} how long its
 * request waited for a worker;</li>
 * <li>the {@link #clock() measuring clock}, ticked by the selector thread.</li>
 * </ul>
 * Each implementation says in its javadoc what a client observes. Selected in {@code server.xml}
 * by name ({@link AdmissionPolicies}).
 */
public interface AdmissionPolicy {

    /** The name used in {@code server.xml}. */
    String name();

    ConnectionGate connectionGate();

    default RequestGate requestGate() {
        return RequestGate.OPEN;
    }

    default QueueWatcher queueWatcher() {
        return QueueWatcher.NONE;
    }

    default MeasuringClock clock() {
        return MeasuringClock.NONE;
    }
}
