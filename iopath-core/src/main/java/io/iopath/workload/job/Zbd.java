package io.iopath.workload.job;

import io.iopath.workload.JobSpec;

/**
 * fio's {@code zonemode=zbd} (zbd.c): fio's own copy of the zones of the device the jobs share
 * ({@code struct zoned_block_device_info}: write pointers, the array of write target zones, the
 * valid data bytes, the reset counter), and {@code zbd_adjust_block}, which moves each write to
 * the write pointer of a zone it may write, resets a full zone before writing it again, and
 * keeps reads below the write pointer.
 *
 * <p>On a host-managed drive ({@link ZoneDevice}) the zones are the drive's and a reset is a
 * RESET WRITE POINTER command; on a conventional drive fio emulates zones of {@code zonesize}
 * (zbd.c {@code init_zone_info}, model ZBD_NONE) and a reset sends nothing to the drive
 * ({@code __zbd_reset_zone}).
 */
public final class Zbd {
    /** What {@link #adjust} decided. */
    public enum Action { ACCEPT, EOF, QUIESCE, RESET }

    private final ZoneDevice device;
    private final long zoneBytes;
    private final int zones;
    private final long[] start;
    private final long[] capEnd;
    private final boolean[] hasWp;
    private final long[] wp;
    /** fio's {@code z->write}: the zone is in the write target array. */
    private final boolean[] write;
    private final boolean[] resetZone;
    private final int[] writeZones;
    private int numWriteZones;
    private final int maxWriteZones;
    private long wpValidDataBytes;
    private long writeCnt = -1;

    /** One job's view: its zone range, limits and counters (fio's per-td fields). */
    public static final class Job {
        final long fileOffset;
        final long ioSize;
        final int minZone;
        final int maxZone;
        final long minBs;
        final boolean random;
        final boolean verify;
        final JobSpec.Zoning z;
        int numWriteZones;
        long resets;
        /** The result of {@link #adjust}: where the IO goes, how long it is, or the zone to reset. */
        public long offset;
        public long length;
        public int zone = -1;
        public String error;

        Job(long fileOffset, long ioSize, int minZone, int maxZone, long minBs, boolean random, boolean verify,
            JobSpec.Zoning z) {
            this.fileOffset = fileOffset;
            this.ioSize = ioSize;
            this.minZone = minZone;
            this.maxZone = maxZone;
            this.minBs = minBs;
            this.random = random;
            this.verify = verify;
            this.z = z;
        }

        /** Zone resets this job did (fio's {@code nr_zone_resets}, the "zone resets" of its write line). */
        public long resets() {
            return resets;
        }
    }

    /**
     * @param device      the drive's zones, or null to emulate zones of {@code zoneBytes} on a conventional drive
     * @param maxOpen     {@code max_open_zones} (0: the drive's limit, or none)
     */
    public Zbd(ZoneDevice device, long capacityBytes, long zoneBytes, long zoneCapacity, int maxOpen) {
        this.device = device;
        this.zoneBytes = device != null ? device.zoneBytes() : zoneBytes;
        this.zones = device != null ? device.zones() : (int) ((capacityBytes + zoneBytes - 1) / zoneBytes);
        start = new long[zones + 1];
        capEnd = new long[zones];
        hasWp = new boolean[zones];
        wp = new long[zones];
        write = new boolean[zones];
        resetZone = new boolean[zones];
        for (int i = 0; i < zones; i++) {
            start[i] = i * this.zoneBytes;
            hasWp[i] = device == null || device.sequential(i);
            long cap = device != null ? device.capacityBytes(i) : zoneCapacity > 0 ? zoneCapacity : this.zoneBytes;
            capEnd[i] = Math.min(start[i] + cap, capacityBytes);
            wp[i] = device != null ? device.writePointerBytes(i) : start[i]; // zbd_report_zones / init_zone_info
        }
        start[zones] = capacityBytes;
        // zbd_set_max_write_zones: a host-managed drive's limit unless the job asks for fewer
        int devMax = device == null ? 0 : device.maxOpenZones();
        this.maxWriteZones = devMax == 0 ? maxOpen : maxOpen == 0 ? devMax : maxOpen;
        if (devMax > 0 && maxOpen > devMax) {
            throw new IllegalArgumentException("Specified --max_open_zones (" + maxOpen + ") is larger than max (" + devMax + ")");
        }
        writeZones = new int[Math.max(1, maxWriteZones)];
    }

