package io.iopath.request;

/** The submitter's end_io callback. */
@FunctionalInterface
public interface BioCompletion {
    void bioDone(Bio bio);
}
