package io.iopath.cli;

import io.iopath.files.AtomicFiles;
import io.iopath.workload.postmark.Postmark;
import io.iopath.workload.postmark.PostmarkConfigException;
import io.iopath.workload.postmark.PostmarkConfigFile;
import io.iopath.workload.postmark.PostmarkScript;
import io.iopath.workload.postmark.PostmarkSeqWriter;
import io.iopath.workload.postmark.PostmarkShow;
import io.iopath.result.PostmarkResult;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * {@code iopath run FILE.pmrc}: a Postmark configuration file, run command by command as Postmark does
 * ({@code show} prints the configuration, each {@code run} is one benchmark run). Until the file system layer
 * exists the runs are not simulated in time: {@code --ops-out} writes the calls each run makes
 * ({@code postmark-seq v1}, every run after one header line), which is all that needs no file system.
 */
final class PostmarkRun {
    /** What the simulated Postmark shows as its working directory: the root of its file system. */
    static final String WORKING_DIRECTORY = ".";

    private PostmarkRun() {
    }

    static int run(Path configFile, Path opsOut, PrintWriter out, PrintWriter err) throws IOException {
        PostmarkScript script;
        try {
            script = PostmarkConfigFile.read(configFile);
        } catch (PostmarkConfigException e) {
            throw new BadInputException(e.getMessage());
        }
        if (opsOut == null) {
            throw new BadInputException(configFile + ": running Postmark in simulated time needs the file system layer"
                    + " (page cache, ext3), which iopath does not have yet; --ops-out FILE writes the calls it makes");
        }
        if (script.runs().isEmpty()) {
            err.println("iopath: " + configFile + ": no 'run' line: no calls to write");
        }
        AtomicFiles.Output file = AtomicFiles.newOutputStream(opsOut);
        try (Writer w = new BufferedWriter(new OutputStreamWriter(file, StandardCharsets.UTF_8))) {
            PostmarkSeqWriter calls = new PostmarkSeqWriter(w);
            for (PostmarkScript.Command c : script.commands()) {
                if (c instanceof PostmarkScript.Show show) {
                    out.print(PostmarkShow.text(show.config(), WORKING_DIRECTORY));
                    continue;
                }
                long before = calls.calls();
                Postmark pm;
                try {
                    pm = new Postmark(c.config(), calls);
                } catch (IllegalArgumentException e) {
                    throw new BadInputException(c.where() + ": run: " + e.getMessage());
                }
                pm.runToEnd();
                PostmarkResult r = pm.result(0, 0, 0, 0);
                err.println("iopath: " + c.where() + ": " + (calls.calls() - before) + " calls: " + r.filesCreated()
                        + " files created, " + r.filesRead() + " read, " + r.filesAppended() + " appended, "
                        + r.filesDeleted() + " deleted" + (r.outOfFiles() ? "; out of files! (Postmark prints no report)" : ""));
            }
            w.flush();
            file.commit(); // every run written: the file may appear
        }
        err.println("iopath: wrote the calls to " + opsOut + " (postmark-seq v1)");
        return 0;
    }
}
