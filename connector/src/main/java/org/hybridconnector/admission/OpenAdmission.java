package org.hybridconnector.admission;

/**
 * No admission control: the acceptor takes in every connection up to {@code maxConnections}, as
 * Tomcat's stock connectors do.
 * <p>
 * What a client observes: its connection is accepted at once; under overload its request waits
 * in the connector's ready queue for a worker, and its response time grows with the queue.
 */
public final class OpenAdmission implements AdmissionPolicy {

    @Override
    public ConnectionGate connectionGate() {
        return load -> true;
    }

    @Override
    public String name() {
        return "none";
    }
}
