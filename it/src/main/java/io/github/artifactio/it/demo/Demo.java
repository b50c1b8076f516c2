package io.github.artifactio.it.demo;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.artifactio.engine.concat.Fingerprint;
import io.github.artifactio.engine.EngineContext;
import io.github.artifactio.engine.column.Column;
import io.github.artifactio.engine.column.Float32Column;
import io.github.artifactio.engine.column.Float64Column;
import io.github.artifactio.engine.column.Int32Column;
import io.github.artifactio.engine.column.ListFloat32Column;
import io.github.artifactio.engine.column.OptFloat32Column;
import io.github.artifactio.engine.column.UInt32Column;
import io.github.artifactio.engine.column.Utf8Column;
import io.github.artifactio.engine.hash.Blake3;
import io.github.artifactio.engine.inspect.Inspector;
import io.github.artifactio.engine.sidecar.ArtifactRecord;
import io.github.artifactio.engine.sidecar.ArtifactReport;
import io.github.artifactio.engine.sidecar.Manifest;
import io.github.artifactio.engine.sidecar.SchemaId;
import io.github.artifactio.engine.sidecar.SchemaRegistry;
import io.github.artifactio.engine.sidecar.SidecarJson;
import io.github.artifactio.engine.table.TableWriter;
import io.github.artifactio.engine.table.WriteOptions;
import io.github.artifactio.engine.table.Written;
import io.github.artifactio.it.plugin.ExternalFiles;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeMap;

/**
 * The bundled demo (README's first command): a two-stage run that writes a peptide table and a fragment library
 * precursor table with their {@code .report.json} sidecars and a {@code manifest.json} into the given folder, then
 * prints {@code inspect} of the precursor table, and writes a sibling {@code demo-external} folder of files written
 * by DuckDB with known violations, which the {@code demo} profile then validates.
 */
public final class Demo {
  static final String CONFIG_JSON = "{\"enzyme\":\"trypsin\",\"missed_cleavages\":2,\"seed\":7}";

  public static void main(String[] args) throws Exception {
    // the demo's one thread pool: the writers hash what they write on it, the caller closes it
    try (EngineContext context = EngineContext.create("demo", 1)) {
      run(Path.of(args.length > 0 ? args[0] : "target/demo").toAbsolutePath(), context);
    }
  }

  private static void run(Path dir, EngineContext context) throws Exception {
    String configHash = Blake3.hashString(CONFIG_JSON).hex();
    Manifest manifest = Manifest.of("artifact-io-demo 0.1.0", CONFIG_JSON, configHash);

    SplittableRandom rnd = new SplittableRandom(7);
    int peptides = 2_000;
    String[] seq = new String[peptides];
    String[] protein = new String[peptides];
    String[] label = new String[peptides];
    int[] id = new int[peptides];
    int[] start = new int[peptides];
    int[] end = new int[peptides];
    for (int i = 0; i < peptides; i++) {
      id[i] = i;
      seq[i] = randomPeptide(rnd);
      protein[i] = "P" + (10_000 + rnd.nextInt(300));
      start[i] = rnd.nextInt(800);
      end[i] = start[i] + seq[i].length();
      label[i] = i % 2 == 0 ? "target" : "decoy";
    }
    List<Column> peptideTable =
        List.of(
            new UInt32Column("id", id),
            Utf8Column.of("peptide", seq),
            Utf8Column.of("protein", protein),
            new Int32Column("start", start),
            new Int32Column("end", end),
            Utf8Column.of("label", label));
    manifest = manifest.record(
        stage(dir, context, "peptides", SchemaRegistry.Upstream.PEPTIDES, "digest", peptideTable, configHash));

    int precursors = 5_000;
    int[] candidate = new int[precursors];
    double[] mz = new double[precursors];
    int[] charge = new int[precursors];
    float[] irt = new float[precursors];
    Float[] im = new Float[precursors];
    float[][] intensities = new float[precursors][];
    double m = 350.0;
    for (int i = 0; i < precursors; i++) {
      candidate[i] = i;
      m += rnd.nextDouble() * 0.2;
      mz[i] = m;
      charge[i] = 2 + rnd.nextInt(3);
      irt[i] = (float) (rnd.nextDouble() * 120);
      im[i] = i % 3 == 0 ? null : (float) (0.6 + rnd.nextDouble());
      intensities[i] = new float[rnd.nextInt(12)];
      for (int k = 0; k < intensities[i].length; k++) {
        intensities[i][k] = (float) rnd.nextDouble();
      }
    }
    List<Column> precursorTable =
        List.of(
            new UInt32Column("candidate_id", candidate),
            new Float64Column("precursor_mz", mz),
            new Int32Column("charge", charge),
            new Float32Column("predicted_irt", irt),
            OptFloat32Column.of("predicted_im", im),
            ListFloat32Column.of("fragment_intensities", intensities));
    SchemaId precursorSchema = SchemaRegistry.Upstream.FRAGMENT_LIBRARY_PRECURSORS;
    manifest = manifest.record(stage(
        dir, context, "fragment_library_precursors", precursorSchema, "predict-frag", precursorTable, configHash));

    SidecarJson.write(dir.resolve("manifest.json"), manifest);
    System.out
        .println("wrote " + manifest.artifacts().size() + " artifacts, their reports and manifest.json to " + dir);
    System.out.println();
    System.out.println(Inspector.inspect(dir.resolve("fragment_library_precursors.parquet")));

    // files as a Python or DuckDB import script might leave them, each with a fault the Rust engine would refuse
    // at run time; the demo profile's artifact-io:validate execution reports them (see it/pom.xml)
    Path external = dir.resolveSibling("demo-external");
    ExternalFiles.knownViolations(external);
    System.out.println();
    System.out.println("wrote externally written files with known violations to " + external);
  }

  /**
   * One stage's output: the table (its content hash taken while it is written), its report sidecar, and the manifest
   * record (path relative to the folder).
   */
  private static ArtifactRecord stage(Path dir, EngineContext context, String name, SchemaId schema, String stageName,
      List<Column> table, String configHash) {
    long t0 = System.nanoTime();
    Path artifact = dir.resolve(name + ".parquet");
    Written written = TableWriter.writeTable(
        artifact, table, WriteOptions.builder().schema(schema).contentHash().build(), context);
    long rows = written.rows();
    String hash = written.contentHash().orElseThrow().hex();
    ObjectNode params = JsonNodeFactory.instance.objectNode().put("seed", 7);
    TreeMap<String, JsonNode> stats = new TreeMap<>();
    stats.put("columns", JsonNodeFactory.instance.numberNode(table.size()));
    long elapsedMs = (System.nanoTime() - t0) / 1_000_000;
    // the published file's fingerprint, so that a concatenation of it takes its digest from here
    Fingerprint.of(artifact)
        .recordIn(new ArtifactReport(name, schema.name(), schema.version(), stageName, rows, hash, params, stats, null,
            elapsedMs))
        .writeFor(artifact);
    return new ArtifactRecord(
        name, artifact.getFileName().toString(), ArtifactRecord.FORMAT_PARQUET, schema.name(), schema.version(), rows,
        hash, stageName, configHash);
  }

  private static String randomPeptide(SplittableRandom rnd) {
    String aa = "ACDEFGHIKLMNPQRSTVWY";
    StringBuilder b = new StringBuilder();
    int len = 7 + rnd.nextInt(24);
    for (int i = 0; i < len - 1; i++) {
      b.append(aa.charAt(rnd.nextInt(aa.length())));
    }
    return b.append(rnd.nextBoolean() ? 'K' : 'R').toString();
  }

  private Demo() {}
}
