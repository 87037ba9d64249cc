package io.iopath.workload.trace.disksim;

import static org.assertj.core.api.Assertions.assertThat;

import io.iopath.workload.trace.io.LineSource;
import io.iopath.workload.trace.io.TraceFormatException;
import io.iopath.workload.trace.io.TraceRecord;
import java.io.BufferedReader;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The ascii reader's one-scan parse of well-formed lines gives exactly what its checking parser
 * gives, record for record and error for error, over seeded random lines: plain ones, and ones
 * with a field changed into something near a limit or malformed (signs, a second dot, a sixth
 * field, a time out of order, too many digits, non-ASCII digits, 0x without digits).
 */
class AsciiReaderScanTest {
    private static final String[] ODD = {"", "-1", "+1", "1.2.3", ".", ".5", "5.", "0x", "0X1f", "0xg", "1e3", "١",
            "0000000000000000001", "999999999999999999", "1000000000000000000", "2147483647", "2147483648",
            "999999999999.9999999", "1000000000000", "0.0000005", "0.0000004999", "ffffffff", "100000000", "0", "00",
            "1 2", "x", "\u00a0"};

    @Test
    void scanAndCheckingParserAgreeOnEveryLine() {
        SplittableRandom r = new SplittableRandom(16);
        int records = 0;
        int errors = 0;
        for (int i = 0; i < 20_000; i++) {
            String[] f = {
                    r.nextInt(1000) + "." + String.format("%0" + (1 + r.nextInt(9)) + "d", r.nextInt(1_000_000_000) % (int) Math.pow(10, 1 + r.nextInt(9))),
                    Integer.toString(r.nextInt(200)),
                    Long.toString(r.nextLong(1L << 40)),
                    Integer.toString(r.nextInt(1, 1024)),
                    Integer.toHexString(r.nextInt(0x100)),
            };
            if (r.nextInt(3) == 0) {
                f[r.nextInt(f.length)] = ODD[r.nextInt(ODD.length)];
            }
            StringBuilder line = new StringBuilder();
            for (int k = 0; k < f.length; k++) {
                line.append(k == 0 ? "" : r.nextInt(5) == 0 ? "\t " : " ").append(f[k]);
            }
            if (r.nextInt(20) == 0) {
                line.append(" 7");
            }
            String text = "500.25 1 8 8 1\n" + line + "\n";
            String scanned = readAll(text, true);
            assertThat(scanned).as("line '%s'", line).isEqualTo(readAll(text, false));
            if (scanned.startsWith("error")) {
                errors++;
            } else {
                records++;
            }
        }
        assertThat(records).isGreaterThan(5_000); // both kinds of line were tried
        assertThat(errors).isGreaterThan(2_000);
    }

    private static String readAll(String text, boolean scan) {
        AsciiReader reader = new AsciiReader(new LineSource(new BufferedReader(new StringReader(text)), "t.ascii"), scan);
        List<TraceRecord> out = new ArrayList<>();
        try {
            for (TraceRecord rec = reader.next(); rec != null; rec = reader.next()) {
                out.add(rec);
            }
            return out.toString();
        } catch (TraceFormatException e) {
            return "error " + e.getMessage() + " after " + out;
        }
    }
}
