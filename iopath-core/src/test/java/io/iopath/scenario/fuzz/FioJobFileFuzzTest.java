package io.iopath.scenario.fuzz;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.iopath.scenario.FioJobFile;
import io.iopath.scenario.Scenario;
import io.iopath.scenario.ScenarioException;
import io.iopath.scenario.ScenarioReader;
import io.iopath.workload.JobSpec;
import java.util.List;

/**
 * Jazzer fuzz test of the fio job file reader and the option binder behind it: any text either
 * becomes a valid scenario or a {@link ScenarioException} naming the file — nothing else. The
 * committed inputs under {@code FioJobFileFuzzTestInputs/parseAndBind/} run in the normal suite.
 */
class FioJobFileFuzzTest {
    @FuzzTest(maxDuration = "30s")
    void parseAndBind(FuzzedDataProvider data) {
        String text = data.consumeRemainingAsString();
        try {
            FioJobFile f = FioJobFile.parse("fuzz.fio", text);
            Scenario s = ScenarioReader.read(f.tree(), List.of());
            for (JobSpec j : s.jobs()) {
                if (j.size() <= 0 || j.blockSize() < 512 || j.effectiveDepth() < 1 || j.offset() < 0) {
                    throw new AssertionError("invalid job " + j);
                }
            }
        } catch (ScenarioException e) {
            if (!e.getMessage().startsWith("fuzz.fio")) {
                throw new AssertionError("error does not name the file: " + e.getMessage());
            }
        }
    }
}
