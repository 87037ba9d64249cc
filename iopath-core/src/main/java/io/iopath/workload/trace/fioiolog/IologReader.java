package io.iopath.workload.trace.fioiolog;

import io.iopath.request.Op;
import io.iopath.workload.trace.io.LineSource;
import io.iopath.workload.trace.io.TraceReader;
import io.iopath.workload.trace.io.TraceRecord;
import io.iopath.workload.trace.io.Tokens;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * fio iolog versions 2 and 3 ({@code iolog.c}), told apart by the first line
 * ({@code fio version 2 iolog} / {@code fio version 3 iolog}).
 *
 * <p>v2 lines: {@code FILE add|open|close} and {@code FILE read|write|sync|datasync|trim OFFSET
 * LENGTH}; {@code FILE wait MSEC LENGTH} holds the next IO until MSEC milliseconds after the
 * start (fio's {@code read_iolog_get} sleeps until {@code mtime_since_genesis()} reaches the
 * value; fio's HOWTO says "microseconds, relative to the previous wait", but fio 3.33 waited
 * 1.4 s for {@code wait 1500 0}). fio's reader needs all four fields ({@code io_act}: a
 * three-field wait is "bad iolog2"). v2 IO lines carry no time of their own: each is issued at
 * the latest wait's time.
 *
 * <p>v3 puts a timestamp first on every line, in µs ({@code log_io_u} writes
 * {@code utime_since_now}). fio replays each line {@code ttime - previous ttime} after the
 * previous one ({@code delay_since_ttime}), the first line with no delay, so times here are
 * relative to the first line's timestamp. Offsets and lengths are bytes. sync and datasync
 * become flushes, trim a discard.
 *
 * <p>Devices: a file named {@code /dev/iopathN} (what iopath writes) is device N; any other file
 * gets the next free number in order of first appearance.
 */
public final class IologReader implements TraceReader {
    /** 11.6 days: keeps every time far below Long.MAX_VALUE ns. */
    private static final long MAX_US = 1_000_000_000_000L;
    private static final Pattern IOPATH_DEVICE = Pattern.compile("/dev/iopath(\\d{1,9})");
    private final LineSource src;
    private final Map<String, Integer> devices = new HashMap<>();
    private int version;
    private long timeNs;
    private long lastV3Us = -1;
    private long firstV3Us;
    private int nextDevice;

    public IologReader(LineSource src) {
        this.src = src;
    }

    private void readHeader() {
        String header = src.nextDataLine();
        if (header == null) {
            throw src.error("empty file: expected 'fio version 2 iolog' or 'fio version 3 iolog'");
        }
        version = switch (header) {
            case "fio version 2 iolog" -> 2;
            case "fio version 3 iolog" -> 3;
            default -> throw src.expected("header", "'fio version 2 iolog' or 'fio version 3 iolog'", header);
        };
    }

    @Override
    public TraceRecord next() {
        if (version == 0) {
            readHeader();
        }
        while (true) {
            String line = src.nextDataLine();
            if (line == null) {
                return null;
            }
            String[] w = Tokens.words(line);
            int i = 0;
            if (version == 3) {
                if (w.length < 3) {
                    throw src.error("expected 'TIMESTAMP FILE ACTION [OFFSET LENGTH]', got " + w.length + " fields");
                }
                long us = Tokens.nonNegativeLong(src, "timestamp (us)", w[0]);
                if (us < lastV3Us) {
                    throw src.error("timestamp " + us + " us is before the previous line's " + lastV3Us);
                }
                if (lastV3Us < 0) {
                    firstV3Us = us;
                }
                if (us - firstV3Us > MAX_US) {
                    throw src.expected("timestamp (us)", "at most 1e12 us after the first line", w[0]);
                }
                lastV3Us = us;
                timeNs = (us - firstV3Us) * 1000;
                i = 1;
            } else if (w.length < 2) {
                throw src.error("expected 'FILE ACTION [OFFSET LENGTH]', got " + w.length + " field");
            }
            String file = w[i];
            String action = w[i + 1];
            int args = w.length - i - 2;
            switch (action) {
                case "add", "open", "close" -> {
                    if (args != 0 && !(version == 3 && args <= 2)) {
                        throw src.error("'" + action + "' takes no offset or length, got " + args + " more fields");
                    }
                    device(file);
                    continue;
                }
                case "wait" -> {
                    if (version != 2 || args != 2) {
                        throw src.error(version != 2 ? "'wait' is a version 2 action; version 3 uses timestamps"
                                : "expected 'FILE wait MSEC LENGTH' (fio skips a wait without all four fields as 'bad iolog2'), got "
                                + args + " arguments");
                    }
                    long ms = Tokens.nonNegativeLong(src, "wait (ms from the start)", w[i + 2]);
                    Tokens.nonNegativeLong(src, "wait length", w[i + 3]);
                    if (ms > MAX_US / 1000) {
                        throw src.expected("wait (ms from the start)", "at most 1e9 ms", w[i + 2]);
                    }
                    // fio sleeps only when the time has not been reached yet
                    timeNs = Math.max(timeNs, ms * 1_000_000);
                    continue;
                }
                default -> {
                }
            }
            Op op = switch (action) {
                case "read" -> Op.READ;
                case "write" -> Op.WRITE;
                case "sync", "datasync" -> Op.FLUSH;
                case "trim" -> Op.DISCARD;
                default -> throw src.expected("action", "add, open, close, read, write, sync, datasync, trim or wait", action);
            };
            if (args != 2) {
                throw src.error("'" + action + "' needs OFFSET LENGTH, got " + args + " more fields");
            }
            long offset = Tokens.bytes(src, "offset", w[i + 2]);
            long length = Tokens.bytes(src, "length", w[i + 3]);
            if (length == 0 && op.transfersData()) {
                throw src.expected("length", "at least 1 byte for " + action, w[i + 3]);
            }
            return new TraceRecord(timeNs, device(file), op, offset, length, 0, 0, -1, -1);
        }
    }

    private int device(String file) {
        Integer d = devices.get(file);
        if (d != null) {
            return d;
        }
        Matcher m = IOPATH_DEVICE.matcher(file);
        int id = m.matches() ? Integer.parseInt(m.group(1)) : nextDevice++;
        if (devices.size() >= 65536) {
            throw src.error("more than 65536 distinct files");
        }
        devices.put(file, id);
        return id;
    }

    @Override
    public String formatId() {
        if (version == 0) {
            readHeader();
        }
        return version == 2 ? "iolog2" : "iolog3";
    }

    @Override
    public void closeSource() {
        src.close();
    }
}
