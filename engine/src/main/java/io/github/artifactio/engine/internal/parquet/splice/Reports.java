package io.github.artifactio.engine.internal.parquet.splice;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.artifactio.engine.concat.ConcatOptions;
import io.github.artifactio.engine.concat.ConcatResult;
import io.github.artifactio.engine.concat.Fingerprint;
import io.github.artifactio.engine.sidecar.ArtifactReport;
import io.github.artifactio.engine.sidecar.SchemaId;
import io.github.artifactio.engine.sidecar.SidecarJson;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The {@code <output>.report.json} of a concatenation: an {@link ArtifactReport} with stage {@code concat}, the
 * output's rows and content hash, the options that shaped it ({@code params}), what it read and wrote and how it was
 * published ({@code stats}, with the Rust engine's {@code publish} values), the provenance, and the output's
 * {@link Fingerprint} as extra fields (so that a later concatenation of this output takes its digest from here). It
 * is a function of the inputs and options alone: no time is recorded ({@code elapsed_ms} is 0, and the output's
 * modification time is left out, see {@link Fingerprint#recordIn}), so the same concatenation writes the same
 * report. The schema is the options', else the one the output's footer records, else
 * the logical name at version 0 (no identifier known).
 */
final class Reports {
  static final String STAGE = "concat";
  static final String PROVENANCE = "provenance";
  static final String REENCODED = "reencoded_columns";
  /** Columns spliced as one although an annotation restating the physical type differed (ConcatResult). */
  static final String EQUATED = "equated_columns";

  private Reports() {}

  static void write(ConcatResult r, ConcatOptions options, Map<String, String> footer) {
    if (!options.report()) {
      return;
    }
    String logical = options.logicalName().orElseGet(() -> {
      String name = r.destination().getFileName().toString();
      return name.endsWith(".parquet") ? name.substring(0, name.length() - ".parquet".length()) : name;
    });
    SchemaId schema = options.schema().orElseGet(() -> SchemaId.fromFooter(footer).orElse(new SchemaId(logical, 0)));
    JsonNodeFactory f = JsonNodeFactory.instance;
    ObjectNode params = f.objectNode();
    params.put("axis", r.axis().jsonName());
    params.put("hash_inputs", options.hashInputs());
    params.put("inputs", r.provenance().inputs().size());
    params.put("reencode", options.reencode());
    params.put("verify_checksums", options.verifyChecksums());
    SortedMap<String, JsonNode> stats = new TreeMap<>();
    stats.put("bytes_read", f.numberNode(r.bytesRead()));
    stats.put("bytes_written", f.numberNode(r.bytesWritten()));
    stats.put("publish", f.textNode(r.publish().reportName()));
    stats.put("row_groups", f.numberNode(r.rowGroups()));
    ArtifactReport report = new ArtifactReport(logical, schema.name(), schema.version(), STAGE, r.rows(),
        r.contentHash().hex(), params, stats, null, 0).withExtra(PROVENANCE, r.provenance().toJsonNode());
    report = withList(report, REENCODED, r.reencodedColumns());
    report = withList(report, EQUATED, r.equatedColumns());
    // the output as published, read back at both ends (2 MiB): what lets a reader trust content_hash without hashing
    report = Fingerprint.of(r.destination()).recordIn(report);
    SidecarJson.write(ArtifactReport.sidecarPathFor(r.destination()), report);
  }

  /** {@code report} with {@code key}'s list, or as it is when the list is empty (the key is then left out). */
  private static ArtifactReport withList(ArtifactReport report, String key, List<String> values) {
    if (values.isEmpty()) {
      return report;
    }
    ArrayNode list = JsonNodeFactory.instance.arrayNode();
    values.forEach(list::add);
    return report.withExtra(key, list);
  }
}
