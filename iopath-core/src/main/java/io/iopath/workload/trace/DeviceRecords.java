package io.iopath.workload.trace;

import io.iopath.request.Op;
import io.iopath.workload.JobSpec;
import io.iopath.workload.trace.io.TraceReader;
import io.iopath.workload.trace.io.TraceRecord;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * A multi-device trace read once and split by device: each device's records go to a file of
 * their own (under a directory the caller gives, removed by {@link #close}), so a split replay
 * reads the trace once instead of once per device, and each device's run reads only its records.
 * Memory stays one record per device whatever the trace's length.
 *
 * <p>A device's reader gives what a replay of the whole trace filtered to that device reads:
 * the same records in the same order, the format and the reader's warnings of the whole trace,
 * and, before each record, how many records of other devices the filter would have skipped
 * ({@link DeviceReader#otherDevicesBefore}), so the replay's "records of other devices skipped"
 * note counts as it did, also for a run that stops before the trace's end.
 *
 * <p>Records are stored as variable-length integers (zig-zag for the fields that may be -1).
 */
public final class DeviceRecords implements ReplaySource, AutoCloseable {
    private static final int BUFFER = 1 << 16;
    /** Smaller: a trace may hold hundreds of devices, each with a file open while splitting. */
    private static final int WRITE_BUFFER = 1 << 13;

    private final Path trace;
    private final Path dir;
    private final String formatId;
    private final List<String> warnings;
    /** Each device's file and record count, by device number. */
    private final TreeMap<Integer, Long> counts;
    private final long total;

    private DeviceRecords(Path trace, Path dir, String formatId, List<String> warnings, TreeMap<Integer, Long> counts,
                          long total) {
        this.trace = trace;
        this.dir = dir;
        this.formatId = formatId;
        this.warnings = List.copyOf(warnings);
        this.counts = counts;
        this.total = total;
    }

    /**
     * Reads {@code trace} (in {@code format}, or detected when null) once, writing each device's
     * records under {@code dir}, which must exist and be empty.
     */
    public static DeviceRecords split(Path trace, TraceFormat format, Path dir) {
        Map<Integer, Writer> writers = new TreeMap<>();
        TreeMap<Integer, Long> counts = new TreeMap<>();
        long total = 0;
        String formatId;
        List<String> warnings;
        try (TraceReader reader = TraceFiles.open(trace, format)) {
            for (TraceRecord r = reader.next(); r != null; r = reader.next()) {
                Writer w = writers.get(r.device());
                if (w == null) {
                    w = new Writer(Files.newOutputStream(file(dir, r.device())));
                    writers.put(r.device(), w);
                }
                w.write(r, total);
                total++;
            }
            formatId = reader.formatId();
            warnings = reader.warnings();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            closeAll(writers.values());
        }
        for (Map.Entry<Integer, Writer> e : writers.entrySet()) {
            counts.put(e.getKey(), e.getValue().records);
        }
        return new DeviceRecords(trace, dir, formatId, warnings, counts, total);
    }

    /** Every device number the trace holds, ascending. */
    public List<Integer> devices() {
        return new ArrayList<>(counts.keySet());
    }

    /** The records of {@code device}, with the counts a filter of the whole trace would have skipped. */
    public DeviceReader reader(int device) {
        try {
            Path f = file(dir, device);
            InputStream in = counts.containsKey(device) ? Files.newInputStream(f) : InputStream.nullInputStream();
            return new DeviceReader(in, device, counts.getOrDefault(device, 0L));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A replay of this trace's one device reads its records; any other replay, its own file. */
    @Override
    public TraceReader open(JobSpec.ReplaySpec replay) {
        if (replay.device() >= 0 && replay.device() == (int) replay.device() && Path.of(replay.file()).equals(trace)) {
            return reader((int) replay.device());
        }
        return FILES.open(replay);
    }

    /** Removes the device files and their directory. */
    @Override
    public void close() {
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(f);
            }
            Files.deleteIfExists(dir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Path file(Path dir, int device) {
        return dir.resolve("device-" + Integer.toUnsignedString(device) + ".rec");
    }

    private static void closeAll(Iterable<Writer> writers) {
        IOException first = null;
        for (Writer w : writers) {
            try {
                w.close();
            } catch (IOException e) {
                first = first == null ? e : first;
            }
        }
        if (first != null) {
            throw new UncheckedIOException(first);
        }
    }

    /**
     * One device's file being written, through a buffer of its own: a record is a dozen single
     * bytes, and {@code BufferedOutputStream.write(int)} is synchronized.
     */
    private static final class Writer {
        /** The longest record: a one-byte op and eight variable-length integers of up to 10 bytes. */
        private static final int MAX_RECORD = 1 + 8 * 10;
        final OutputStream out;
        private final byte[] buf = new byte[WRITE_BUFFER];
        private int pos;
        long records;
        /** The trace position just after this device's last record (or where the file was opened). */
        long nextPosition;

        Writer(OutputStream raw) {
            this.out = raw;
        }

        void write(TraceRecord r, long position) throws IOException {
            if (pos > buf.length - MAX_RECORD) {
                flush();
            }
            putVar(position - nextPosition); // records of other devices since the previous one of this
            putVar(zigzag(r.timeNs()));
            buf[pos++] = (byte) r.op().ordinal();
            putVar(r.offset());
            putVar(r.length());
            putVar(r.flags() & 0xFFFF_FFFFL);
            putVar(r.processId() & 0xFFFF_FFFFL);
            putVar(zigzag(r.serviceNs()));
            putVar(zigzag(r.idleNs()));
            nextPosition = position + 1;
            records++;
        }

        private void putVar(long v) {
            while ((v & ~0x7FL) != 0) {
                buf[pos++] = (byte) ((v & 0x7F) | 0x80);
                v >>>= 7;
            }
            buf[pos++] = (byte) v;
        }

        private void flush() throws IOException {
            out.write(buf, 0, pos);
            pos = 0;
        }

        void close() throws IOException {
            try {
                flush();
            } finally {
                out.close();
            }
        }
    }

    /** Reads one device's records back, as the whole trace filtered to that device gives them. */
    public final class DeviceReader implements TraceReader {
        private static final Op[] OPS = Op.values();
        private final InputStream in;
        /** Read ahead by hand: a record is a dozen single-byte reads, and BufferedInputStream's are synchronized. */
        private final byte[] buf = new byte[BUFFER];
        private int pos;
        private int end;
        private final int device;
        private long left;
        private long position;
        private long otherBefore;

        private DeviceReader(InputStream in, int device, long records) {
            this.in = in;
            this.device = device;
            this.left = records;
        }

        @Override
        public TraceRecord next() {
            if (left == 0) {
                otherBefore = total - position; // the filter reads on to the end of the trace
                position = total;
                return null;
            }
            try {
                otherBefore = getVar();
                position += otherBefore + 1;
                long time = unzigzag(getVar());
                int op = read();
                long offset = getVar();
                long length = getVar();
                int flags = (int) getVar();
                int pid = (int) getVar();
                long service = unzigzag(getVar());
                long idle = unzigzag(getVar());
                left--;
                return new TraceRecord(time, device, OPS[op], offset, length, flags, pid, service, idle);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        private int read() throws IOException {
            if (pos == end) {
                end = in.read(buf, 0, buf.length);
                pos = 0;
                if (end <= 0) {
                    end = 0;
                    throw new EOFException("device records cut short");
                }
            }
            return buf[pos++] & 0xFF;
        }

        private long getVar() throws IOException {
            long v = 0;
            for (int shift = 0; ; shift += 7) {
                int b = read();
                v |= (long) (b & 0x7F) << shift;
                if ((b & 0x80) == 0) {
                    return v;
                }
            }
        }

        /** Records of other devices the filter skipped to reach the record (or end) {@link #next} just gave. */
        public long otherDevicesBefore() {
            return otherBefore;
        }

        @Override
        public String formatId() {
            return formatId;
        }

        @Override
        public List<String> warnings() {
            return warnings;
        }

        @Override
        public void closeSource() throws IOException {
            in.close();
        }
    }

    private static long zigzag(long v) {
        return (v << 1) ^ (v >> 63);
    }

    private static long unzigzag(long v) {
        return (v >>> 1) ^ -(v & 1);
    }
}
