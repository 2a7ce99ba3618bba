package org.hybridconnector;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;

import org.apache.coyote.Adapter;
import org.apache.coyote.Request;
import org.apache.coyote.RequestGroupInfo;
import org.apache.juli.logging.LogFactory;
import org.junit.jupiter.api.Test;

class SelfServedLogTest {

    private final List<String> logged = new ArrayList<>();
    private final List<Runnable> queued = new ArrayList<>();
    private final RequestGroupInfo group = new RequestGroupInfo();

    private final Adapter adapter = (Adapter) java.lang.reflect.Proxy.newProxyInstance(
            getClass().getClassLoader(), new Class<?>[] { Adapter.class }, (proxy, method, args) -> {
                if (method.getName().equals("log")) {
                    Request request = (Request) args[0];
                    logged.add(request.method() + " " + request.requestURI() + " "
                            + ((org.apache.coyote.Response) args[1]).getStatus() + " " + args[2]);
                }
                return null;
            });

    private static SelfServed served() {
        byte[] head = "GET /shop HTTP/1.1\r\nHost: x\r\n\r\n".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        return new SelfServed(head, "127.0.0.1", 40000, "127.0.0.1", 8080, 503, 200, 0, 5_000_000);
    }

    @Test
    void testTheLogWorkRunsOnTheExecutorAndIsCountedInTheGroup() {
        Executor later = queued::add;
        SelfServedLog log = new SelfServedLog(() -> adapter, () -> later, group, false,
                LogFactory.getLog(SelfServedLogTest.class));
        log.report(served());
        log.flush();
        assertEquals(List.of(), logged, "the selector thread does not log");
        assertEquals(0, group.getRequestCount());
        queued.forEach(Runnable::run);
        assertEquals(List.of("GET /shop 503 5000000"), logged);
        assertEquals(1, group.getRequestCount());
        assertEquals(1, group.getErrorCount());
        assertEquals(200, group.getBytesSent());
        assertEquals(5, group.getProcessingTime());
        assertEquals(5, group.getMaxTime());
        assertEquals(0, log.droppedCount());
    }

    @Test
    void testARefusingExecutorDropsTheReportAndCountsIt() {
        Executor refusing = task -> {
            throw new RejectedExecutionException("shut down");
        };
        SelfServedLog log = new SelfServedLog(() -> adapter, () -> refusing, group, false,
                LogFactory.getLog(SelfServedLogTest.class));
        log.report(served());
        log.flush();
        assertEquals(1, log.droppedCount());
        assertEquals(List.of(), logged);
        assertEquals(0, group.getRequestCount());
    }

    @Test
    void testReportsBeyondThePendingBoundAreDropped() {
        SelfServedLog log = new SelfServedLog(() -> adapter, () -> queued::add, group, false,
                LogFactory.getLog(SelfServedLogTest.class));
        for (int i = 0; i < SelfServedLog.MAX_PENDING - 5; i++) {
            log.report(served());
        }
        log.flush();
        for (int i = 0; i < 10; i++) {
            log.report(served());
        }
        log.flush();
        assertEquals(5, log.droppedCount(), "the second round's reports beyond the bound");
        queued.forEach(Runnable::run);
        assertEquals(SelfServedLog.MAX_PENDING, group.getRequestCount());
    }

    @Test
    void testABurstOfReportsCostsTheExecutorOneTask() {
        SelfServedLog log = new SelfServedLog(() -> adapter, () -> queued::add, group, false,
                LogFactory.getLog(SelfServedLogTest.class));
        for (int round = 0; round < 10; round++) {
            for (int i = 0; i < 10; i++) {
                log.report(served());
            }
            log.flush();
        }
        assertEquals(1, queued.size(), "one drain task for the burst of rounds");
        queued.remove(0).run();
        assertEquals(100, group.getRequestCount());
        log.report(served());
        log.flush();
        assertEquals(1, queued.size(), "a report after the drain queues a new task");
    }

    @Test
    void testReportsWaitForTheEndOfTheRound() {
        SelfServedLog log = new SelfServedLog(() -> adapter, () -> queued::add, group, false,
                LogFactory.getLog(SelfServedLogTest.class));
        log.report(served());
        log.report(served());
        assertEquals(0, queued.size(), "nothing is handed over before the round ends");
        log.flush();
        log.flush(); // an empty round hands over nothing
        assertEquals(1, queued.size());
        queued.remove(0).run();
        assertEquals(2, group.getRequestCount());
    }
}
