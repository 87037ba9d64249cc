package io.iopath.result;
/** The latency CDF of each direction of a run; see {@link LatencyCdf}. */
public record LatencyCdfs(LatencyCdf read, LatencyCdf write, LatencyCdf total) {
    public static final LatencyCdfs EMPTY = new LatencyCdfs(LatencyCdf.EMPTY, LatencyCdf.EMPTY, LatencyCdf.EMPTY);
}
