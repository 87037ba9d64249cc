package io.iopath.device.disk.mechanics;

/**
 * A platter turning continuously at a fixed speed. The angle is a pure function of simulated
 * time, so rotational latency follows from where the head is, never from a random draw.
 *
 * <p>Time inside is kept in picoseconds modulo one revolution, as DiskSim does, so neither a
 * fractional rpm nor hours of simulated time lose precision.
 */
public final class Spindle {
    /** Lateness that is rounding of ns times and sector angles, not a missed sector (50 ns). */
    private static final long LATE_BY_ROUNDING_PS = 50_000;
    private final double rpm;
    private final long revolutionPs;
    private final long phaseOffsetPs;

    /** @param startAngle angle at time zero, as a fraction of a revolution in [0, 1) */
    public Spindle(double rpm, double startAngle) {
        if (!(rpm > 0)) {
            throw new IllegalArgumentException("rpm must be positive");
        }
        this.rpm = rpm;
        this.revolutionPs = Math.round(60e12 / rpm);
        this.phaseOffsetPs = Math.round(startAngle * revolutionPs) % revolutionPs;
    }

    public double rpm() {
        return rpm;
    }

    public double revolutionNs() {
        return revolutionPs / 1000.0;
    }

    /** Angle under the heads at {@code timeNs}, as a fraction of a revolution in [0, 1). */
    public double angleAt(long timeNs) {
        return positionPs(timeNs) / (double) revolutionPs;
    }

    /** Nanoseconds from {@code timeNs} until {@code angle} (fraction in [0, 1)) is under the heads. */
    public long waitForAngleNs(long timeNs, double angle) {
        long target = Math.round(angle * revolutionPs) % revolutionPs;
        long wait = Math.floorMod(target - positionPs(timeNs), revolutionPs);
        if (revolutionPs - wait < LATE_BY_ROUNDING_PS) {
            // a few ns late: times are whole ns and a run's end is rounded from the angle, so
            // the sector right after the one just transferred is rounding, not a miss
            return 0;
        }
        return (wait + 999) / 1000;
    }

    /**
     * The angle {@code angle} as the spindle's position in ps, as {@link #waitForAngleNs} rounds
     * it: computed once per target, so SPTF's keys need no rounding or division for it.
     */
    public long targetPs(double angle) {
        return Math.round(angle * revolutionPs) % revolutionPs;
    }

    /** Where the platter is at {@code timeNs}, in ps into its revolution: the base of {@link #waitForTargetNs}. */
    public long positionPsAt(long timeNs) {
        return positionPs(timeNs);
    }

    /**
     * {@link #waitForAngleNs}{@code (baseNs + laterNs, angle)} given {@code basePositionPs =
     * positionPsAt(baseNs)} and {@code targetPs = targetPs(angle)}: the same integer, with one
     * division instead of four (SPTF evaluates this for every queued command at every choice).
     * The position at baseNs + laterNs is (basePositionPs + 1000·laterNs) mod revolution, exactly,
     * since the position is (1000·t + phase) mod revolution.
     */
    public long waitForTargetNs(long basePositionPs, long laterNs, long targetPs) {
        if (laterNs < 0 || laterNs > MAX_LATER_NS) {
            throw new IllegalArgumentException("offset out of range: " + laterNs + " ns");
        }
        long wait = targetPs - (basePositionPs + laterNs * 1000L) % revolutionPs;
        // + a revolution when negative, as a mask: the sign is a coin toss per queued command,
        // a branch mispredicted half the time in SPTF's loop
        wait += revolutionPs & (wait >> 63);
        // 0 when late only by rounding (revolutionPs − wait < LATE_BY_ROUNDING_PS), as a mask:
        // rare under random IO, so the JIT compiled the test as never true, and its first
        // occurrence a second into a run threw away the compiled SPTF loop (docs/performance.md,
        // "speed-run")
        long late = (revolutionPs - wait - LATE_BY_ROUNDING_PS) >> 63;
        return ((wait + 999) / 1000) & ~late;
    }

    /** Largest offset {@link #waitForTargetNs} takes: 1000 s, far from overflowing 1000·laterNs. */
    public static final long MAX_LATER_NS = 1_000_000_000_000L;

    /** Nanoseconds the media takes to pass {@code fraction} of a revolution under the head. */
    public long rotationNs(double fraction) {
        return Math.round(fraction * revolutionPs / 1000.0);
    }

    private long positionPs(long timeNs) {
        long t = Math.floorMod(timeNs, revolutionPs);
        return Math.floorMod(t * 1000L + phaseOffsetPs, revolutionPs);
    }
}
