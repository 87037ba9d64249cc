package io.iopath.request;

/** What a bio or request asks of the device (REQ_OP_* in today's kernels). */
public enum Op {
    READ,
    WRITE,
    FLUSH,
    DISCARD;

    public boolean transfersData() {
        return this == READ || this == WRITE;
    }
}
