package io.iopath.virt;

/**
 * How QEMU submits host IO ({@code -drive aio=}): a pool of threads doing blocking preadv /
 * pwritev ({@code threads}, the default), or Linux AIO ({@code native}), which QEMU accepts only
 * with {@code cache.direct=on} (buffered Linux AIO blocks in io_submit).
 */
public enum Aio {
    THREADS("threads"),
    NATIVE("native");

    private final String yamlName;

    Aio(String yamlName) {
        this.yamlName = yamlName;
    }

    public String yamlName() {
        return yamlName;
    }
}
