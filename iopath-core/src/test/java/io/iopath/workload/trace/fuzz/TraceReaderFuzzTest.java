package io.iopath.workload.trace.fuzz;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.iopath.workload.trace.TraceFiles;
import io.iopath.workload.trace.TraceFormat;
import io.iopath.workload.trace.io.TraceFormatException;
import io.iopath.workload.trace.io.TraceReader;
import io.iopath.workload.trace.io.TraceRecord;
import java.io.ByteArrayInputStream;

/**
 * Jazzer fuzz tests, one per reader: whatever bytes come in, a reader returns records that
 * obey the TraceRecord invariants or throws {@link TraceFormatException} — never any other
 * exception. Without JAZZER_FUZZ, Jazzer runs the committed inputs under
 * {@code src/test/resources/io/iopath/workload/trace/fuzz/TraceReaderFuzzTestInputs/<method>/}
 * as regression tests in the normal suite; a crash found by fuzzing is committed there.
 */
class TraceReaderFuzzTest {
    static void readAll(byte[] bytes, TraceFormat format) {
        try (TraceReader r = TraceFiles.open(new ByteArrayInputStream(bytes), "fuzz", format)) {
            for (TraceRecord rec = r.next(); rec != null; rec = r.next()) {
                check(rec);
            }
        } catch (TraceFormatException expected) {
            if (!expected.getMessage().startsWith("fuzz")) {
                throw new AssertionError("error does not name the source: " + expected.getMessage());
            }
        }
    }

    static void check(TraceRecord r) {
        if (r.timeNs() < 0 || r.offset() < 0 || r.length() < 0 || r.device() < 0 || r.op() == null) {
            throw new AssertionError("invalid record " + r);
        }
        if (r.op().transfersData() && r.length() == 0) {
            throw new AssertionError("data op without length " + r);
        }
    }

    @FuzzTest(maxDuration = "30s")
    void ascii(FuzzedDataProvider data) {
        readAll(data.consumeRemainingAsBytes(), TraceFormat.DISKSIM_ASCII);
    }

    @FuzzTest(maxDuration = "30s")
    void validate(FuzzedDataProvider data) {
        readAll(data.consumeRemainingAsBytes(), TraceFormat.DISKSIM_VALIDATE);
    }

    @FuzzTest(maxDuration = "30s")
    void msr(FuzzedDataProvider data) {
        readAll(data.consumeRemainingAsBytes(), TraceFormat.MSR);
    }

    @FuzzTest(maxDuration = "30s")
    void systor(FuzzedDataProvider data) {
        readAll(data.consumeRemainingAsBytes(), TraceFormat.SYSTOR);
    }

    /** Whatever follows bzip2's magic: the decompressor fails only with a TraceFormatException. */
    @FuzzTest(maxDuration = "30s")
    void bzip2(FuzzedDataProvider data) {
        readAll(withMagic(new byte[] {'B', 'Z', 'h', '9'}, data.consumeRemainingAsBytes()), null);
    }

    /** Whatever follows xz's magic. */
    @FuzzTest(maxDuration = "30s")
    void xz(FuzzedDataProvider data) {
        readAll(withMagic(new byte[] {(byte) 0xfd, '7', 'z', 'X', 'Z', 0}, data.consumeRemainingAsBytes()), null);
    }

    private static byte[] withMagic(byte[] magic, byte[] rest) {
        byte[] out = java.util.Arrays.copyOf(magic, magic.length + rest.length);
        System.arraycopy(rest, 0, out, magic.length, rest.length);
        return out;
    }

    @FuzzTest(maxDuration = "30s")
    void spc(FuzzedDataProvider data) {
        readAll(data.consumeRemainingAsBytes(), TraceFormat.SPC);
    }

    @FuzzTest(maxDuration = "30s")
    void blkparse(FuzzedDataProvider data) {
        readAll(data.consumeRemainingAsBytes(), TraceFormat.BLKPARSE);
    }

    @FuzzTest(maxDuration = "30s")
    void iolog(FuzzedDataProvider data) {
        readAll(data.consumeRemainingAsBytes(), TraceFormat.IOLOG3);
    }

    /** Format detection followed by whichever reader it picks. */
    @FuzzTest(maxDuration = "30s")
    void detected(FuzzedDataProvider data) {
        readAll(data.consumeRemainingAsBytes(), null);
    }
}
