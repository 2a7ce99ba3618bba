/**
 * The steady-state count of a benchmark step: sessions counted by the time they end inside a
 * measured interval of constant offered load, so that no slow server's sessions are cut off by the
 * end of a short step and counted as not completed (censoring).
 * <p>
 * A step offers sessions from many httperf processes, each one a <em>slice</em> of the offered
 * sessions started at a known wall-clock time ({@link SliceRun}). httperf's {@code --verbose}
 * samples tell in 5-second bins when sessions completed and replies arrived ({@link RateSamples}).
 * The server's access log, where every request names its session, tells what each session got
 * and when it ended ({@link AccessLogSessions}), against the number of requests its session file
 * gives it ({@link SessionFileIndex}). {@link SteadyStep} puts both views in one CSV row.
 */
package org.hybridconnector.bench.steady;
