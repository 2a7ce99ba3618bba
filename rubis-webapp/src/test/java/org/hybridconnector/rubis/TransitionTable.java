package org.hybridconnector.rubis;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/**
 * A RUBiS transition table in the project's CSV form: one row per "from" state, columns are the
 * 27 "to" states, Back and EndOfSession, then the waiting time. The next state is drawn as the
 * original emulator does: walk the row in order accumulating probabilities, take the first state
 * whose running sum exceeds a uniform draw, and stay put when none does (rows need not sum to 1).
 */
final class TransitionTable {

    private final List<String> states;
    private final float[][] probabilities;

    private TransitionTable(List<String> states, float[][] probabilities) {
        this.states = states;
        this.probabilities = probabilities;
    }

    static TransitionTable load(String resource) throws IOException {
        try (InputStream in = TransitionTable.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IOException("missing " + resource);
            }
            BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            String[] header = reader.readLine().split(",");
            List<String> targets = Arrays.asList(header).subList(1, header.length - 1);
            List<float[]> rows = new ArrayList<>();
            String line;
            while ((line = reader.readLine()) != null) {
                if (line.isBlank()) {
                    continue;
                }
                String[] cells = line.split(",");
                if (!cells[0].equals(targets.get(rows.size()))) {
                    throw new IOException("row " + cells[0] + " out of order");
                }
                float[] row = new float[targets.size()];
                for (int i = 0; i < row.length; i++) {
                    row[i] = Float.parseFloat(cells[i + 1]);
                }
                rows.add(row);
            }
            return new TransitionTable(List.copyOf(targets), rows.toArray(new float[0][]));
        }
    }

    String next(String from, Random random) {
        float[] row = probabilities[states.indexOf(from)];
        float draw = random.nextFloat();
        float sum = 0;
        for (int i = 0; i < row.length; i++) {
            sum += row[i];
            if (draw < sum) {
                return states.get(i);
            }
        }
        return from;
    }

    /** The page states, without the Back and EndOfSession pseudo-states. */
    List<String> pageStates() {
        return states.subList(0, states.size() - 2);
    }

    /** A state pushes its predecessor on the back stack iff Back is possible from it. */
    boolean allowsBack(String state) {
        int index = states.indexOf(state);
        return index < probabilities.length && probabilities[index][states.indexOf("Back")] > 0;
    }
}
