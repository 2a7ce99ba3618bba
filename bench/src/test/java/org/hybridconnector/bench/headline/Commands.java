package org.hybridconnector.bench.headline;

import java.io.PrintWriter;
import java.io.StringWriter;

import org.hybridconnector.bench.Main;

import picocli.CommandLine;

/** The bench's tool run as the scripts run it, for the report commands' tests. */
final class Commands {

    private Commands() {
    }

    /** Main's exit status for {@code COMMAND ARGS}; its complaints are not shown. */
    static int exitStatus(String command, String... args) {
        CommandLine line = Main.commandLine();
        line.setErr(new PrintWriter(new StringWriter()));
        String[] all = new String[args.length + 1];
        all[0] = command;
        System.arraycopy(args, 0, all, 1, args.length);
        return line.execute(all);
    }
}
