package io.iopath.workload;

import java.util.List;

/**
 * The file options of a fio job that runs on a file system (fio HOWTO.rst): which files, how
 * large, and the sync and clean-up calls around the IO.
 *
 * @param names        the files, relative to the file system's root ({@code filename}, ':'-separated;
 *                     fio's default {@code jobname.clone.n} names when it is not given)
 * @param fileSize     bytes per file ({@code filesize}; default {@code size / nrfiles})
 * @param fsync        fsync() the file after every N writes ({@code fsync}; 0 = never)
 * @param fdatasync    fdatasync() after every N writes ({@code fdatasync}; 0 = never)
 * @param endFsync     fsync() every file when the job's IO is done ({@code end_fsync})
 * @param createOnOpen create the files when the job opens them rather than in the set-up phase
 *                     ({@code create_on_open})
 * @param unlink       unlink the files when the job is done ({@code unlink})
 * @param invalidate   drop the files' pages from the cache before the IO starts ({@code invalidate}, default 1)
 */
public record FileJobSpec(List<String> names, long fileSize, int fsync, int fdatasync, boolean endFsync,
                          boolean createOnOpen, boolean unlink, boolean invalidate) {
    public FileJobSpec {
        names = List.copyOf(names);
    }

    /** fio's file names for clone {@code clone} of job {@code job}: {@code job.clone.i}. */
    public static List<String> defaultNames(String job, int clone, int nrfiles) {
        List<String> out = new java.util.ArrayList<>();
        for (int i = 0; i < nrfiles; i++) {
            out.add(job + "." + Math.max(0, clone) + "." + i);
        }
        return out;
    }
}
