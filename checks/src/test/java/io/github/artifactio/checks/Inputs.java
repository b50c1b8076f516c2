package io.github.artifactio.checks;

import io.github.artifactio.engine.TestFiles;
import io.github.artifactio.engine.column.Column;
import io.github.artifactio.engine.column.Float64Column;
import io.github.artifactio.engine.column.UInt32Column;
import io.github.artifactio.engine.layout.ChunkWalk;
import io.github.artifactio.engine.layout.FileLayout;
import io.github.artifactio.engine.layout.PageKind;
import io.github.artifactio.engine.layout.PageLayout;
import io.github.artifactio.engine.layout.SortingColumn;
import io.github.artifactio.engine.table.TableWriter;
import io.github.artifactio.engine.table.WriteOptions;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Test inputs: library tables written by the engine, files written by DuckDB (an independent writer), and files broken
 * on purpose by the engine's test helpers ({@link TestFiles}, with the Thrift structures).
 */
final class Inputs {
  private Inputs() {}

  /** A precursor table: candidate_id 0..n-1, precursor_mz ascending, in row groups of {@code groupRows}. */
  static Path precursors(Path file, int n, int groupRows) {
    int[] id = new int[n];
    double[] mz = new double[n];
    for (int i = 0; i < n; i++) {
      id[i] = i;
      mz[i] = 400 + i * 0.01;
    }
    return write(file, List.of(new UInt32Column("candidate_id", id), new Float64Column("precursor_mz", mz)),
        groupRows);
  }

  static Path write(Path file, List<Column> columns, int groupRows) {
    TableWriter.writeTable(file, columns, WriteOptions.builder().rowGroupRows(groupRows).build());
    return file;
  }

  /** Runs {@code COPY (select) TO file} in DuckDB with the given COPY options. */
  static Path duckdb(Path file, String select, String options) {
    return TestFiles.duckdb(file, select, options);
  }

  /**
   * A DuckDB file whose footer carries the {@code ARROW:schema} pyarrow writes for a {@code large_string} column
   * (DuckDB stores the key-value entry it is given; the Arrow schema is serialised as Arrow's IPC schema message).
   */
  static Path largeUtf8(Path file) {
    Schema s = new Schema(List.of(
        new Field("peptidoform", FieldType.nullable(ArrowType.LargeUtf8.INSTANCE), null),
        new Field("candidate_id", FieldType.nullable(new ArrowType.Int(32, false)), null)));
    String b64 = Base64.getEncoder().encodeToString(s.serializeAsMessage());
    return duckdb(file, "SELECT 'PEP' || i AS peptidoform, i::UINTEGER AS candidate_id FROM range(10) t(i)",
        "COMPRESSION snappy, KV_METADATA {'ARROW:schema': '" + b64 + "'}");
  }

  /** Makes every row group of {@code file} declare {@code keys} as its {@code sorting_columns}. */
  static Path declareSort(Path file, SortingColumn... keys) {
    return TestFiles.declareSort(file, keys);
  }

  /** Where {@link #breakLastDataPage} broke a page: its index among the chunk's data pages, and its first row. */
  record BrokenPage(int page, int pages, long firstRow) {}

  /**
   * Breaks the values of the last data page of {@code column} (optional, not repeated, uncompressed) in row group 0
   * while keeping the page's framing and CRC ({@link TestFiles#breakLevels}), so the page walk still passes the file
   * and only decoding can fail. The page is found with the engine's page walk.
   */
  static BrokenPage breakLastDataPage(Path file, String column) {
    List<ChunkWalk> walks = new ArrayList<>();
    FileLayout.read(file).walkPages(w -> {
      if (w.chunk().rowGroup() == 0 && w.chunk().path().equals(column)) {
        walks.add(w);
      }
    });
    ChunkWalk w = walks.get(0);
    if (!w.chunk().codec().equals("UNCOMPRESSED")) {
      throw new IllegalStateException(column + " is not an uncompressed column of " + file);
    }
    PageLayout last = null;
    for (PageLayout p : w.pages()) {
      if (p.kind() == PageKind.DATA_V2) {
        throw new IllegalStateException("V2 pages: their levels have no length prefix to break");
      }
      if (p.kind() == PageKind.DATA_V1) {
        last = p;
      }
    }
    TestFiles.breakLevels(file, last);
    return new BrokenPage(last.dataPage(), w.dataPages(), last.firstRow());
  }
}
