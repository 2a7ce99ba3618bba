package org.hybridconnector.blocking;

/**
 * The rule Tomcat's old BIO connector used to keep idle keep-alive connections from starving a
 * thread-per-connection pool: while more than {@code disableKeepAlivePercentage} of the threads
 * are busy, the response in progress goes out with {@code Connection: close}.
 * <p>
 * "Busy" counts every thread that owns a connection, including those waiting for a client's next
 * request: that waiting is exactly what the rule is there to cut short.
 */
public final class KeepAliveRule {

    /** Tomcat 7's default. */
    public static final int DEFAULT_PERCENTAGE = 75;

    private KeepAliveRule() {
    }

    /**
     * @param busyThreads threads owning a connection now, the asking one included
     * @param maxThreads the pool's size
     * @param percentage the threshold, clamped to 0..100 as Tomcat 7 did
     * @return whether the current response must close its connection
     */
    public static boolean disablesKeepAlive(int busyThreads, int maxThreads, int percentage) {
        if (maxThreads <= 0) {
            return false;
        }
        int threshold = Math.max(0, Math.min(100, percentage));
        long ratio = (long) busyThreads * 100 / maxThreads;
        return ratio > threshold;
    }
}
