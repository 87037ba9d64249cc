package io.iopath.validation;

/**
 * One request of a DiskSim "validate" trace ({@code R|W buffaction blkno bcount service_us
 * idle_us}). Times are converted from the file's µs to ns (the files carry at most 3 decimals,
 * so the conversion is exact); {@code blkno} and {@code sectors} are 512-B sectors.
 *
 * @param index         0-based position in the trace
 * @param bufferAction  DiskSim's historical cache / disconnect class (Hit, Miss, Doub, Trip); only counted
 * @param serviceTimeNs the response time measured on the real drive; used only for comparison
 * @param idleAfterNs   think time between this request's completion and the next issue
 * @param line          1-based line in the trace file
 */
public record ValidateRequest(int index, boolean write, String bufferAction, long blkno, int sectors,
        long serviceTimeNs, long idleAfterNs, int line) {

    public double serviceTimeMs() {
        return serviceTimeNs / 1e6;
    }

    public double idleAfterMs() {
        return idleAfterNs / 1e6;
    }
}
