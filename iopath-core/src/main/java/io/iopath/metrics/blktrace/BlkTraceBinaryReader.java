package io.iopath.metrics.blktrace;

import io.iopath.block.BlkAction;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads a binary blktrace file ({@link BlkIoTrace} records, one CPU's {@code NAME.blktrace.N} or
 * blkparse's {@code -d} dump) back into events, as blkparse would show them: RWBS from the
 * action bits ({@code fill_rwbs}), command names from the process notes, the unplug depth from
 * its payload and the completion error from {@code error}. The byte order is taken from the
 * magic, as blkparse's {@code verify_trace} / {@code check_data_endianness} do. Other notes
 * (timestamps, messages) and actions iopath does not model (remap, split, bounce, abort, ...)
 * are skipped; a record that is not blktrace is an error naming its offset.
 */
public final class BlkTraceBinaryReader {
    private BlkTraceBinaryReader() {
    }

    public static List<BlkEvent> read(InputStream in, String source) throws IOException {
        List<BlkEvent> events = new ArrayList<>();
        Map<Integer, String> names = new HashMap<>();
        byte[] head = new byte[BlkIoTrace.SIZE];
        ByteBuffer b = ByteBuffer.wrap(head);
        long offset = 0;
        while (true) {
            int n = in.readNBytes(head, 0, head.length);
            if (n == 0) {
                return events;
            }
            if (n < head.length) {
                throw new EOFException(source + ": offset " + offset + ": record cut short (" + n + " of 48 bytes)");
            }
            b.order(ByteOrder.LITTLE_ENDIAN);
            if ((b.getInt(0) & 0xffffff00) != BlkIoTrace.MAGIC) {
                b.order(ByteOrder.BIG_ENDIAN);
            }
            int magic = b.getInt(0);
            if ((magic & 0xffffff00) != BlkIoTrace.MAGIC || (magic & 0xff) != BlkIoTrace.VERSION) {
                throw new IOException(source + ": offset " + offset + ": magic: expected 0x65617407, got 0x"
                        + Integer.toHexString(magic));
            }
            int seq = b.getInt(4);
            long time = b.getLong(8);
            long sector = b.getLong(16);
            long bytes = Integer.toUnsignedLong(b.getInt(24));
            int action = b.getInt(28);
            int pid = b.getInt(32);
            int cpu = b.getInt(40);
            int error = Short.toUnsignedInt(b.getShort(44));
            int pduLen = Short.toUnsignedInt(b.getShort(46));
            byte[] pdu = in.readNBytes(pduLen);
            if (pdu.length < pduLen) {
                throw new EOFException(source + ": offset " + offset + ": payload cut short");
            }
            offset += head.length + pduLen;
            if ((action >>> BlkIoTrace.TC_SHIFT & BlkIoTrace.TC_NOTIFY) != 0) {
                if ((action & 0xffff) == 0) { // __BLK_TN_PROCESS
                    int len = 0;
                    while (len < pdu.length && pdu[len] != 0) {
                        len++;
                    }
                    names.put(pid, new String(pdu, 0, len, StandardCharsets.UTF_8));
                }
                continue;
            }
            BlkAction a = BlkIoTrace.action(action);
            if (a == null) {
                continue;
            }
            long payload = switch (a) {
                case U, UT -> pduLen >= 8 ? ByteBuffer.wrap(pdu).order(ByteOrder.BIG_ENDIAN).getLong(0) : 0;
                case C, R -> error;
                default -> 0;
            };
            String command = a == BlkAction.C ? "" : names.getOrDefault(pid, "");
            events.add(new BlkEvent(time, cpu, Integer.toUnsignedLong(seq), pid, a, BlkIoTrace.rwbs(action, bytes),
                    sector, (int) (bytes / 512), payload, command));
        }
    }
}