    public long zoneBytes() {
        return zoneBytes;
    }

    /** zbd_setup_files for one job: its zone range from its (zone-aligned) offset and size. */
    public Job job(JobSpec spec) {
        long first = spec.offset();
        long end = spec.offset() + spec.size();
        int minZone = (int) (first / zoneBytes);
        int maxZone = (int) Math.min(zones, (end + zoneBytes - 1) / zoneBytes);
        return new Job(first, spec.size(), minZone, Math.max(minZone + 1, maxZone), spec.blockSizes().min(),
                spec.rw().random, spec.control().verify(), spec.control().zoning());
    }

    private int zoneOf(long offset) {
        return (int) Math.min(zones - 1, offset / zoneBytes);
    }

    private long remainder(int z) {
        return wp[z] >= capEnd[z] ? 0 : capEnd[z] - wp[z];
    }

    private boolean full(int z, long minBs) {
        return hasWp[z] && minBs > remainder(z);
    }

    /** zbd_write_zone_get: whether {@code z} is, or may become, a write target zone. */
    private boolean writeZoneGet(Job j, int z) {
        if (j.verify && (full(z, j.minBs) || remainder(z) == 0)) {
            return false; // resetting would lose data still to verify
        }
        if (maxWriteZones == 0) {
            return true;
        }
        if (write[z]) {
            return remainder(z) > 0;
        }
        int jobMax = j.z.jobMaxOpenZones();
        if ((jobMax > 0 && j.numWriteZones >= jobMax) || numWriteZones >= maxWriteZones) {
            return false;
        }
        writeZones[numWriteZones++] = z;
        j.numWriteZones++;
        write[z] = true;
        return true;
    }

    /** zbd_write_zone_put. */
    private void writeZonePut(Job j, int z) {
        if (!write[z]) {
            return;
        }
        for (int i = 0; i < numWriteZones; i++) {
            if (writeZones[i] == z) {
                System.arraycopy(writeZones, i + 1, writeZones, i, numWriteZones - i - 1);
                numWriteZones--;
                break;
            }
        }
        write[z] = false;
        j.numWriteZones = Math.max(0, j.numWriteZones - 1);
    }

    /** pick_random_zone_idx / zbd_pick_write_zone: a write target zone inside the job's range, from the IO's offset. */
    private int pickWriteZone(Job j, long offset) {
        if (numWriteZones == 0) {
            return -1;
        }
        int idx = (int) Math.min(numWriteZones - 1, (offset - j.fileOffset) * numWriteZones / j.ioSize);
        for (int i = 0; i < numWriteZones; i++, idx++) {
            if (idx >= numWriteZones) {
                idx = 0;
            }
            int z = writeZones[idx];
            if (j.minZone <= z && z < j.maxZone) {
                return z;
            }
        }
        return -1;
    }

    /** zbd_convert_to_write_zone, without the remainder-finishing of write_zone_remainder; -2: wait for IOs and retry. */
    private int convertToWriteZone(Job j, long offset, int zb, boolean inFlight) {
        if (writeZoneGet(j, zb)) {
            return zb;
        }
        int z = zb;
        if (maxWriteZones > 0 || j.z.jobMaxOpenZones() > 0) {
            int picked = pickWriteZone(j, offset);
            if (picked < 0) {
                return -1;
            }
            z = picked;
            if (remainder(z) >= j.minBs) {
                return z; // examine_zone
            }
        }
        if (j.random && writeZoneGet(j, zb)) {
            return zb;
        }
        z = j.random ? zb : z;
        for (long i = j.ioSize / zoneBytes; i > 0; i--) {
            z++;
            if (z >= j.maxZone) {
                z = j.minZone; // wrap-around
            }
            if (!hasWp[z] || write[z]) {
                continue;
            }
            if (writeZoneGet(j, z)) {
                return z;
            }
        }
        for (int i = 0; i < numWriteZones; i++) {
            int w = writeZones[i];
            if (w >= j.minZone && w < j.maxZone && remainder(w) >= j.minBs && writeZoneGet(j, w)) {
                return w;
            }
        }
        if (inFlight) {
            return -2; // io_u_quiesce and retry: completions may have freed a zone
        }
        if (j.random && !j.verify) {
            int w = pickWriteZone(j, offset);
            if (w >= 0) {
                wpValidDataBytes += capEnd[w] - wp[w]; // zbd_finish_zone: the rest of the zone counts as written
                wp[w] = capEnd[w];
                return w;
            }
        }
        return -1;
    }

