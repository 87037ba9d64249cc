package io.iopath.units;

import java.util.Collection;
import java.util.Locale;
import java.util.Optional;

/**
 * "did you mean …?" for a name typed at the edges (a scenario key, an option, a scheduler, a
 * drive preset): the one known name closest to what was typed, if it is close enough to be a
 * slip of the keyboard. Distance is the optimal-string-alignment edit distance (insert, delete,
 * substitute, swap two neighbours), case-insensitive; close enough is at most one edit for
 * names of up to four letters and a third of the name's length beyond, and only when no other
 * name is as close.
 */
public final class Spelling {
    private Spelling() {
    }

    /** The known name {@code typed} is most likely a slip for, or empty. */
    public static Optional<String> closest(String typed, Collection<String> known) {
        String t = typed.toLowerCase(Locale.ROOT);
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        boolean tie = false;
        for (String k : known) {
            int d = distance(t, k.toLowerCase(Locale.ROOT));
            if (d < bestDistance) {
                best = k;
                bestDistance = d;
                tie = false;
            } else if (d == bestDistance && !k.equals(best)) {
                tie = true;
            }
        }
        int allowed = Math.max(1, t.length() / 3);
        if (best == null || tie || bestDistance == 0 || bestDistance > allowed) {
            return Optional.empty();
        }
        return Optional.of(best);
    }

    /** {@code " (did you mean 'x'?)"}, or nothing: to follow the name in an error message. */
    public static String hint(String typed, Collection<String> known) {
        return closest(typed, known).map(k -> " (did you mean '" + k + "'?)").orElse("");
    }

    static int distance(String a, String b) {
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) {
            d[i][0] = i;
        }
        for (int j = 0; j <= b.length(); j++) {
            d[0][j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
                }
            }
        }
        return d[a.length()][b.length()];
    }
}
