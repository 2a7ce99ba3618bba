package org.hybridconnector.bench.jmx;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import javax.management.JMException;

/**
 * The benchmarked connector's counters that a stepped run reads at a step's start, at the end of
 * its window and at its end, read together over one JMX connection so that they tell of one
 * moment. One {@code name value} line each, left out where the variant lacks the counter:
 * {@code requests} (its {@code GlobalRequestProcessor}'s), the response cache's {@code cache_hits},
 * {@code cache_misses}, {@code cache_stores} and {@code cache_evictions}, the connections it closed
 * ({@code idle_closed}, {@code keep_alive_disabled}), what the lengthy-request policy has learned
 * ({@code lengthy_paths}, text), then {@code servlet NAME COUNT} for each of RUBiS's servlets.
 */
public final class StepCounters {

    private static final String PROTOCOL_HANDLER = "Catalina:type=ProtocolHandler,*";
    private static final String CACHE = "Catalina:type=ResponseCache,*";

    /** Line names and the attributes they come from, in the order written. */
    private static final Map<String,JmxSampler.Column> COUNTERS = orderedCounters();

    private static final JmxSampler.Column SERVLETS =
            new JmxSampler.Column("Catalina:j2eeType=Servlet,WebModule=//localhost/rubis,*", "requestCount");

    private StepCounters() {
    }

    private static Map<String,JmxSampler.Column> orderedCounters() {
        Map<String,JmxSampler.Column> counters = new LinkedHashMap<>();
        counters.put("requests", new JmxSampler.Column("Catalina:type=GlobalRequestProcessor,*", "requestCount"));
        counters.put("cache_hits", new JmxSampler.Column(CACHE, "Hits"));
        counters.put("cache_misses", new JmxSampler.Column(CACHE, "Misses"));
        counters.put("cache_stores", new JmxSampler.Column(CACHE, "Stores"));
        counters.put("cache_evictions", new JmxSampler.Column(CACHE, "Evictions"));
        counters.put("idle_closed", new JmxSampler.Column(PROTOCOL_HANDLER, "idleClosedCount"));
        counters.put("keep_alive_disabled", new JmxSampler.Column(PROTOCOL_HANDLER, "keepAliveDisabledCount"));
        counters.put("lengthy_paths", new JmxSampler.Column(PROTOCOL_HANDLER, "lengthyPaths"));
        return counters;
    }

    /** The counters of the connector on {@code port} now, as the lines described above. */
    public static List<String> read(JmxSampler sampler, int port) throws IOException, JMException {
        List<String> lines = new ArrayList<>();
        List<String> values = sampler.read(List.copyOf(COUNTERS.values()), port);
        int i = 0;
        for (String name : COUNTERS.keySet()) {
            String value = values.get(i++).replace('\n', ' ');
            if (!value.isEmpty()) {
                lines.add(name + " " + value);
            }
        }
        sampler.readEach(SERVLETS, "name").forEach((servlet, count) -> {
            if (!count.isEmpty()) {
                lines.add("servlet " + servlet + " " + count);
            }
        });
        return lines;
    }
}