    /**
     * zbd_adjust_block for the IO at {@code offset} of {@code length} bytes: ACCEPT with
     * {@link Job#offset} / {@link Job#length} set; QUIESCE (wait for the job's IOs, then call
     * again); RESET (wait for the job's IOs, {@link #reset} {@link Job#zone}, then call again);
     * EOF (the job ends, {@link Job#error} says why when fio reports an error).
     */
    public Action adjust(Job j, boolean isWrite, long offset, long length, boolean inFlight) {
        j.error = null;
        int zb = zoneOf(offset);
        j.offset = offset;
        j.length = length;
        if (!hasWp[zb]) {
            if (isWrite && zb + 1 < zones && hasWp[zb + 1] && offset + length > start[zb + 1]) {
                // writes to conventional zones do not cross into sequential ones
                long newLen = offset + j.minBs > start[zb + 1] ? Math.min(length, start[zb + 1] - offset) : start[zb + 1] - offset;
                j.length = newLen / j.minBs * j.minBs;
            }
            return Action.ACCEPT;
        }
        if (!isWrite) {
            return j.z.readBeyondWp() ? Action.ACCEPT : adjustRead(j, zb, offset, length);
        }
        if (length > zoneBytes) {
            j.error = "I/O buflen exceeds zone size";
            return Action.EOF;
        }
        int z = convertToWriteZone(j, offset, zb, inFlight);
        if (z == -2) {
            return Action.QUIESCE;
        }
        if (z < 0) {
            return Action.EOF;
        }
        if (j.z.resetFrequency() > 0 && wpValidDataBytes >= j.ioSize * j.z.resetThreshold() && decAndResetWriteCnt(j)) {
            resetZone[z] = true; // zone_reset_threshold exceeded: reset every 1/zone_reset_frequency writes
        }
        if (resetZone[z] || full(z, j.minBs)) {
            if (inFlight) {
                return Action.QUIESCE; // io_u_quiesce: the reset is synchronous, the zone's writes must be done
            }
            j.zone = z;
            return Action.RESET;
        }
        j.offset = wp[z];
        long newLen = Math.min(length, capEnd[z] - wp[z]) / j.minBs * j.minBs;
        if (newLen < j.minBs) {
            j.error = "zone remainder too small";
            return Action.EOF;
        }
        j.length = newLen;
        return Action.ACCEPT;
    }

    /**
     * zbd_adjust_block's DDIR_TRIM case: a sequential trim, or a random one whose zone holds
     * data, goes as drawn; a random trim of an empty zone moves to the start of the next zone
     * with data, or of a previous one ({@code zbd_find_zone} with one byte); none ends the job.
     */
    public Action adjustTrim(Job j, long offset, long length) {
        j.error = null;
        j.offset = offset;
        j.length = length;
        int zb = zoneOf(offset);
        if (!j.random || !hasWp[zb] || wp[zb] > start[zb]) {
            return Action.ACCEPT;
        }
        for (int z = zb + 1; z < j.maxZone; z++) {
            if (!hasWp[z] || wp[z] > start[z]) {
                j.offset = start[z];
                return Action.ACCEPT;
            }
        }
        for (int z = zb - 1; z >= j.minZone; z--) {
            if (!hasWp[z] || wp[z] > start[z]) {
                j.offset = start[z];
                return Action.ACCEPT;
            }
        }
        return Action.EOF;
    }

