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
 * @param named        the names were given ({@code filename}): every numjobs clone opens these same
 *                     files, as fio's clones do (each clone is a thread_data with its own fio_file
 *                     of that name, init.c {@code add_job}); otherwise each clone has its own
 *                     {@code job.clone.i} files
 */
public record FileJobSpec(List<String> names, long fileSize, int fsync, int fdatasync, boolean endFsync,
                          boolean createOnOpen, boolean unlink, boolean invalidate, boolean named) {
    public FileJobSpec {
        names = List.copyOf(names);
    }

    /** The files clone {@code clone} of job {@code job} works on (of {@code numjobs} clones). */
    public FileJobSpec forClone(String job, int clone, int numjobs) {
        if (numjobs <= 1 || named) {
            return this;
        }
        return new FileJobSpec(defaultNames(job, clone, names.size()), fileSize, fsync, fdatasync, endFsync, createOnOpen,
                unlink, invalidate, false);
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
