package io.iopath.workload.trace;

import static org.assertj.core.api.Assertions.assertThat;

import io.iopath.request.Op;
import io.iopath.workload.trace.io.TraceReader;
import io.iopath.workload.trace.io.TraceRecord;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A device's records split out of a trace read back as the whole trace filtered to that device. */
class DeviceRecordsTest {
    @TempDir
    Path dir;

    @Test
    void eachDeviceReadsItsRecordsAndTheSkipsOfAFilterRecordByRecord() throws IOException {
        // DiskSim ascii: time (ms) device block size flags; devices 3, 0, 7 and 12 in random order
        SplittableRandom random = new SplittableRandom(11);
        StringBuilder t = new StringBuilder();
        int[] devices = {3, 0, 7, 12};
        for (int i = 0; i < 2000; i++) {
            t.append(String.format(Locale.ROOT, "%d.%03d %d %d %d %d%n", i, random.nextInt(1000),
                    devices[random.nextInt(devices.length)], random.nextLong(1L << 40), 1 + random.nextInt(128),
                    random.nextInt(2)));
        }
        Path trace = Files.writeString(dir.resolve("t.ascii"), t.toString());
        Path split = Files.createDirectory(dir.resolve("split"));
        try (DeviceRecords records = DeviceRecords.split(trace, null, split)) {
            assertThat(records.devices()).containsExactly(0, 3, 7, 12);
            for (int device : List.of(0, 3, 7, 12, 5)) {
                List<TraceRecord> expected = new ArrayList<>();
                List<Long> skips = new ArrayList<>();
                String formatId;
                List<String> warnings;
                try (TraceReader whole = TraceFiles.open(trace, null)) {
                    long skipped = 0;
                    for (TraceRecord r = whole.next(); ; r = whole.next()) {
                        if (r != null && r.device() != device) {
                            skipped++;
                            continue;
                        }
                        skips.add(skipped);
                        skipped = 0;
                        if (r == null) {
                            break;
                        }
                        expected.add(r);
                    }
                    formatId = whole.formatId();
                    warnings = whole.warnings();
                }
                List<TraceRecord> got = new ArrayList<>();
                List<Long> gotSkips = new ArrayList<>();
                try (DeviceRecords.DeviceReader reader = records.reader(device)) {
                    for (TraceRecord r = reader.next(); ; r = reader.next()) {
                        gotSkips.add(reader.otherDevicesBefore());
                        if (r == null) {
                            break;
                        }
                        got.add(r);
                    }
                    assertThat(reader.formatId()).isEqualTo(formatId);
                    assertThat(reader.warnings()).isEqualTo(warnings);
                }
                assertThat(got).as("device %d", device).isEqualTo(expected);
                assertThat(gotSkips).as("device %d", device).isEqualTo(skips);
                assertThat(got).allMatch(r -> r.op() == Op.READ || r.op() == Op.WRITE);
            }
        }
        assertThat(split).doesNotExist();
    }
}
