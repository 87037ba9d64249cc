package io.iopath.device.disk.disksim;

/** One {@code key = value} entry of a block; DiskSim keys are phrases such as "Head switch time". */
public record Param(String key, ParamValue value, int line) {
}
