package io.github.artifactio.cli;

import io.github.artifactio.engine.concat.Axis;
import io.github.artifactio.engine.concat.Concat;
import io.github.artifactio.engine.concat.ConcatOptions;
import io.github.artifactio.engine.concat.ConcatResult;
import io.github.artifactio.engine.sidecar.SchemaId;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code concat -o OUT INPUT...}: the engine's {@link Concat} (README, "Concatenation"): rows spliced or columns
 * joined without decoding a page, published atomically, with {@code OUT.report.json} beside it.
 */
@Command(name = "concat", mixinStandardHelpOptions = true,
    description = "Concatenates Parquet files without re-encoding them: their row groups one after another (--axis"
        + " rows, the default) or their columns side by side (--axis columns).")
final class ConcatCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Option(names = {"-o", "--output"}, paramLabel = "OUT", required = true, description = "The file to write.")
  Path output;

  @Option(names = "--axis", paramLabel = "AXIS", defaultValue = "rows", description = "rows (default) or columns.")
  Axis axis;

  @Option(names = "--reencode", description = "Columns axis: decode and write again the columns of inputs whose row"
      + " groups do not line up with the first input's (default: refuse).")
  boolean reencode;

  @Option(names = "--no-verify-checksums", negatable = false,
      description = "Do not check page headers, CRC32s and offset indexes as the bytes pass.")
  boolean noVerify;

  @Option(names = "--no-hash-inputs", description = "Do not record the inputs' blake3 in the provenance.")
  boolean noHashInputs;

  @Option(names = "--no-report", description = "Do not write OUT.report.json.")
  boolean noReport;

  @Option(names = "--buffer-mib", paramLabel = "N", defaultValue = "16",
      description = "The read and the write buffer, in MiB (default 16).")
  int bufferMib;

  @Option(names = "--metadata", paramLabel = "KEY=VALUE", description = "A footer entry of the output (repeatable).")
  Map<String, String> metadata;

  @Option(names = "--schema", paramLabel = "NAME@VERSION", description = "The output's schema identifier.")
  String schema;

  @Option(names = "--logical-name", paramLabel = "NAME", description = "The logical name in the report.")
  String logicalName;

  @Parameters(paramLabel = "INPUT", arity = "1..*", description = "The Parquet files, in order.")
  List<Path> inputs;

  @Override
  public Integer call() {
    for (Path in : inputs) {
      if (!Files.isRegularFile(in)) {
        spec.commandLine().getErr().println("artifact-io concat: " + in
            + (Files.exists(in) ? " is not a file" : " does not exist"));
        return Main.USAGE;
      }
    }
    ConcatOptions options;
    try {
      options = options();
    } catch (IllegalArgumentException e) {
      spec.commandLine().getErr().println("artifact-io concat: " + e.getMessage());
      return Main.USAGE;
    }
    // a refused concatenation (schemas or row groups that differ, a corrupt input) is an ArtifactException naming
    // the input: Main prints it and exits FAILED, and the previous output is untouched
    ConcatResult r = Concat.concat(output, inputs, axis, options);
    spec.commandLine().getOut().println(output + ": " + r.rows() + " rows in " + r.rowGroups() + " row groups, "
        + r.publish().reportName() + ", blake3 " + r.contentHash().hex() + " (" + r.bytesRead() + " bytes read, "
        + r.bytesWritten() + " written" + (r.reencodedColumns().isEmpty() ? "" : "; re-encoded "
        + String.join(", ", r.reencodedColumns())) + ")");
    return Main.PASS;
  }

  private ConcatOptions options() {
    ConcatOptions.Builder b = ConcatOptions.builder()
        .reencode(reencode)
        .verifyChecksums(!noVerify)
        .hashInputs(!noHashInputs)
        .report(!noReport)
        .bufferBytes(Math.multiplyExact(bufferMib, 1 << 20));
    if (metadata != null) {
      new java.util.TreeMap<>(metadata).forEach(b::metadata);
    }
    if (schema != null) {
      b.schema(SchemaId.parse(schema));
    }
    if (logicalName != null) {
      b.logicalName(logicalName);
    }
    return b.build();
  }
}
