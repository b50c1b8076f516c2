package io.github.artifactio.engine.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.github.artifactio.engine.SchemaMismatchException;
import io.github.artifactio.engine.column.Int64Column;
import io.github.artifactio.engine.sidecar.ArtifactRecord;
import io.github.artifactio.engine.sidecar.ArtifactReport;
import io.github.artifactio.engine.sidecar.Manifest;
import io.github.artifactio.engine.sidecar.SchemaId;
import io.github.artifactio.engine.sidecar.SidecarJson;
import io.github.artifactio.engine.table.As;
import io.github.artifactio.engine.table.OpenOptions;
import io.github.artifactio.engine.table.TableFile;
import io.github.artifactio.engine.table.TableWriter;
import io.github.artifactio.engine.table.WriteOptions;
import java.nio.file.Path;
import java.util.List;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SchemaGateTest {
  static final SchemaId V1 = new SchemaId("peptides", 1);
  static final SchemaId V2 = new SchemaId("peptides", 2);
  static final String HASH = "0".repeat(64);

  @TempDir Path dir;

  private Path write(String name, SchemaId footer) {
    Path p = dir.resolve(name);
    WriteOptions.Builder o = WriteOptions.builder();
    if (footer != null) {
      o.schema(footer);
    }
    TableWriter.writeTable(p, List.of(Int64Column.of("id", 1, 2, 3)), o.build());
    return p;
  }

  private static OpenOptions expect(SchemaId id) {
    return OpenOptions.builder().expectSchema(id).build();
  }

  private static void report(Path artifact, SchemaId id) {
    new ArtifactReport("peptides", id.name(), id.version(), "digest", 3, HASH, JsonNodeFactory.instance.objectNode(),
        new TreeMap<>(), null, 1).writeFor(artifact);
  }

  @Test
  void an_artifact_whose_footer_records_the_expected_schema_opens() {
    Path p = write("ok.parquet", V1);
    assertEquals(3, TableFile.open(p, expect(V1)).get("id", As.INT64).length);
    assertEquals(3, TableFile.open(p, OpenOptions.builder().expectSchema(V1).offsetIndex(true).build()).rows());
  }

  @Test
  void another_version_in_the_footer_fails_before_any_page_naming_both() {
    Path p = write("v1.parquet", V1);
    SchemaMismatchException e = assertThrows(SchemaMismatchException.class, () -> TableFile.open(p, expect(V2)));
    assertEquals(
        p + ": opened expecting schema peptides@2, but its footer records peptides@1; no data was read",
        e.getMessage());
  }

  @Test
  void another_version_in_the_report_sidecar_fails_naming_both() {
    Path p = write("r.parquet", null);
    report(p, V1);
    SchemaMismatchException e = assertThrows(SchemaMismatchException.class, () -> TableFile.open(p, expect(V2)));
    assertEquals(
        p + ": opened expecting schema peptides@2, but its report " + ArtifactReport.sidecarPathFor(p)
            + " records peptides@1; no data was read",
        e.getMessage());
    assertEquals(3, TableFile.open(p, expect(V1)).rows());
  }

  @Test
  void another_version_in_the_manifest_record_fails_naming_both() {
    Path p = write("m.parquet", V2);
    Path manifest = dir.resolve("manifest.json");
    Manifest m = Manifest.of("0.1.0", "{}", HASH)
        .record(new ArtifactRecord("peptides", "m.parquet", "parquet", "peptides", 1, 3, HASH, "digest", HASH));
    SidecarJson.write(manifest, m);
    OpenOptions o = OpenOptions.builder().expectSchema(V2).manifest(manifest).build();
    SchemaMismatchException e = assertThrows(SchemaMismatchException.class, () -> TableFile.open(p, o));
    assertEquals(
        p + ": opened expecting schema peptides@2, but the manifest " + manifest
            + " (artifact 'peptides') records peptides@1; no data was read",
        e.getMessage());
  }

  @Test
  void an_artifact_that_records_no_schema_anywhere_cannot_pass_the_gate() {
    Path p = write("none.parquet", null);
    SchemaMismatchException e = assertThrows(SchemaMismatchException.class, () -> TableFile.open(p, expect(V1)));
    assertEquals(
        p + ": opened expecting schema peptides@1, but neither its footer, a report none.parquet.report.json"
            + " records a schema, so the version cannot be checked",
        e.getMessage());
  }
}
