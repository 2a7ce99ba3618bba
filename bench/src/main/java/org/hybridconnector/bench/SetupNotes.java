package org.hybridconnector.bench;

import java.util.StringJoiner;

import org.hybridconnector.bench.run.MachineFacts;
import org.hybridconnector.bench.run.MariaDbFacts;

/**
 * The set-up a run's report states, in its own words: the machine, the build, the database, the
 * sessions and, for the stepped modes, how a step counts; steady runs write it to setup.md, the
 * stepped ones put it at the top of summary.md.
 *
 * @param run           the run's options, resolved
 * @param machine       the machine it ran on
 * @param tomcatVersion the Tomcat the connectors ran in
 * @param builtCommit   the commit the connector and rubis.war were built from
 * @param database      MariaDB's facts, or null on H2 and for the static workload
 * @param dataSet       "3268 open auctions" or, for the static workload, the file set's size
 */
record SetupNotes(RunOptions run, MachineFacts machine, String tomcatVersion, String builtCommit, MariaDbFacts database,
        String dataSet) {

    /** setup.md of a steady run. */
    String steady() {
        StringJoiner notes = new StringJoiner("\n", "", "\n");
        notes.add("Machine: " + machineLine() + ".");
        if (isStatic()) {
            notes.add("Connector built from commit " + builtCommit + "; Tomcat " + tomcatVersion + " pinned to CPU 0;");
        } else {
            notes.add("Connector and rubis.war built from commit " + builtCommit + "; Tomcat " + tomcatVersion
                    + " pinned to CPU 0 with the database;");
        }
        notes.add("httperf " + machine.httperfVersion() + " pinned to CPU 1, --timeout 10, --failure-status 503,"
                + " Poisson arrivals.");
        if (isStatic()) {
            notes.add(staticWorkload());
        } else {
            if (database != null) {
                notes.add("MariaDB " + database.version() + "; " + database.bufferPoolNote());
            }
            notes.add("RUBiS pool (DBCP): maxTotal 50, maxWaitMillis " + run.poolWaitMillis
                    + " (the wait before a page answers 503).");
            notes.add("Database: " + run.db + ", RUBiS scale " + run.scale + " (" + dataSet
                    + "), reloaded before every step.");
            notes.add(sessions());
        }
        notes.add("Every step: a fresh Tomcat, " + run.rampUp + " s at half the load, " + run.warmUp
                + " s at the load, a measured interval of " + run.interval + " s,");
        notes.add("then " + run.tail
                + " s more at the load; sessions counted by the time they end inside the interval.");
        notes.add(connectors() + ".");
        return notes.toString();
    }

    /** The notes at the top of a stepped run's summary.md. */
    String stepped() {
        StringJoiner notes = new StringJoiner("\n", "", "\n");
        notes.add("Machine: " + machineLine() + ";");
        notes.add("Tomcat " + tomcatVersion + " pinned to CPU 0, httperf " + machine.httperfVersion()
                + " pinned to CPU 1");
        notes.add("(it busy-waits; its open-file limit is 1,024 descriptors per process, FD_SETSIZE), --timeout 10,"
                + " Poisson arrivals.");
        if (isStatic()) {
            notes.add(staticWorkload());
        } else {
            if (database != null) {
                notes.add("MariaDB " + database.version() + " shared CPU 0 with Tomcat.");
                notes.add(database.bufferPoolNote());
            }
            notes.add("Database: " + run.db + ", RUBiS scale " + run.scale + " (" + dataSet
                    + "), the same data for every variant.");
            notes.add(sessions());
        }
        notes.add(connectors() + " (maxKeepAliveRequests 100).");
        notes.add("");
        notes.add("Completed sessions/s = sessions completed within the step's bound (window + grace) / window;"
                + " sessions");
        notes.add("still running when httperf was stopped are counted as unfinished, not failed.");
        if (run.rampUp > 0) {
            notes.add("Before its first step every Tomcat had a " + run.rampUp + " s up-ramp of sessions at half the"
                    + " first load (seed");
            notes.add((run.seed + 2000) + ", uncounted: raw/*-ramp-up-p*.txt).");
        }
        if (run.sustain) {
            notes.add("Through the grace new sessions kept coming at the step's rate (--sustain), from session files"
                    + " of");
            notes.add("seed " + (run.seed + 1000) + ", until the counted ones were done; they are not counted"
                    + " (raw/*-grace-p*.txt).");
        }
        return notes.toString();
    }

    /** The attributes every variant's element shares (ConnectorElements writes them). */
    private String connectors() {
        return "Every connector: connectionTimeout 20000, acceptCount 1000, "
                + (run.keepAliveMillis != null ? "keepAliveTimeout " + run.keepAliveMillis + ", " : "")
                + (run.keepAliveRequests != null ? "maxKeepAliveRequests " + run.keepAliveRequests + ", " : "")
                + "Tomcat's other defaults";
    }

    private String machineLine() {
        return machine.cores() + " cores (" + machine.cpuModel() + "), " + machine.memoryGib() + " GB";
    }

    private boolean isStatic() {
        return run.workload.equals("static");
    }

    private String staticWorkload() {
        return "Workload: Surge-like static sessions (1,000 files, " + dataSet + ") from Tomcat's default servlet,"
                + " seed " + run.seed + ", OFF times x" + run.thinkScale + ".";
    }

    private String sessions() {
        return "Sessions: RUBiS " + run.mix + " mix, seed " + run.seed + ", TPC-W think times x" + run.thinkScale
                + ", at most " + run.maxPages + " pages per session.";
    }
}
