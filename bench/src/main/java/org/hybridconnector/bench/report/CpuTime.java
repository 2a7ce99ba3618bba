package org.hybridconnector.bench.report;

import java.util.OptionalLong;

/** CPU time as /proc counts it, in clock ticks, turned into a share of one core. */
public final class CpuTime {

    private CpuTime() {
    }

    /**
     * The CPU used between two tick readings taken the given seconds apart, in % of one core (two busy
     * cores are 200 %); NaN if either reading is missing.
     *
     * @param clockTicks the kernel's ticks per second ({@code getconf CLK_TCK})
     */
    public static double percentOfOneCore(OptionalLong from, OptionalLong to, int clockTicks, double seconds) {
        return from.isPresent() && to.isPresent()
                ? 100.0 * (to.getAsLong() - from.getAsLong()) / clockTicks / seconds : Double.NaN;
    }
}
