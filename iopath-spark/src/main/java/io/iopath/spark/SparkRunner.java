package io.iopath.spark;

import io.iopath.report.ResultsCsv;
import io.iopath.report.SplitReplayTable;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * Runs a {@link SparkPlan}'s tasks on Spark and writes their one table of results into an output
 * directory (any Hadoop path: local, {@code hdfs://}, an object store):
 * <ul>
 *   <li>{@code results.csv}: the label columns, then those of {@code iopath sweep}'s results.csv,
 *       a row group per run in grid order. The driver writes it from the tasks' cells, sorted by
 *       grid index, with the same code as the sweep, so it has the sweep's bytes whatever the
 *       partitioning and whichever executor ran what.</li>
 *   <li>{@code results.parquet}: the same rows with {@code grid_index} and {@code row} (the row's
 *       place in its run) first, to sort by; text columns are strings, the others longs or
 *       doubles as results.json has them, an empty cell null.</li>
 *   <li>{@code runs/INDEX/results.json} of each run, written by its executor, when asked.</li>
 *   <li>a split replay's {@code devices.md}: the device table of {@code iopath run --split-by-device}.</li>
 * </ul>
 */
final class SparkRunner {
    static final String CSV = "results.csv";
    static final String PARQUET = "results.parquet";
    static final String RUNS = "runs";
    static final String DEVICES = "devices.md";

    private SparkRunner() {
    }

    /**
     * Makes {@code outDir} ready for this run's outputs before any task runs, so a path that cannot
     * be written fails in seconds, not after the grid: the directory is created (and its parents),
     * a file is created and deleted in it (a read-only mount passes every other test), and the
     * outputs of an earlier run there are removed — a smaller grid's {@code runs/} would otherwise
     * keep the larger one's extra runs beside the new table, and a sweep keep a split's
     * {@code devices.md}. Other files in the directory are left alone.
     *
     * @throws IOException naming what is wrong with the path
     */
    static void prepare(SparkSession spark, String outDir) throws IOException {
        Path dir = new Path(outDir);
        FileSystem fs = dir.getFileSystem(spark.sparkContext().hadoopConfiguration());
        if (fs.exists(dir) && !fs.getFileStatus(dir).isDirectory()) {
            throw new IOException(outDir + " exists and is not a directory");
        }
        if (!fs.mkdirs(dir)) {
            throw new IOException("cannot create " + outDir + " (no permission, or a read-only file system)");
        }
        Path probe = new Path(dir, ".iopath-write-check");
        fs.create(probe, true).close();
        fs.delete(probe, false);
        for (String output : List.of(CSV, PARQUET, RUNS, DEVICES)) {
            fs.delete(new Path(dir, output), true);
        }
    }

    /**
     * Runs every task, {@code partitions} Spark partitions of them (0: one task per run), and
     * writes the outputs; returns the runs' rows in grid order.
     */
    static List<RunRows> run(SparkSession spark, SparkPlan plan, int partitions, String outDir, boolean perRunJson)
            throws IOException {
        JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
        String runsDir = perRunJson ? outDir + "/" + RUNS : null;
        int slices = partitions > 0 ? partitions : Math.max(1, plan.tasks().size());
        List<RunRows> rows = new ArrayList<>(jsc.parallelize(plan.tasks(), slices).map(t -> t.execute(runsDir)).collect());
        rows.sort(Comparator.comparingInt(RunRows::index));
        write(outDir + "/" + CSV, csv(plan.labelColumns(), rows), spark);
        parquet(spark, plan.labelColumns(), rows).write().mode(SaveMode.Overwrite).parquet(outDir + "/" + PARQUET);
        if (plan.split()) {
            write(outDir + "/" + DEVICES, devices(rows), spark);
        }
        return rows;
    }

    /** The results.csv text of these runs, given in grid order. */
    static String csv(List<String> labelColumns, List<RunRows> runs) {
        return ResultsCsv.text(labelColumns, cells(runs));
    }

    private static List<ResultsCsv.RunCells> cells(List<RunRows> runs) {
        return runs.stream().map(RunRows::cells).toList();
    }

    /** A split replay's device table, the runs given in device order. */
    static String devices(List<RunRows> runs) {
        return SplitReplayTable.renderDevices(runs.stream().map(RunRows::device).toList());
    }

    /** The rows as a Spark table, in grid order. */
    static org.apache.spark.sql.Dataset<Row> parquet(SparkSession spark, List<String> labelColumns, List<RunRows> runs) {
        List<DataType> types = new ArrayList<>();
        List<StructField> fields = new ArrayList<>();
        fields.add(DataTypes.createStructField("grid_index", DataTypes.IntegerType, false));
        fields.add(DataTypes.createStructField("row", DataTypes.IntegerType, false));
        for (String c : labelColumns) {
            fields.add(DataTypes.createStructField(c, DataTypes.StringType, false));
        }
        List<String> columns = ResultsCsv.columns(cells(runs));
        List<List<List<String>>> cells = runs.stream().map(run -> ResultsCsv.rows(run.cells(), columns)).toList();
        for (int c = 0; c < columns.size(); c++) {
            String name = columns.get(c);
            DataType t = ResultsCsv.TEXT_COLUMNS.contains(name) ? DataTypes.StringType : numberType(cells, c);
            types.add(t);
            fields.add(DataTypes.createStructField(name, t, true));
        }
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < runs.size(); i++) {
            RunRows run = runs.get(i);
            for (int r = 0; r < cells.get(i).size(); r++) {
                List<String> row = cells.get(i).get(r);
                Object[] values = new Object[2 + labelColumns.size() + row.size()];
                values[0] = run.index();
                values[1] = r;
                for (int l = 0; l < labelColumns.size(); l++) {
                    values[2 + l] = run.labels().get(l);
                }
                for (int c = 0; c < row.size(); c++) {
                    values[2 + labelColumns.size() + c] = value(row.get(c), types.get(c));
                }
                rows.add(RowFactory.create(values));
            }
        }
        return spark.createDataFrame(rows, new StructType(fields.toArray(StructField[]::new)));
    }

    /**
     * Long when every cell of column {@code c} is an integer (results.json's longs), else double:
     * a double always prints with a point or as NaN/Infinity, so one such cell tells.
     */
    private static DataType numberType(List<List<List<String>>> runs, int c) {
        for (List<List<String>> run : runs) {
            for (List<String> cells : run) {
                String v = cells.get(c);
                if (!v.isEmpty() && !v.matches("-?[0-9]+")) {
                    return DataTypes.DoubleType;
                }
            }
        }
        return DataTypes.LongType;
    }

    private static Object value(String cell, DataType type) {
        if (type == DataTypes.StringType) {
            return cell;
        }
        if (cell.isEmpty()) {
            return null;
        }
        return type == DataTypes.LongType ? (Object) Long.parseLong(cell) : (Object) Double.parseDouble(cell);
    }

    private static void write(String path, String text, SparkSession spark) throws IOException {
        Path p = new Path(path);
        FileSystem fs = p.getFileSystem(spark.sparkContext().hadoopConfiguration());
        try (OutputStream out = fs.create(p, true)) {
            out.write(text.getBytes(StandardCharsets.UTF_8));
        }
    }
}
