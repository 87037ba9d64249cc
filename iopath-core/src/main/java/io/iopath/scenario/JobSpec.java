package io.iopath.scenario;

/**
 * A fio-style block job, with fio's option names and meanings.
 *
 * @param name        job name
 * @param rw          read, write, randread, randwrite, randrw (and rw: sequential mixed)
 * @param rwmixread   percentage of reads in a mixed job (fio default 50)
 * @param blockSize   bytes per IO ({@code bs}, fio default 4k)
 * @param iodepth     IOs kept in flight (fio default 1)
 * @param size        bytes of the region the job works in (default: the rest of the device)
 * @param offset      first byte of the region
 * @param numberIos   stop after this many IOs (0: no limit)
 * @param runtimeNs   stop issuing after this much simulated time (0: no limit)
 * @param direct      O_DIRECT; buffered IO needs the page cache, which is not modelled yet
 */
public record JobSpec(
        String name,
        ReadWrite rw,
        int rwmixread,
        long blockSize,
        int iodepth,
        long size,
        long offset,
        long numberIos,
        long runtimeNs,
        boolean direct) {
}
