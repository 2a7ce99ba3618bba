package org.hybridconnector.admission;

/**
 * An admission policy: what decides which work the connector takes on under load. It is made of
 * separate small pieces, each asked at its own point of a request's path:
 * <ul>
 * <li>the {@link #connectionGate() connection gate}, asked by the acceptor before each
 * {@code accept()} ({@link AcceptorGate} does the waiting), and while it waits by each thread
 * that ends work, to know whether to wake it;</li>
 * <li>the {@link #requestGate() request gate}, asked by the selector thread when a request head
 * is complete, before any worker is spent on it;</li>
 * <li>the {@link #queueWatcher() queue watcher}, told by each {@link RequestPermit} how long its
 * request waited for a worker;</li>
 * <li>the {@link #clock() measuring clock}, ticked by the selector thread;</li>
 * <li>the {@link #roomPercent room for new sessions}, asked by the admission agent that answers a
 * load balancer's checks.</li>
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

    /**
     * How much room for new sessions the policy sees now, as a percentage: 0 while it would turn
     * a new session away (or hold it back), up to 100 while nothing limits them. A load balancer
     * sends new sessions where there is room. Any thread; a reading, not a reservation.
     */
    default int roomPercent(WorkLoad load) {
        return 100;
    }
}
