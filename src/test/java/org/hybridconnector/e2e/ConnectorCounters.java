package org.hybridconnector.e2e;

import java.io.IOException;
import java.util.concurrent.TimeUnit;

/**
 * What a hybrid connector holds at one moment, read through JMX (the probe webapp's MBean servlet,
 * over the control connector): open connections, connections parked in the selector, accepted
 * connections whose first bytes have not come, requests waiting for a worker, busy workers.
 * Comparing a snapshot with the one taken at rest shows whether anything was leaked. At rest
 * {@code connections} is 1, not 0: Tomcat's acceptor counts a connection up before it blocks in
 * {@code accept()} (stock NIO does the same).
 */
record ConnectorCounters(int connections, int parked, int fresh, int ready, int busy) {

    static ConnectorCounters read(TomcatServer tomcat, String connector) throws IOException {
        return new ConnectorCounters(
                Integer.parseInt(tomcat.threadPoolAttribute(connector, "connectionCount")),
                Integer.parseInt(tomcat.protocolAttribute(connector, "parkedCount")),
                Integer.parseInt(tomcat.threadPoolAttribute(connector, "freshCount")),
                Integer.parseInt(tomcat.protocolAttribute(connector, "readyCount")),
                Integer.parseInt(tomcat.threadPoolAttribute(connector, "currentThreadsBusy")));
    }

    /**
     * Waits up to {@code millis} for the connector to hold no more than {@code baseline} (the
     * server closes a connection shortly after its client, so a leak is only a count that stays up).
     *
     * @return the last snapshot: equal to or below the baseline unless something leaked
     */
    static ConnectorCounters awaitAtMost(TomcatServer tomcat, String connector, ConnectorCounters baseline,
            long millis) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
        ConnectorCounters now = read(tomcat, connector);
        while (!now.atMost(baseline) && System.nanoTime() < deadline) {
            Thread.sleep(50);
            now = read(tomcat, connector);
        }
        return now;
    }

    /**
     * The connector at rest, as a baseline: read once it shows the rest state (one connection, the
     * acceptor's count-up before {@code accept()}, and nothing else), for up to five seconds, since
     * a reading between a client's close and the acceptor's next count-up shows none; the last
     * reading if it never does, so that a connector not at rest still shows as such.
     */
    static ConnectorCounters atRest(TomcatServer tomcat, String connector) throws IOException, InterruptedException {
        ConnectorCounters rest = new ConnectorCounters(1, 0, 0, 0, 0);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        ConnectorCounters now = read(tomcat, connector);
        while (!now.equals(rest) && System.nanoTime() < deadline) {
            Thread.sleep(50);
            now = read(tomcat, connector);
        }
        return now;
    }

    boolean atMost(ConnectorCounters baseline) {
        return connections <= baseline.connections && parked <= baseline.parked && fresh <= baseline.fresh &&
                ready <= baseline.ready && busy <= baseline.busy;
    }
}