    /**
     * zbd_do_io_u_trim: the trim at {@code offset} resets its zone ({@link #reset}, which does
     * nothing to an empty one), then {@code done} runs; returns 0, or the errno the trim failed
     * with, {@code done} not run: 22 (EINVAL) off a zone's start ("Trim offset not at zone
     * start"), 95 (EOPNOTSUPP) on a conventional zone, where fio discards (os_trim) and iopath's
     * drives have no TRIM.
     */
    public int trim(Job j, long offset, Runnable done) {
        int z = zoneOf(offset);
        if (!hasWp[z]) {
            return 95;
        }
        if (offset != start[z]) {
            return 22;
        }
        reset(j, z, done);
        return 0;
    }

    /** The read half of zbd_adjust_block with read_beyond_wp=0: only data below a write pointer. */
    private Action adjustRead(Job j, int zb, long offset, long length) {
        long range = wp[zb] - start[zb];
        int z = zb;
        if (range < j.minBs || (!j.random && offset + j.minBs > wp[zb])) {
            z = findZone(j, zb);
            if (z < 0) {
                return Action.EOF;
            }
            range = hasWp[z] ? wp[z] - start[z] : start[z + 1] - start[z];
            if (!j.random) {
                offset = start[z];
            }
        }
        if (range <= length) {
            offset = start[z];
        } else if (j.random) {
            offset = start[z] + ((offset - start[zb]) % (range - length)) / j.minBs * j.minBs;
        }
        j.offset = offset;
        if (!hasWp[z]) {
            return Action.ACCEPT;
        }
        long newLen = Math.min(length, wp[z] - offset) / j.minBs * j.minBs;
        j.length = newLen;
        return newLen < j.minBs ? Action.EOF : Action.ACCEPT;
    }

    /** zbd_find_zone: the next zone with at least min_bs of data (and, for random IO, the previous ones too). */
    private int findZone(Job j, int zb) {
        for (int z = zb + 1; z < j.maxZone; z++) {
            if (!hasWp[z] || wp[z] - start[z] >= j.minBs) {
                return z;
            }
        }
        if (j.random) {
            for (int z = zb - 1; z >= j.minZone; z--) {
                if (!hasWp[z] || wp[z] - start[z] >= j.minBs) {
                    return z;
                }
            }
        }
        return -1;
    }

    /** zbd_dec_and_reset_write_cnt: true every 1/zone_reset_frequency calls. */
    private boolean decAndResetWriteCnt(Job j) {
        long reload = (long) Math.min(1.0 / j.z.resetFrequency(), 0xFFFF_FFFFL);
        if (writeCnt < 0) {
            writeCnt = reload;
        }
        if (writeCnt > 0) {
            writeCnt--;
        }
        if (writeCnt == 0) {
            writeCnt = reload;
            return true;
        }
        return false;
    }

    /**
     * __zbd_reset_zone: RESET WRITE POINTER on a host-managed drive (then {@code done}), nothing
     * on emulated zones; fio's copy of the zone is empty either way.
     */
    public void reset(Job j, int z, Runnable done) {
        resetZone[z] = false;
        long data = wp[z] - start[z];
        if (data == 0) {
            done.run();
            return;
        }
        wpValidDataBytes -= data;
        wp[z] = start[z];
        j.resets++;
        if (device != null) {
            device.resetZone(start[z], done);
        } else {
            done.run();
        }
    }

    /** zbd_queue_io: an accepted write moves fio's write pointer. */
    public void queued(Job j, boolean isWrite, long offset, long length) {
        if (!isWrite) {
            return;
        }
        int z = zoneOf(offset);
        if (!hasWp[z]) {
            return;
        }
        long end = Math.min(offset + length, capEnd[z]);
        if (wp[z] <= end) {
            wpValidDataBytes += end - wp[z];
        }
        wp[z] = end;
    }

    /** zbd_end_zone_io: a write that reached the zone's capacity takes the zone out of the write targets. */
    public void completed(Job j, boolean isWrite, long offset, long length) {
        int z = zoneOf(offset);
        if (isWrite && hasWp[z] && offset + length >= capEnd[z]) {
            writeZonePut(j, z);
        }
    }

    /** fio's copy of a zone's write pointer, for tests. */
    public long writePointer(int zone) {
        return wp[zone];
    }
}
