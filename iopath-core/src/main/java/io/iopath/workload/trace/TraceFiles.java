package io.iopath.workload.trace;

import io.iopath.workload.trace.io.LineSource;
import io.iopath.workload.trace.io.TraceReader;
import io.iopath.workload.trace.io.TraceRecord;
import io.iopath.workload.trace.io.TraceWriter;
import io.iopath.workload.trace.io.TraceFormatException;
import io.iopath.files.AtomicFiles;
import java.io.BufferedInputStream;
import java.io.BufferedReader;
import java.io.FileInputStream;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;
import org.apache.commons.compress.compressors.bzip2.BZip2CompressorInputStream;
import org.tukaani.xz.XZInputStream;
import java.util.zip.GZIPOutputStream;

/**
 * Opens trace files for reading (plain or gzip, told apart by the gzip magic bytes, whatever the
 * name) with the format detected from the content or given; and creates trace files for
 * writing (gzip when the name ends in {@code .gz}), which appear under their name only when
 * complete.
 */
public final class TraceFiles {
    private static final int BUFFER = 1 << 16;

    private TraceFiles() {
    }

    /**
     * Opens {@code file}; {@code format} null means detect it from the first lines. A pipe
     * ({@code /dev/stdin}, a named pipe, a shell's {@code <(zcat …)}) is read through a
     * {@link FileInputStream}: the channel stream of {@link Files#newInputStream} answers the
     * decoder's {@code available()} by seeking, which a pipe refuses ("Illegal seek") at its first
     * short read.
     */
    public static TraceReader open(Path file, TraceFormat format) {
        try {
            InputStream raw = Files.isRegularFile(file) || !Files.exists(file)
                    ? Files.newInputStream(file) : new FileInputStream(file.toFile());
            return open(raw, file.toString(), format);
        } catch (NoSuchFileException e) {
            throw new TraceFormatException(file.toString(), 0, "no such file");
        } catch (IOException e) {
            throw new TraceFormatException(file.toString(), 0, "cannot read: " + e.getMessage());
        }
    }

    /** Reads a trace from a stream, named {@code source} in errors. */
    public static TraceReader open(InputStream raw, String source, TraceFormat format) {
        try {
            LineSource.EndWatcher end = new LineSource.EndWatcher(new io.iopath.workload.trace.io.LineLengthLimit(
                    new InputStreamReader(decompress(raw), StandardCharsets.UTF_8)));
            BufferedReader in = new BufferedReader(end, BUFFER);
            TraceFormat f = format != null ? format : FormatDetector.detect(in, source);
            LineSource lines = new LineSource(in, end, source);
            return withWarnings(f.reader(lines), lines);
        } catch (IOException e) {
            try {
                raw.close();
            } catch (IOException ignored) {
                // the first failure is the one worth reporting
            }
            throw new TraceFormatException(source, 0, "cannot read: " + e.getMessage());
        }
    }

    /** {@code reader}, answering {@link TraceReader#warnings} from its lines. */
    private static TraceReader withWarnings(TraceReader reader, LineSource lines) {
        return new TraceReader() {
            @Override
            public TraceRecord next() {
                return reader.next();
            }

            @Override
            public String formatId() {
                return reader.formatId();
            }

            @Override
            public java.util.List<String> warnings() {
                return lines.warnings();
            }

            @Override
            public void closeSource() throws IOException {
                reader.closeSource();
            }

            @Override
            public void close() {
                reader.close();
            }
        };
    }

    /** The xz stream header magic (the .xz file format, section 2.1.1.1). */
    private static final byte[] XZ_MAGIC = {(byte) 0xfd, '7', 'z', 'X', 'Z', 0};

    /**
     * gzip (1f 8b), bzip2 ("BZh" and a block size digit) and xz (fd 37 7a 58 5a 00), told apart
     * by their magic bytes whatever the file is called; anything else is read as it is.
     */
    private static InputStream decompress(InputStream raw) throws IOException {
        BufferedInputStream in = new BufferedInputStream(raw, BUFFER);
        byte[] head = new byte[6];
        in.mark(head.length);
        int n = in.readNBytes(head, 0, head.length);
        in.reset();
        if (n >= 2 && (head[0] & 0xff) == 0x1f && (head[1] & 0xff) == 0x8b) {
            return new GZIPInputStream(in, BUFFER);
        }
        if (n >= 4 && head[0] == 'B' && head[1] == 'Z' && head[2] == 'h' && head[3] >= '1' && head[3] <= '9') {
            return new BZip2CompressorInputStream(in, true); // concatenated streams, as bzip2 -d reads them
        }
        if (n == XZ_MAGIC.length && java.util.Arrays.equals(head, XZ_MAGIC)) {
            return new BufferedInputStream(new XZInputStream(in), BUFFER);
        }
        return in;
    }

    /**
     * A writer for {@code file} that appears under its name only when {@link OutFile#commit
     * committed} and then closed (an atomic file; closed without a commit, it leaves nothing),
     * gzip-compressed if the name ends in {@code .gz}.
     */
    public static OutFile create(Path file) throws IOException {
        AtomicFiles.Output atomic = AtomicFiles.newOutputStream(file);
        OutputStream os = atomic;
        if (file.getFileName().toString().endsWith(".gz")) {
            os = new GZIPOutputStream(os, BUFFER);
        }
        return new OutFile(new OutputStreamWriter(os, StandardCharsets.UTF_8), atomic);
    }

    /** A buffered trace file being written; see {@link #create}. */
    public static final class OutFile extends BufferedWriter {
        private final AtomicFiles.Output file;

        private OutFile(Writer out, AtomicFiles.Output file) {
            super(out, BUFFER);
            this.file = file;
        }

        /** The content is complete: closing renames the file into place. */
        public void commit() {
            file.commit();
        }
    }
}
