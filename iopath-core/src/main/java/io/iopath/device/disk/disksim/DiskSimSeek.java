package io.iopath.device.disk.disksim;

import java.util.List;

/** The seek model a {@code dm_mech_g1} names with "Seek type", with the parameters it uses (ms). */
sealed interface DiskSimSeek {

    SeekType type();

    /** {@code constant}: every seek takes "Constant seek time". */
    record Constant(double seekMs) implements DiskSimSeek {
        @Override
        public SeekType type() {
            return SeekType.CONSTANT;
        }
    }

    /** {@code linear}: 3-point line through single-cylinder, average and full-strobe times. */
    record Linear(double singleCylinderMs, double averageMs, double fullStrobeMs) implements DiskSimSeek {
        @Override
        public SeekType type() {
            return SeekType.LINEAR;
        }
    }

    /** {@code curve}: Lee's 3-point curve from the same three times. */
    record Curve(double singleCylinderMs, double averageMs, double fullStrobeMs) implements DiskSimSeek {
        @Override
        public SeekType type() {
            return SeekType.CURVE;
        }
    }

    /** {@code hpl}: the Ruemmler–Wilkes equation. */
    record Hpl(HplEquation equation) implements DiskSimSeek {
        @Override
        public SeekType type() {
            return SeekType.HPL;
        }
    }

    /** {@code hplplus10}: distances 1..10 from {@code firstTenMs}, the rest from the equation. */
    record HplPlus10(HplEquation equation, List<Double> firstTenMs) implements DiskSimSeek {
        public HplPlus10 {
            firstTenMs = List.copyOf(firstTenMs);
        }

        @Override
        public SeekType type() {
            return SeekType.HPL_PLUS_10;
        }
    }

    /** {@code extracted}: the measured {@code .seek} table named by "Full seek curve". */
    record Extracted(SeekTable table) implements DiskSimSeek {
        @Override
        public SeekType type() {
            return SeekType.EXTRACTED;
        }
    }
}
