package org.hybridconnector.rubis.model;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * One RUBiS transition table (docs/rubis.md, "Transition tables"): for each of the 27 page
 * states, the probabilities of going to each page state, to Back and to End of Session, and the
 * state's waiting time. Read from the project's CSV, where each row is a "from" state.
 * <p>
 * {@link #next} reproduces the original emulator's sampling exactly: a cumulative walk over the
 * row in column order, with no renormalisation. Rows do not sum to 1, so Back and End are
 * truncated where the sum passes 1 before them, and a sum below 1 leaves a chance of staying on
 * the same page.
 */
public final class TransitionTable {

    /** Column index of the Back pseudo-state. */
    public static final int BACK = Page.COUNT;
    /** Column index of the End of Session pseudo-state. */
    public static final int END = Page.COUNT + 1;

    private final String name;
    private final double[][] probabilities;
    private final int[] waitingMillis;

    private TransitionTable(String name, double[][] probabilities, int[] waitingMillis) {
        this.name = name;
        this.probabilities = probabilities;
        this.waitingMillis = waitingMillis;
    }

    /** {@code browsing} or {@code bidding}: the two tables shipped in this jar. */
    public static TransitionTable forMix(String mix) {
        String resource = "transitions-" + mix + ".csv";
        try (InputStream in = TransitionTable.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalArgumentException("unknown mix '" + mix + "': expected browsing or bidding");
            }
            return read(mix, in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static TransitionTable read(String name, InputStream csv) throws IOException {
        BufferedReader reader = new BufferedReader(new InputStreamReader(csv, StandardCharsets.UTF_8));
        String[] header = reader.readLine().split(",", -1);
        if (header.length != Page.COUNT + 4) {
            throw new IOException("expected " + (Page.COUNT + 4) + " columns, got " + header.length);
        }
        for (Page page : Page.values()) {
            if (!header[page.ordinal() + 1].equals(page.label())) {
                throw new IOException("column " + (page.ordinal() + 1) + " is '" + header[page.ordinal() + 1] +
                        "', expected '" + page.label() + "'");
            }
        }
        double[][] probabilities = new double[Page.COUNT][];
        int[] waiting = new int[Page.COUNT];
        List<String> rows = new ArrayList<>();
        String line;
        while ((line = reader.readLine()) != null) {
            if (!line.isBlank()) {
                rows.add(line);
            }
        }
        if (rows.size() != Page.COUNT) {
            throw new IOException("expected " + Page.COUNT + " rows, got " + rows.size());
        }
        for (int i = 0; i < Page.COUNT; i++) {
            String[] cells = rows.get(i).split(",", -1);
            if (!cells[0].equals(Page.values()[i].label())) {
                throw new IOException("row " + i + " is '" + cells[0] + "', expected '" + Page.values()[i].label() + "'");
            }
            probabilities[i] = new double[Page.COUNT + 2];
            for (int j = 0; j < Page.COUNT + 2; j++) {
                probabilities[i][j] = Double.parseDouble(cells[j + 1]);
            }
            waiting[i] = Integer.parseInt(cells[Page.COUNT + 3].trim());
        }
        return new TransitionTable(name, probabilities, waiting);
    }

    public String name() {
        return name;
    }

    /** The probability written in the table, before the cumulative walk truncates anything. */
    public double nominal(Page from, int to) {
        return probabilities[from.ordinal()][to];
    }

    /**
     * The probability that {@link #next} returns {@code to} from {@code from}: the share of [0, 1)
     * the cumulative walk gives it, the "stay" case included (returned as {@code from}'s index).
     */
    public double effective(Page from, int to) {
        double[] row = probabilities[from.ordinal()];
        double cumulative = 0;
        double share = 0;
        for (int j = 0; j < row.length; j++) {
            double start = Math.min(1, cumulative);
            cumulative += row[j];
            double end = Math.min(1, cumulative);
            if (j == to) {
                share += end - start;
            }
        }
        if (to == from.ordinal()) {
            share += Math.max(0, 1 - cumulative);
        }
        return share;
    }

    /**
     * The next state for a uniform draw {@code u} in [0, 1): a page index, {@link #BACK} or
     * {@link #END}; {@code from}'s own index if the row's cumulative sum never exceeds {@code u}.
     */
    public int next(Page from, double u) {
        double[] row = probabilities[from.ordinal()];
        double cumulative = 0;
        for (int j = 0; j < row.length; j++) {
            cumulative += row[j];
            if (u < cumulative) {
                return j;
            }
        }
        return from.ordinal();
    }

    /** Whether the state can be left by Back: moving into it pushes the page left behind. */
    public boolean hasBack(Page page) {
        return probabilities[page.ordinal()][BACK] > 0;
    }

    /** The state's deterministic waiting time (used only without TPC-W think times). */
    public int waitingMillis(Page page) {
        return waitingMillis[page.ordinal()];
    }
}
