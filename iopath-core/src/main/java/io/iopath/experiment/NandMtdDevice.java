package io.iopath.experiment;

import io.iopath.device.flash.RawNand;
import io.iopath.workload.job.MtdDevice;

/** The raw NAND behind the mtd jobs, as their engine sees it (workload.job.MtdDevice). */
final class NandMtdDevice implements MtdDevice {
    private final RawNand nand;

    NandMtdDevice(RawNand nand) {
        this.nand = nand;
    }

    @Override
    public long eraseBlockBytes() {
        return nand.chip().eraseBlockBytes();
    }

    @Override
    public int eraseBlocks() {
        return nand.chip().eraseBlocks();
    }

    @Override
    public int subpageBytes() {
        return nand.chip().subpageBytes();
    }

    @Override
    public boolean isBad(int eb) {
        return nand.isBad(eb);
    }

    @Override
    public long read(long nowNs, long offset, long len) {
        return nand.read(nowNs, offset, len);
    }

    @Override
    public long program(long nowNs, long offset, long len) {
        return nand.program(nowNs, offset, len);
    }

    @Override
    public long erase(long nowNs, int eb) {
        return nand.erase(nowNs, eb);
    }
}
