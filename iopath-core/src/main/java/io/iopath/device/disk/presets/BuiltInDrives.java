package io.iopath.device.disk.presets;

import io.iopath.device.Transport;
import io.iopath.device.disk.DriveSpec;
import java.util.ArrayList;
import java.util.List;

/**
 * The datasheet drives built into iopath. Each number comes from the disk-drive spec (§13.1
 * datasheet figures, §13.2 derived placeholders, §3.5 seek fits), never from fitting a result;
 * the comment on each says which. The buffer's organisation is a placeholder on every one of
 * them (spec §13.2 step 6; no datasheet found gives it): the buffer split into 16 segments,
 * read-ahead until the segment is full, every segment allowed to hold write data, almost read
 * hits and read-ahead on idle hit ({@link DatasheetDrive}). The buffer sizes are the
 * datasheets' (the Cheetahs' 16 and 8 MB: spec §13.1, unverified).
 */
final class BuiltInDrives {
    private BuiltInDrives() {
    }

    /** In catalogue order; the first is {@link DrivePresets#DEFAULT}. */
    static List<DriveSpec> all() {
        List<DriveSpec> out = new ArrayList<>();
        // 2.5" 7200 rpm laptop SATA disk of the 2008 QEMU thread (spec §13.1, §13.2): capacity
        // 250e9 B; 4 surfaces and linear zoning 1300 -> 650 spt are the spec's placeholders;
        // seek figures from the Hitachi Travelstar 7K320 datasheet (R 1.0/12/20, W 1.1/12/22 ms);
        // head switch = the datasheet track-to-track figure; command overhead 1.0 ms (IBM
        // Travelstar datasheet) for misses: the datasheet defines it as "from receiving a command
        // to the start of actuator motion", so it says nothing of hits, which move no arm; hit
        // overheads from the same-era Maxtor Atlas 10K V DiskSim file (read 0.10, write 0.145 ms;
        // placeholders, spec §13.2 step 7); NCQ 32; 8 MB buffer as 16 segments (placeholder);
        // SATA 150 MB/s.
        DatasheetDrive d = new DatasheetDrive();
        d.name = DrivePresets.DEFAULT;
        d.description = "2.5in 7200 rpm 250 GB laptop SATA, 8 MB cache, NCQ 32 (datasheet-derived)";
        d.capacitySectors = 488_281_250L;
        d.surfaces = 4;
        d.zones = 16;
        d.outerSpt = 1300;
        d.innerSpt = 650;
        d.rpm = 7200;
        d.readSeekMs = new double[] {1.0, 12, 20};
        d.writeSeekMs = new double[] {1.1, 12, 22};
        d.headSwitchMs = 1.0;
        d.overheadNs = DatasheetDrive.hitMiss(0.10, 0.145, 1.0);
        d.busMBps = 150;
        d.cacheBytes = 8L << 20;
        d.segments = 16;
        d.queueDepth = 32;
        d.transport = Transport.SATA_NCQ; // FLUSH CACHE EXT is not an NCQ command (spec §9.2)
        out.add(d.build());

        // Seagate Cheetah 15K.5 (spec §13.1 OSTEP figures: 15 000 rpm, 4 ms average seek,
        // 16 MB; §13.2 placeholders: spt 977 OD -> 640 ID, read seek = 15K.7 curve scaled by
        // 4.0/3.4 (t1 0.235, full 7.76), write the 15K.7 write figures scaled alike); head switch
        // and the overhead matrix from the same-era Maxtor Atlas 10K V DiskSim file (0.116 ms;
        // read hit 0.10, write hit 0.145, miss 0.34 ms); TCQ 64; SAS 300 MB/s.
        out.add(cheetah15k5("cheetah-15k5-300g", 585_937_500L, 8, "300 GB, 4 platters"));
        out.add(cheetah15k5("cheetah-15k5-146g", 285_156_250L, 4, "146 GB, 2 platters"));

        // Seagate Cheetah 10K.7 (spec §13.2): no seek data found, so the Maxtor Atlas 10K V
        // DIXtrac curves stand in (R 0.526/4.84/9.57, W 0.676/4.99/9.72 ms, head switch 0.116 ms,
        // mean 910 spt split 1100 -> 720 with the 15K.6 ID/OD ratio); 10 000 rpm; 8 MB; TCQ 64;
        // Ultra320 (320 MB/s).
        out.add(cheetah10k7("cheetah-10k7-300g", 585_937_500L, 8, "300 GB"));
        out.add(cheetah10k7("cheetah-10k7-146g", 285_156_250L, 4, "146 GB"));

        // 18 GB Seagate SCSI drive of Riska et al. (exact model unknown, spec §13.1): the
        // Cheetah 15K.5 placeholder at 15 000 rpm with the capacity of an 18 GB Cheetah 15K.3
        // (2 surfaces assumed), 8 MB buffer (unverified); TCQ 64; Ultra320.
        DatasheetDrive s = cheetah15k5Base("seagate-18g-scsi", 35_156_250L, 2);
        s.description = "18 GB Seagate SCSI 15 000 rpm (Riska et al. class; 15K.5 stand-in), TCQ 64";
        s.cacheBytes = 8L << 20;
        s.busMBps = 320;
        out.add(s.build());
        return out;
    }

    private static DatasheetDrive cheetah15k5Base(String name, long sectors, int surfaces) {
        DatasheetDrive d = new DatasheetDrive();
        d.name = name;
        d.capacitySectors = sectors;
        d.surfaces = surfaces;
        d.zones = 20;
        d.outerSpt = 977;
        d.innerSpt = 640;
        d.rpm = 15_000;
        d.readSeekMs = new double[] {0.235, 4.0, 7.764};
        d.writeSeekMs = new double[] {0.44 * 4.0 / 3.4, 3.9 * 4.0 / 3.4, 7.4 * 4.0 / 3.4};
        d.headSwitchMs = 0.116;
        d.overheadNs = DatasheetDrive.hitMiss(0.10, 0.145, 0.34);
        d.busMBps = 300;
        d.cacheBytes = 16L << 20;
        d.segments = 16;
        d.queueDepth = 64;
        return d;
    }

    private static DriveSpec cheetah15k5(String name, long sectors, int surfaces, String what) {
        DatasheetDrive d = cheetah15k5Base(name, sectors, surfaces);
        d.description = "Seagate Cheetah 15K.5 " + what + ", 15 000 rpm, 16 MB, TCQ 64 (datasheet + placeholders)";
        return d.build();
    }

    private static DriveSpec cheetah10k7(String name, long sectors, int surfaces, String what) {
        DatasheetDrive d = new DatasheetDrive();
        d.name = name;
        d.description = "Seagate Cheetah 10K.7 " + what + ", 10 000 rpm, 8 MB, TCQ 64 (Atlas 10K V stand-in curves)";
        d.capacitySectors = sectors;
        d.surfaces = surfaces;
        d.zones = 20;
        d.outerSpt = 1100;
        d.innerSpt = 720;
        d.rpm = 10_000;
        d.readSeekMs = new double[] {0.526, 4.84, 9.57};
        d.writeSeekMs = new double[] {0.676, 4.99, 9.72};
        d.headSwitchMs = 0.116;
        d.overheadNs = DatasheetDrive.hitMiss(0.10, 0.145, 0.34);
        d.busMBps = 320;
        d.cacheBytes = 8L << 20;
        d.segments = 16;
        d.queueDepth = 64;
        return d.build();
    }
}
