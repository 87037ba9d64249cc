package io.iopath.workload.postmark;

/**
 * Postmark's {@code show} command: the configuration as Postmark prints it ({@code cli_show} and
 * {@code scale} in Postmark 1.53's {@code postmark.c}, checked against the real binary).
 */
public final class PostmarkShow {
    private static final int KILOBYTE = 1024;
    private static final int MEGABYTE = KILOBYTE * KILOBYTE;

    private PostmarkShow() {
    }

    /** The text of {@code show}; {@code workingDirectory} is printed when no location is set. */
    public static String text(PostmarkConfig c, String workingDirectory) {
        StringBuilder b = new StringBuilder();
        b.append("Current configuration is:\n");
        b.append("The base number of files is ").append(c.simultaneous()).append('\n');
        b.append("Transactions: ").append(c.transactions()).append('\n');
        if (c.fileSizeLow() != c.fileSizeHigh()) {
            b.append("Files range between ").append(scale(c.fileSizeLow())).append(" and ")
                    .append(scale(c.fileSizeHigh())).append(" in size\n");
        } else {
            b.append("Files are ").append(scale(c.fileSizeLow())).append(" in size\n");
        }
        int count = c.locations().size();
        b.append("Working director").append(count > 1 ? "ies" : "y").append(": ")
                .append(count == 0 ? workingDirectory : "").append('\n');
        for (PostmarkConfig.Location l : c.locations()) {
            b.append('\t').append(l.name()).append(" (weight=").append(l.weight()).append(")\n");
        }
        if (c.subdirectories() > 0) {
            b.append(c.subdirectories()).append(" subdirector").append(c.subdirectories() == 1 ? "y" : "ies")
                    .append(" will be used\n");
        }
        b.append("Block sizes are: read=").append(scale(c.readBlockSize())).append(", write=")
                .append(scale(c.writeBlockSize())).append('\n');
        b.append("Biases are: read/append=").append(c.biasRead()).append(", create/delete=").append(c.biasCreate()).append('\n');
        b.append(c.bufferedIo() ? "U" : "Not u").append("sing Unix buffered file I/O\n");
        b.append("Random number generator seed is ").append(c.seed()).append('\n');
        b.append("Report format is ").append(c.report() == PostmarkConfig.Report.TERSE ? "terse" : "verbose").append(".\n");
        return b.toString();
    }

    /** {@code scale}: megabytes from 1 MiB, kilobytes from 1 KiB (as {@code (float) i / unit}, {@code %.2f}). */
    static String scale(int bytes) {
        if (bytes / MEGABYTE != 0) {
            return fixed2((float) bytes / MEGABYTE) + " megabytes";
        }
        if (bytes / KILOBYTE != 0) {
            return fixed2((float) bytes / KILOBYTE) + " kilobytes";
        }
        return bytes + " bytes";
    }

    /** C's {@code %.2f} of a float: the exact binary value, ties to even. */
    private static String fixed2(float v) {
        return new java.math.BigDecimal(v).setScale(2, java.math.RoundingMode.HALF_EVEN).toPlainString();
    }
}
