package io.github.artifactio.engine.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.artifactio.engine.ArtifactException;
import io.github.artifactio.engine.TestData;
import io.github.artifactio.engine.column.ColumnType;
import io.github.artifactio.engine.column.LargeListFloat32Column;
import io.github.artifactio.engine.column.ListFloat64Column;
import io.github.artifactio.engine.column.OptInt64Column;
import io.github.artifactio.engine.column.OptUtf8Column;
import io.github.artifactio.engine.table.ColumnSpec;
import io.github.artifactio.engine.table.Table;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What Polars' writer emits (testdata/polars, written by nodejs-polars 0.25.2 with {@code make.js}): strings as
 * {@code Utf8View}, categoricals as {@code Dictionary(UInt32, Utf8View)} and lists as {@code LargeList}; the Parquet
 * bytes are the engine's own types, so they read as {@code OptUtf8Column} and {@code ListFloat64Column}.
 */
class PolarsFilesTest {
  @Test
  void polars_strings_categoricals_and_large_lists_read_as_the_engines_columns() {
    Path p = TestData.path("polars/polars_strings_and_lists.parquet");
    Table t = Table.read(p);
    assertEquals(List.of("Int64", "Utf8View", "Dictionary(UInt32, Utf8View)", "LargeList(Float64)",
        "LargeList(Float32)"), t.specs().stream().map(ColumnSpec::arrowType).toList());
    assertEquals(List.of(ColumnType.OPT_INT64, ColumnType.OPT_UTF8, ColumnType.OPT_UTF8, ColumnType.LIST_FLOAT64,
        ColumnType.LARGE_LIST_FLOAT32), t.specs().stream().map(ColumnSpec::decodedAs).toList());
    assertEquals(OptInt64Column.of("id", 0L, 1L, 2L, 3L), t.column("id"));
    assertEquals(OptUtf8Column.of("peptide", "PEPTIDE", "ACDK", null, "MK"), t.column("peptide"));
    assertEquals(OptUtf8Column.of("label", "target", "decoy", "target", null), t.column("label"));
    assertEquals(ListFloat64Column.of("mz", new double[] {401.5, 402.25}, new double[0], null, new double[] {733.0}),
        t.column("mz"));
    assertEquals(LargeListFloat32Column.of("intensity", new float[] {1.5f}, new float[] {0.25f, 0.5f}, new float[0],
        null), t.column("intensity"));
  }

  @Test
  void a_null_list_item_polars_wrote_is_refused_naming_file_column_row_group_and_row() {
    Path p = TestData.path("polars/polars_null_list_items.parquet");
    ArtifactException e = assertThrows(ArtifactException.class, () -> Table.read(p));
    assertEquals(p + ", column 'intensity', row group 0, row 1: a NULL list item; the engine's list columns hold no"
        + " null items", e.getMessage());
  }
}
