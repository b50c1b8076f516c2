package io.github.artifactio.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.artifactio.engine.column.Column;
import io.github.artifactio.engine.column.Float64Column;
import io.github.artifactio.engine.column.ListFloat32Column;
import io.github.artifactio.engine.column.OptFloat32Column;
import io.github.artifactio.engine.column.UInt32Column;
import io.github.artifactio.engine.hash.Blake3;
import io.github.artifactio.engine.inspect.Inspector;
import io.github.artifactio.engine.sidecar.SchemaRegistry;
import io.github.artifactio.engine.table.As;
import io.github.artifactio.engine.table.Table;
import io.github.artifactio.engine.table.TableWriter;
import io.github.artifactio.engine.table.WriteOptions;
import io.github.artifactio.engine.table.Written;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The README's 15-line engine example, verbatim apart from the folder, so that it keeps compiling and working. */
class ReadmeExampleTest {
  @TempDir Path dir;

  @Test
  void the_readme_example_writes_reads_and_inspects() {
    Path out = dir.resolve("target/precursors.parquet");
    List<Column> table = List.of(
        new UInt32Column("candidate_id", new int[] {0, 1, 2}),
        new Float64Column("precursor_mz", new double[] {400.1, 512.3, 733.9}),
        OptFloat32Column.of("predicted_im", 0.81f, null, 1.02f),
        ListFloat32Column.of("intensities", new float[] {1, 0.5f}, new float[0], null));
    Written w = TableWriter.writeTable(out, table, WriteOptions.builder()
        .schema(SchemaRegistry.Upstream.FRAGMENT_LIBRARY_PRECURSORS).contentHash().build());

    Table t = Table.read(out);
    double[] mz = t.get("precursor_mz", As.FLOAT64);
    OptFloat32Column im = t.get("predicted_im", As.OPT_FLOAT32);
    String text = Inspector.inspect(out);

    assertEquals(Blake3.hashFile(out), w.contentHash().orElseThrow());
    assertEquals(512.3, mz[1]);
    assertNull(im.get(1));
    assertTrue(text.contains("artifact_io.schema_name = fragment_library_precursors"), text);
  }
}
