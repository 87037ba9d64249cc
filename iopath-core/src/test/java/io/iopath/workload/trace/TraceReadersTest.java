package io.iopath.workload.trace;

import io.iopath.workload.trace.io.TraceReader;
import io.iopath.workload.trace.io.TraceRecord;
import io.iopath.workload.trace.io.TraceFormatException;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.iopath.request.Flags;
import io.iopath.request.Op;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Each reader turns a small hand-written file into the records its format's spec says. */
class TraceReadersTest {
    private static final int DEV_8_0 = 8 << 20;

    static List<TraceRecord> readResource(String name, TraceFormat format) {
        InputStream in = TraceReadersTest.class.getResourceAsStream(name);
        assertThat(in).as(name).isNotNull();
        return readAll(TraceFiles.open(in, name, format));
    }

    static List<TraceRecord> readAll(TraceReader reader) {
        List<TraceRecord> out = new ArrayList<>();
        try (reader) {
            for (TraceRecord r = reader.next(); r != null; r = reader.next()) {
                out.add(r);
            }
        }
        return out;
    }

    static List<TraceRecord> readText(String text, TraceFormat format) {
        return readAll(TraceFiles.open(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), "t.trace", format));
    }

    @Test
    void disksimAscii() {
        assertThat(readResource("small.ascii", null)).containsExactly(
                new TraceRecord(13_191_135, 30, Op.READ, 0, 5 * 512, 0, 0, -1, -1),
                new TraceRecord(13_500_000, 30, Op.WRITE, 100 * 512, 8 * 512, 0, 0, -1, -1),
                new TraceRecord(20_000_000, 2, Op.READ, 4096L * 512, 16 * 512, Flags.SYNC, 0, -1, -1));
    }

    @Test
    void disksimValidateReconstructsIssueTimesFromServiceAndIdle() {
        assertThat(readResource("small.validate", null)).containsExactly(
                new TraceRecord(0, 0, Op.READ, 1_975_456L * 512, 4 * 512, 0, 0, 15_362_000, 56_074_000),
                new TraceRecord(15_362_000 + 56_074_000, 0, Op.WRITE, 1000 * 512, 8 * 512, 0, 0, 500_500, 0));
    }

    @Test
    void msrTimesAreRelativeToTheFirstRecordIn100nsTicks() {
        assertThat(readResource("small.msr", null)).containsExactly(
                new TraceRecord(0, 0, Op.READ, 3_154_903_040L, 4096, 0, 0, 133_100, -1),
                new TraceRecord(13_791_440L * 100, 0, Op.WRITE, 1_589_248, 8192, 0, 0, 996_500, -1),
                new TraceRecord(23_320_928L * 100, 2, Op.WRITE, 0, 512, 0, 0, 10_000, -1));
    }

    @Test
    void spcAcceptsBothCasesAndExtraFields() {
        assertThat(readResource("small.spc", null)).containsExactly(
                new TraceRecord(0, 0, Op.WRITE, 303_567L * 512, 3584, 0, 0, -1, -1),
                new TraceRecord(0, 1, Op.WRITE, 55_590L * 512, 3072, 0, 0, -1, -1),
                new TraceRecord(26_214_000, 0, Op.READ, 303_574L * 512, 1024, 0, 0, -1, -1));
    }

    @Test
    void blkparseTakesIssueEventsAndStopsAtTheSummary() {
        assertThat(readResource("small.blkparse", null)).containsExactly(
                new TraceRecord(5_000, DEV_8_0, Op.WRITE, 223_490L * 512, 8 * 512, 0, 697, -1, -1),
                new TraceRecord(1_250_000_000L, DEV_8_0 | 16, Op.READ, 1000 * 512, 16 * 512, Flags.SYNC, 1234, -1, -1),
                new TraceRecord(1_300_000_000L, DEV_8_0 | 16, Op.FLUSH, 0, 0, 0, 1234, -1, -1),
                new TraceRecord(1_400_000_000L, DEV_8_0 | 16, Op.WRITE, 5000 * 512, 8 * 512,
                        Flags.PREFLUSH | Flags.FUA | Flags.SYNC, 1234, -1, -1));
    }

    @Test
    void blkparseDoesNotCountARequeuedRequestsReissueAsANewIo() {
        String text = """
                  8,0    0        1     0.000000000     1  D   W 100 + 8 [j]
                  8,0    0        2     0.000000000     1  D   W 200 + 8 [j]
                  8,0    0        3     0.000001000     0  R   W 200 + 8 [0]
                  8,0    0        4     0.005000000     0  C   W 100 + 8 [0]
                  8,0    0        5     0.005000000     0  D   W 200 + 8 [j]
                  8,0    0        6     0.006000000     1  D   W 200 + 8 [j]
                """;
        assertThat(readText(text, TraceFormat.BLKPARSE)).extracting(TraceRecord::timeNs, TraceRecord::sector)
                .containsExactly(org.assertj.core.groups.Tuple.tuple(0L, 100L), org.assertj.core.groups.Tuple.tuple(0L, 200L),
                        org.assertj.core.groups.Tuple.tuple(6_000_000L, 200L));
    }

    @Test
    void iologV2WaitsAreMillisecondsFromTheStart() {
        assertThat(readResource("small.iolog2", null)).containsExactly(
                TraceRecord.of(0, 0, Op.READ, 4096, 8192),
                TraceRecord.of(1_500_000_000, 0, Op.WRITE, 0, 512),
                TraceRecord.of(1_500_000_000, 0, Op.FLUSH, 0, 0),
                TraceRecord.of(1_500_000_000, 0, Op.DISCARD, 1_048_576, 65_536));
    }

    @Test
    void iologV3TimestampsAreMicrosecondsFromTheFirstLine() {
        assertThat(readResource("small.iolog3", null)).containsExactly(
                TraceRecord.of(1_000_000, 3, Op.WRITE, 0, 4096),
                TraceRecord.of(2_500_000_000L, 0, Op.READ, 8192, 4096));
    }

    @Test
    void gzipIsDetectedFromTheContent() throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (InputStream in = getClass().getResourceAsStream("small.ascii"); GZIPOutputStream gz = new GZIPOutputStream(bytes)) {
            in.transferTo(gz);
        }
        List<TraceRecord> records = readAll(TraceFiles.open(new ByteArrayInputStream(bytes.toByteArray()), "x", null));
        assertThat(records).isEqualTo(readResource("small.ascii", null));
    }

    @Test
    void bzip2AndXzAreDetectedFromTheContent() throws IOException {
        byte[] plain;
        try (InputStream in = getClass().getResourceAsStream("small.ascii")) {
            plain = in.readAllBytes();
        }
        ByteArrayOutputStream bz = new ByteArrayOutputStream();
        try (OutputStream out = new org.apache.commons.compress.compressors.bzip2.BZip2CompressorOutputStream(bz)) {
            out.write(plain);
        }
        ByteArrayOutputStream xz = new ByteArrayOutputStream();
        try (OutputStream out = new org.tukaani.xz.XZOutputStream(xz, new org.tukaani.xz.LZMA2Options())) {
            out.write(plain);
        }
        List<TraceRecord> expected = readResource("small.ascii", null);
        assertThat(readAll(TraceFiles.open(new ByteArrayInputStream(bz.toByteArray()), "x", null))).isEqualTo(expected);
        assertThat(readAll(TraceFiles.open(new ByteArrayInputStream(xz.toByteArray()), "y", null))).isEqualTo(expected);
    }

    @Test
    void msrWithAHeaderLine() {
        String text = "Timestamp,Hostname,DiskNumber,Type,Offset,Size,ResponseTime\n"
                + "128166372003061629,src1,2,Read,3892105216,4096,2409\n"
                + "128166372003068645,src1,2,Write,3892105216,8192,1000\n";
        assertThat(readText(text, null)).containsExactly(
                new TraceRecord(0, 2, Op.READ, 3_892_105_216L, 4096, 0, 0, 240_900, -1),
                new TraceRecord(7016L * 100, 2, Op.WRITE, 3_892_105_216L, 8192, 0, 0, 100_000, -1));
    }

    @Test
    void systorTimesAreSecondsRelativeToTheFirstRecord() {
        String text = "Timestamp,Response,IOType,LUN,Offset,Size\n"
                + "1487290602.057628,0.000325,R,4,14177808384,8192\n"
                + "1487290602.058001,0.001250,W,1,512,4096\n"
                + "1487290603.000000,0.0,R,4,0,512\n";
        try (TraceReader r = TraceFiles.open(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), "s", null)) {
            assertThat(TraceFormat.of(r)).isEqualTo(TraceFormat.SYSTOR);
        }
        assertThat(readText(text, null)).containsExactly(
                new TraceRecord(0, 4, Op.READ, 14_177_808_384L, 8192, 0, 0, 325_000, -1),
                new TraceRecord(373_000, 1, Op.WRITE, 512, 4096, 0, 0, 1_250_000, -1),
                new TraceRecord(942_372_000, 4, Op.READ, 0, 512, 0, 0, 0, -1));
    }

    @Test
    void blkparseSkipsPassThroughRemapsSplitsAndMessages() {
        // a capture with blktrace -a pc etc.: smartctl's INQUIRY (SCSI pass-through), a partition
        // remap, a split, a cfq message; only the two D events of block IO are IOs
        String text = """
                  8,0    1        1     0.000000000  4242  D   R 36 (12 00 00 00 24 00) [smartctl]
                  8,0    1        2     0.000100000  4242  D   N 0 (00 00 00 00 00 00) [smartctl]
                  8,0    1        0     0.000150000     0  m   N cfq4242 alloced
                  8,0    0        3     0.001000000   697  A   W 223490 + 8 <- (8,1) 221442
                  8,0    0        4     0.001000100   697  Q   W 223490 + 8 [kjournald]
                  8,0    0        5     0.001000200   697  X   W 223490 / 223494 [kjournald]
                  8,0    0        6     0.001000300   697  D   W 223490 + 4 [kjournald]
                  8,0    0        7     0.001000400   697  D   W 223494 + 4 [kjournald]
                  8,0    1        8     0.002000000     0  C   R 36 (12 00 00 00 24 00) [0]
                """;
        assertThat(readText(text, TraceFormat.BLKPARSE)).extracting(TraceRecord::timeNs, TraceRecord::sector)
                .containsExactly(org.assertj.core.groups.Tuple.tuple(1_000_300L, 223_490L),
                        org.assertj.core.groups.Tuple.tuple(1_000_400L, 223_494L));
    }

    @ParameterizedTest(name = "{0} detected from the content")
    @CsvSource({"small.ascii,ascii", "small.validate,validate", "small.msr,msr", "small.spc,spc",
            "small.blkparse,blkparse", "small.iolog2,iolog2", "small.iolog3,iolog3"})
    void formatIsDetected(String file, String format) {
        try (TraceReader r = TraceFiles.open(getClass().getResourceAsStream(file), file, null)) {
            assertThat(TraceFormat.of(r).id).isEqualTo(format);
        }
    }

    @Test
    void emptyOrUnknownContentAsksForFormat() {
        assertThatThrownBy(() -> readText("\n# nothing\n", null)).isInstanceOf(TraceFormatException.class)
                .hasMessageContaining("empty trace");
        assertThatThrownBy(() -> readText("hello world\n", null)).isInstanceOf(TraceFormatException.class)
                .hasMessageContaining("give --format");
    }

    /** Each class of malformed line, per reader: the error names the file and the line. */
    @ParameterizedTest(name = "{0}: {3}")
    @CsvSource(delimiter = '|', value = {
            "ascii    | 1 0 0 8 1\\nabc 0 0 8 1          | 2 | arrival time (ms): expected a non-negative decimal",
            "ascii    | 1 0 0 8                        | 1 | expected 5 fields",
            "ascii    | 2 0 0 8 1\\n\\n1 0 0 8 1         | 3 | out of time order",
            "ascii    | 1 0 0 0 1                      | 1 | bcount: expected at least 1 block",
            "ascii    | 1 0 0 8 zz                     | 1 | flags: expected a hexadecimal",
            "ascii    | 1 -1 0 8 1                     | 1 | devno: expected a non-negative integer",
            "ascii    | 1 0 99999999999999999 8 1      | 1 | blkno: expected at most",
            "validate | X Hit 1 2 3 4                  | 1 | op: expected R or W",
            "validate | R Foo 1 2 3 4                  | 1 | buffaction: expected one of",
            "validate | R Hit 1 2 3                    | 1 | fields: expected 6 (R",
            "validate | R Hit 1 2 3 4\\nR Hit 1 2 x 4   | 2 | service time (us)",
            "msr      | 1,h,0,Read,0,512               | 1 | expected 7 comma-separated fields",
            "msr      | x,h,0,Read,0,512,1             | 1 | Timestamp: expected",
            "msr      | 1,h,0,Delete,0,512,1           | 1 | Type: expected Read or Write",
            "msr      | 1,h,0,Read,0,0,1               | 1 | Size: expected at least 1 byte",
            "msr      | 5,h,0,Read,0,512,1\\n4,h,0,Read,0,512,1 | 2 | before the first record",
            "spc      | 0,1,512,r                      | 1 | expected at least 5 comma-separated fields",
            "spc      | 0,1,512,X,0.1                  | 1 | Opcode: expected R, r, W or w",
            "spc      | 0,1,512,r,abc                  | 1 | Timestamp (s): expected",
            "spc      | 0,-5,512,r,0.1                 | 1 | LBA: expected a non-negative integer",
            "blkparse | hello                          | 1 | not a blkparse event line",
            "blkparse | 8,0 0 1 0.000000001 1 D QQ 1 + 8 [x] | 1 | RWBS: expected",
            "blkparse | 8,0 0 1 0.000000001 1 D W 1 8 [x]   | 1 | D event: expected '<sector> + <sectors>",
            "blkparse | 8,0 0 1 0.000000001 1 D W 1 + 0 [x] | 1 | sectors: expected at least 1",
            "blkparse | 8100,0 0 1 0.000000001 1 D W 1 + 8 [x] | 1 | major: expected at most 2047",
            "iolog2   | fio version 9 iolog            | 1 | header: expected",
            "iolog2   | fio version 2 iolog\\nf frob 0 1 | 2 | action: expected add",
            "iolog2   | fio version 2 iolog\\nf read 0   | 2 | 'read' needs OFFSET LENGTH",
            "iolog2   | fio version 2 iolog\\nf read 0 0 | 2 | length: expected at least 1 byte",
            "iolog3   | fio version 3 iolog\\n5 f read 0 1\\n4 f read 0 1 | 3 | before the previous line's",
            "iolog3   | fio version 3 iolog\\n5 f wait 10 | 2 | 'wait' is a version 2 action",
            "iolog3   | fio version 3 iolog\\nx f read 0 1 | 2 | timestamp (us): expected",
            "iolog2   | fio version 2 iolog\\nf wait 1500 | 2 | expected 'FILE wait MSEC LENGTH'",
    })
    void malformedLinesNameFileAndLine(String format, String text, int line, String problem) {
        TraceFormat f = TraceFormat.byId(format.strip()).orElseThrow();
        assertThatThrownBy(() -> readText(text.strip().replace("\\n", "\n") + "\n", f))
                .isInstanceOf(TraceFormatException.class)
                .hasMessageStartingWith("t.trace:" + line + ": ")
                .hasMessageContaining(problem.strip());
    }
}
