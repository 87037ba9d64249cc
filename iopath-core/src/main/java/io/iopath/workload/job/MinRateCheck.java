package io.iopath.workload.job;

import io.iopath.workload.JobSpec;

/**
 * fio's minimum rate (backend.c {@code check_min_rate} and {@code __check_min_rate}), checked
 * after a job's IOs complete: per direction that has completed bytes, nothing in the first
 * 2 seconds after the job's start (after {@code ramp_time}: fio does not check in the ramp and
 * counts from its end); then the first check records the bytes and IOs completed so far and the
 * time; a later check at least {@code ratecycle} ms on (whole milliseconds, fio's
 * {@code mtime_since}) computes the rate since the recorded one — bytes × 1000 / ms, or IOs ×
 * 1000 / ms when only {@code rate_iops_min} is set — and fails the job when it is below the
 * minimum; else it records again. The failure ends the job with EIO ({@code td_verror(td, EIO,
 * "check_min_rate")}); its message is fio's {@code log_err} line.
 */
final class MinRateCheck {
    /** backend.c: "allow a 2 second settle period in the beginning". */
    static final long SETTLE_MS = 2000;

    private final JobSpec.MinRate min;
    private final String job;
    private final long[] lastBytes = new long[2];
    private final long[] lastIos = new long[2];
    private final long[] lastNs = new long[2];
    /** Bytes and IOs completed per direction (0 read, 1 write) since the epoch began. */
    private final long[] doneBytes = new long[2];
    private final long[] doneIos = new long[2];
    private long startNs = -1;

    MinRateCheck(JobSpec.MinRate min, String job) {
        this.min = min;
        this.job = job;
    }

    /** Whether the job has a minimum to check at all (fio's {@code TD_F_CHECK_RATE}). */
    boolean active() {
        return min.checked();
    }

    /**
     * The job's statistics epoch began (fio's {@code td->start}: the job's start, or the ramp's
     * end, where reset_all_stats also zeroes the bytes and IOs done).
     */
    void started(long nowNs) {
        startNs = nowNs;
        java.util.Arrays.fill(doneBytes, 0);
        java.util.Arrays.fill(doneIos, 0);
    }

    /**
     * An IO of {@code bytes} in direction {@code d} (0 read, 1 write) completed at {@code nowNs}:
     * fio's failure message when the rate is now found below the minimum, else null.
     */
    String completed(long nowNs, int d, long bytes) {
        doneBytes[d] += bytes;
        doneIos[d]++;
        return check(nowNs, doneBytes, doneIos);
    }

    /**
     * After a completion at {@code nowNs}, with the job's completed bytes and IOs per direction
     * (0 read, 1 write) since its epoch: fio's failure message when the rate is below the
     * minimum, else null.
     */
    private String check(long nowNs, long[] bytes, long[] ios) {
        if (startNs < 0 || (nowNs - startNs) / 1_000_000 < SETTLE_MS) {
            return null;
        }
        String failure = null;
        for (int d = 0; d < 2; d++) {
            if (bytes[d] == 0 || min.bytes().get(d) == 0 && min.iops().get(d) == 0) {
                continue; // check_min_rate: only directions with bytes done; __check_min_rate: only those with a minimum
            }
            if (lastBytes[d] != 0 || lastIos[d] != 0) {
                long spentMs = (nowNs - lastNs[d]) / 1_000_000;
                if (spentMs < min.cycleMs() || spentMs == 0) {
                    continue;
                }
                if (min.bytes().get(d) > 0) {
                    long rate = (bytes[d] - lastBytes[d]) * 1000 / spentMs;
                    if (rate < min.bytes().get(d)) {
                        failure = failure != null ? failure : job + ": rate_min=" + min.bytes().get(d) + "B/s not met, got " + rate + "B/s";
                        continue;
                    }
                } else {
                    long rate = (ios[d] - lastIos[d]) * 1000 / spentMs;
                    if (rate < min.iops().get(d)) {
                        failure = failure != null ? failure : job + ": rate_iops_min=" + min.iops().get(d) + " not met, got " + rate + " IOPS";
                        continue;
                    }
                }
            }
            lastBytes[d] = bytes[d];
            lastIos[d] = ios[d];
            lastNs[d] = nowNs;
        }
        return failure;
    }
}
