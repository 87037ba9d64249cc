package io.iopath.fs;

import java.util.List;

/**
 * XFS's mount options as {@code mount -o} spells them, with the 2.6.18–2.6.20 defaults (spec
 * §5.3; {@code fs/xfs/linux-2.6/xfs_super.c}, {@code Documentation/filesystems/xfs.txt}):
 * barriers on, 8 in-core log buffers of 32 KiB ({@code XLOG_BIG_RECORD_BSIZE}; the number is an
 * iopath parameter, spec §5.3 "unverified"), atime on.
 *
 * @param barrier  every log write a barrier write ({@code nobarrier} turns it off)
 * @param logBufs  in-core log buffers ({@code logbufs=2..8})
 * @param logBsize bytes of one in-core log buffer ({@code logbsize=} 16k, 32k, 64k, 128k or 256k)
 * @param atime    update atime on reads ({@code noatime} turns it off)
 */
public record XfsOptions(boolean barrier, int logBufs, int logBsize, boolean atime) {
    public static final XfsOptions DEFAULTS = new XfsOptions(true, 8, 32 * 1024, true);

    public static final List<String> NAMES = List.of("barrier", "nobarrier", "logbufs=N (2-8)",
            "logbsize=N (16k, 32k, 64k, 128k, 256k)", "atime", "noatime", "defaults", "rw");

    /** @throws IllegalArgumentException naming the first option it does not know or a bad value */
    public static XfsOptions parse(String text) {
        XfsOptions o = DEFAULTS;
        if (text == null || text.isBlank()) {
            return o;
        }
        MountOptions.requirePrintable(text);
        for (String raw : text.split(",")) {
            String opt = raw.strip();
            switch (opt) {
                case "", "defaults", "rw" -> { }
                case "barrier" -> o = new XfsOptions(true, o.logBufs, o.logBsize, o.atime);
                case "nobarrier" -> o = new XfsOptions(false, o.logBufs, o.logBsize, o.atime);
                case "atime" -> o = new XfsOptions(o.barrier, o.logBufs, o.logBsize, true);
                case "noatime", "relatime", "nodiratime" -> o = new XfsOptions(o.barrier, o.logBufs, o.logBsize, false);
                default -> {
                    if (opt.startsWith("logbufs=")) {
                        int n = number(opt, "logbufs=", "logbufs= takes 2 to 8, such as logbufs=8");
                        if (n < 2 || n > 8) {
                            throw new IllegalArgumentException("'" + opt + "': logbufs= takes 2 to 8, such as logbufs=8");
                        }
                        o = new XfsOptions(o.barrier, n, o.logBsize, o.atime);
                    } else if (opt.startsWith("logbsize=")) {
                        String msg = "logbsize= takes 16k, 32k, 64k, 128k or 256k (or those sizes in bytes)";
                        String v = opt.substring("logbsize=".length()).strip().toLowerCase(java.util.Locale.ROOT);
                        int mult = 1;
                        if (v.endsWith("k")) {
                            mult = 1024;
                            v = v.substring(0, v.length() - 1);
                        }
                        long n;
                        try {
                            n = Long.parseLong(v) * mult;
                        } catch (NumberFormatException e) {
                            throw new IllegalArgumentException("'" + opt + "': " + msg);
                        }
                        if (n != 16384 && n != 32768 && n != 65536 && n != 131072 && n != 262144) {
                            throw new IllegalArgumentException("'" + opt + "': " + msg);
                        }
                        o = new XfsOptions(o.barrier, o.logBufs, (int) n, o.atime);
                    } else {
                        throw new IllegalArgumentException("unknown xfs mount option '" + opt + "'; expected "
                                + String.join(", ", NAMES));
                    }
                }
            }
        }
        return o;
    }

    private static int number(String opt, String prefix, String msg) {
        try {
            return Integer.parseInt(opt.substring(prefix.length()).strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + opt + "': " + msg);
        }
    }
}
