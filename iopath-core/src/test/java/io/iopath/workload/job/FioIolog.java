package io.iopath.workload.job;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** The IOs of a golden iolog v3 that real fio wrote (its "FILE ACTION OFFSET LENGTH" lines), as "ACTION OFFSET LENGTH". */
final class FioIolog {
    private FioIolog() {
    }

    static List<String> ios(String resource) {
        List<String> out = new ArrayList<>();
        try (var in = FioIolog.class.getResourceAsStream(resource);
             var r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                String[] f = line.split(" ");
                if (f.length == 5) { // time, file, action, offset, length; "add", "open", "close" have three
                    out.add(f[2] + " " + f[3] + " " + f[4]);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }
}
