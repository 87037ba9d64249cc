package io.iopath.metrics.blktrace;

import io.iopath.block.BlkAction;
import io.iopath.block.BlockTracepoints;
import io.iopath.files.AtomicFiles;
import java.io.BufferedOutputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.BitSet;

/**
 * Writes the block layer's events as the kernel hands them to blktrace: {@link BlkIoTrace}
 * records for device 8,0 on CPU 0, so {@code blkparse -i NAME} and {@code btt -i
 * NAME.blktrace.0} read the run like a real capture. Before a pid's first event comes a
 * process note with its command name, as the kernel's {@code trace_note_tsk} writes one the
 * first time a task traces; blkparse takes the names it prints from those notes.
 *
 * <p>Streams (one 64-byte buffer reused per event); the file appears complete at {@link #close}.
 * Times are simulated ns (blkparse prints them relative to the first event); byte order little
 * endian, as on x86 (blkparse and btt detect the order from the magic).
 */
public final class BlkTraceBinaryWriter implements BlockTracepoints, Closeable {
    /** The kernel's dev_t of sd major 8, minor 0: MKDEV(8, 0) = 8 &lt;&lt; 20. */
    static final int DEVICE = BlkparseText.MAJOR << 20 | BlkparseText.MINOR;
    private final OutputStream out;
    private final ByteBuffer buf = ByteBuffer.allocate(BlkIoTrace.SIZE + BlkIoTrace.COMM_LEN).order(ByteOrder.LITTLE_ENDIAN);
    private final BitSet noted = new BitSet();
    private int sequence;
    private IOException failure;
    /** The file's atomic output, or null when writing to a caller's stream. */
    private AtomicFiles.Output file;

    public BlkTraceBinaryWriter(OutputStream out) {
        this.out = out;
    }

    /**
     * {@code dir/NAME.blktrace.0}, blktrace's name for CPU 0's file of a run named {@code name}
     * (characters other than letters, digits, {@code . _ -} become {@code _}).
     */
    public static Path fileIn(Path dir, String name) {
        return dir.resolve(baseName(name) + ".blktrace.0");
    }

    /** The NAME blkparse -i takes. */
    public static String baseName(String name) {
        String s = name.replaceAll("[^A-Za-z0-9._-]", "_");
        return s.isEmpty() ? "iopath" : s;
    }

    /** Opens {@code dir/name.blktrace.0}; it appears when closed after {@link #commit}. */
    public static BlkTraceBinaryWriter create(Path dir, String name) {
        try {
            AtomicFiles.Output file = AtomicFiles.newOutputStream(fileIn(dir, name));
            BlkTraceBinaryWriter w = new BlkTraceBinaryWriter(new BufferedOutputStream(file, 1 << 16));
            w.file = file;
            return w;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The run completed: the file is to appear when closed (without this, closing discards it). */
    public void commit() {
        if (file != null) {
            file.commit();
        }
    }

    @Override
    public void event(long timeNs, int pid, BlkAction action, String rwbs, long sector, int sectors, long payload,
                      String command) {
        if (failure != null) {
            return;
        }
        try {
            if (!command.isEmpty() && pid >= 0 && !noted.get(pid)) {
                noted.set(pid);
                processNote(timeNs, pid, command);
            }
            boolean unplug = action == BlkAction.U || action == BlkAction.UT;
            int word = BlkIoTrace.actionWord(action) | BlkIoTrace.categories(action, rwbs) << BlkIoTrace.TC_SHIFT;
            if (BlkIoTrace.isRequestEvent(action)) {
                word |= BlkIoTrace.TC_FS << BlkIoTrace.TC_SHIFT;
            }
            boolean error = action == BlkAction.C || action == BlkAction.R;
            header(++sequence, timeNs, sector, (long) sectors * 512, word, pid, error ? (int) payload : 0, unplug ? 8 : 0);
            if (unplug) {
                buf.order(ByteOrder.BIG_ENDIAN).putLong(payload).order(ByteOrder.LITTLE_ENDIAN); // __be64 depth
            }
            flush();
        } catch (IOException e) {
            failure = e;
        }
    }

    private void processNote(long timeNs, int pid, String command) throws IOException {
        header(0, timeNs, 0, 0, BlkIoTrace.NOTE_PROCESS, pid, 0, BlkIoTrace.COMM_LEN);
        byte[] name = command.getBytes(StandardCharsets.UTF_8);
        int n = Math.min(name.length, BlkIoTrace.COMM_LEN - 1); // the kernel's comm keeps 15 bytes and a NUL
        buf.put(name, 0, n);
        for (int i = n; i < BlkIoTrace.COMM_LEN; i++) {
            buf.put((byte) 0);
        }
        flush();
    }

    private void header(int seq, long timeNs, long sector, long bytes, int action, int pid, int error, int pduLen) {
        buf.clear();
        buf.putInt(BlkIoTrace.MAGIC | BlkIoTrace.VERSION).putInt(seq).putLong(timeNs).putLong(sector)
                .putInt((int) bytes).putInt(action).putInt(pid).putInt(DEVICE).putInt(0)
                .putShort((short) error).putShort((short) pduLen);
    }

    private void flush() throws IOException {
        out.write(buf.array(), 0, buf.position());
    }

    @Override
    public void close() {
        try {
            out.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (failure != null) {
            throw new UncheckedIOException(failure);
        }
    }
}
