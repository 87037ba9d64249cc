package io.iopath.fs;

import io.iopath.fs.pagecache.ReadAhead;

/** struct file: one open of a file, with its own read-ahead state ({@code file_ra_state_init}). */
public final class OpenFile {
    public final FsFile file;
    public final ReadAhead readAhead = new ReadAhead();
    public final boolean direct;

    public OpenFile(FsFile file, boolean direct) {
        this.file = file;
        this.direct = direct;
    }
}
