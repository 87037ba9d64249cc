package io.iopath.workload.trace;

import io.iopath.workload.trace.io.LineSource;
import io.iopath.workload.trace.io.TraceReader;
import io.iopath.workload.trace.io.TraceWriter;
import io.iopath.workload.trace.blkparse.BlkparseReader;
import io.iopath.workload.trace.blkparse.BlkparseWriter;
import io.iopath.workload.trace.disksim.AsciiReader;
import io.iopath.workload.trace.disksim.AsciiWriter;
import io.iopath.workload.trace.disksim.ValidateReader;
import io.iopath.workload.trace.disksim.ValidateWriter;
import io.iopath.workload.trace.fioiolog.IologReader;
import io.iopath.workload.trace.fioiolog.IologWriter;
import io.iopath.workload.trace.msr.MsrReader;
import io.iopath.workload.trace.msr.MsrWriter;
import io.iopath.workload.trace.systor.SystorReader;
import io.iopath.workload.trace.systor.SystorWriter;
import io.iopath.workload.trace.spc.SpcReader;
import io.iopath.workload.trace.spc.SpcWriter;
import java.io.Writer;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/** The block-trace formats iopath reads and writes, by the names users type after {@code --format}. */
public enum TraceFormat {
    /** DiskSim ascii: {@code arrival_ms devno blkno bcount flags_hex}; absolute ms. */
    DISKSIM_ASCII("ascii", AsciiReader::new, AsciiWriter::new),
    /** DiskSim validate: {@code R|W buffaction blkno bcount service_us idle_after_us}; closed loop. */
    DISKSIM_VALIDATE("validate", ValidateReader::new, ValidateWriter::new),
    /** MSR Cambridge CSV: {@code Timestamp,Hostname,DiskNumber,Type,Offset,Size,ResponseTime}. */
    MSR("msr", MsrReader::new, MsrWriter::new),
    /** SNIA SYSTOR '17: {@code Timestamp,Response,IOType,LUN,Offset,Size} after a header line. */
    SYSTOR("systor", SystorReader::new, SystorWriter::new),
    /** UMass / SPC: {@code ASU,LBA,Size,Opcode,Timestamp}. */
    SPC("spc", SpcReader::new, SpcWriter::new),
    /** blkparse's default text output; the D (issue) events are the IOs. */
    BLKPARSE("blkparse", BlkparseReader::new, BlkparseWriter::new),
    /** fio iolog version 2: actions without timestamps, {@code wait MSEC LENGTH} (ms from the start) for delays. */
    IOLOG2("iolog2", IologReader::new, w -> new IologWriter(w, 2)),
    /** fio iolog version 3: every action has a timestamp, µs (fio's log_io_u). */
    IOLOG3("iolog3", IologReader::new, w -> new IologWriter(w, 3));

    public final String id;
    private final Function<LineSource, TraceReader> reader;
    private final Function<Writer, TraceWriter> writer;

    TraceFormat(String id, Function<LineSource, TraceReader> reader, Function<Writer, TraceWriter> writer) {
        this.id = id;
        this.reader = reader;
        this.writer = writer;
    }

    public TraceReader reader(LineSource lines) {
        return reader.apply(lines);
    }

    public TraceWriter writer(Writer out) {
        return writer.apply(out);
    }

    public static List<String> ids() {
        return Arrays.stream(values()).map(f -> f.id).toList();
    }

    /** The format a reader reads (for a detected trace, the one detected). */
    public static TraceFormat of(TraceReader reader) {
        return byId(reader.formatId()).orElseThrow();
    }

    /** By id; {@code iolog} means version 3, the one that keeps timestamps. */
    public static Optional<TraceFormat> byId(String id) {
        if ("iolog".equals(id)) {
            return Optional.of(IOLOG3);
        }
        return Arrays.stream(values()).filter(f -> f.id.equals(id)).findFirst();
    }
}
