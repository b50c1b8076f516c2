package io.github.artifactio.cli;

import io.github.artifactio.engine.EngineContext;
import io.github.artifactio.engine.concat.Axis;
import io.github.artifactio.engine.concat.Concat;
import io.github.artifactio.engine.concat.ConcatOptions;
import io.github.artifactio.engine.concat.ConcatResult;
import io.github.artifactio.engine.concat.RowGroupsMisalignedException;
import io.github.artifactio.engine.sidecar.SchemaId;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.io.PrintWriter;

/**
 * {@code concat -o OUT INPUT...}: the engine's {@link Concat} (docs/concat.md): rows spliced or columns
 * joined without decoding a page, published atomically, with {@code OUT.report.json} beside it.
 */
final class ConcatCommand implements CliCommand {
  private static final CommandDef DEF = CommandDef.command("concat",
      "Concatenates Parquet files without re-encoding them: their row groups one after another (--axis rows, the"
          + " default) or their columns side by side (--axis columns).")
      .params("INPUT", 1, -1, "The Parquet files, in order.")
      .required("-o,--output", "OUT", "The file to write.")
      .value("--axis", "AXIS", "rows", "rows (default) or columns.")
      .flag("--reencode", "Columns axis: decode and write again the columns of inputs whose row groups do not line"
          + " up with the first input's (default: refuse).")
      .flag("--no-verify-checksums", "Do not check page headers, CRC32s and offset indexes as the bytes pass.")
      .flag("--no-hash-inputs", "Do not record the inputs' blake3 in the provenance.")
      .flag("--no-report", "Do not write OUT.report.json.")
      .flag("--no-sync", "A scratch output: do not sync it to the device before its rename (default: sync, so a"
          + " crash leaves the previous OUT or the whole new one).")
      .value("--buffer-mib", "N", "16", "The read and the write buffer, in MiB (default 16).")
      .map("--metadata", "KEY=VALUE", "A footer entry of the output.")
      .value("--schema", "NAME@VERSION", null, "The output's schema identifier.")
      .value("--logical-name", "NAME", null, "The logical name in the report.");

  @Override
  public CommandDef def() {
    return DEF;
  }

  @Override
  public int run(Parsed args, PrintWriter out, PrintWriter err) throws UsageException {
    List<Path> inputs = args.paths();
    Path output = args.path("--output");
    Axis axis = args.choice("--axis", Axis.class);
    for (Path in : inputs) {
      if (!Files.isRegularFile(in)) {
        err.println("artifact-io concat: " + in + (Files.exists(in) ? " is not a file" : " does not exist"));
        return Main.USAGE;
      }
    }
    ConcatOptions options;
    try {
      options = options(args);
    } catch (IllegalArgumentException e) {
      err.println("artifact-io concat: " + e.getMessage());
      return Main.USAGE;
    }
    // a refused concatenation (schemas or row groups that differ, a corrupt input) is an ArtifactException naming
    // the input: Main prints it and exits FAILED, and the previous output is untouched
    ConcatResult r;
    // one thread a core: the calling thread copies and hashes, the context's threads hash beside it, and a durable
    // output takes one of them to sync as it is written, a thread that mostly waits on the device
    try (EngineContext context = EngineContext.create("artifact-io-concat",
        Runtime.getRuntime().availableProcessors())) {
      r = Concat.concat(output, inputs, axis, options.toBuilder().context(context).build());
    } catch (RowGroupsMisalignedException e) {
      throw e.spelling("--reencode"); // the option as this command spells it, not the Java API's name
    }
    out.println(output + ": " + r.rows() + " rows in " + r.rowGroups() + " row groups, "
        + r.publish().reportName() + ", blake3 " + r.contentHash().hex() + " (" + r.bytesRead() + " bytes read, "
        + r.bytesWritten() + " written" + (r.reencodedColumns().isEmpty() ? "" : "; re-encoded "
            + String.join(", ", r.reencodedColumns()))
        + ")");
    return Main.PASS;
  }

  /** The options the command line gives (package-private: a test reads what each flag sets). */
  static ConcatOptions options(Parsed args) throws UsageException {
    ConcatOptions.Builder b = ConcatOptions.builder()
        .reencode(args.flag("--reencode"))
        .verifyChecksums(!args.flag("--no-verify-checksums"))
        .hashInputs(!args.flag("--no-hash-inputs"))
        .report(!args.flag("--no-report"))
        .durable(!args.flag("--no-sync"))
        .bufferBytes(Math.multiplyExact(args.integer("--buffer-mib"), 1 << 20));
    Map<String, String> metadata = args.map("--metadata");
    String schema = args.string("--schema");
    String logicalName = args.string("--logical-name");
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
