package io.github.artifactio.maven.check;

import io.github.artifactio.engine.column.Column;
import io.github.artifactio.engine.column.Float64Column;
import io.github.artifactio.engine.column.UInt32Column;
import io.github.artifactio.engine.table.TableWriter;
import io.github.artifactio.engine.table.WriteOptions;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.Base64;
import java.util.List;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.format.RowGroup;
import org.apache.parquet.format.SortingColumn;
import org.apache.parquet.format.Util;

/** Test inputs: library tables written by the engine, and files written by DuckDB (an independent writer). */
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
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement s = c.createStatement()) {
      s.execute("COPY (" + select + ") TO '" + file + "' (FORMAT parquet" + (options.isEmpty() ? "" : ", " + options)
          + ")");
    } catch (Exception e) {
      throw new IllegalStateException("duckdb writing " + file, e);
    }
    return file;
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

  /**
   * Rewrites the footer of {@code file} so that every row group declares {@code keys} as its {@code sorting_columns}
   * (what pyarrow's {@code sorting_columns=} and Spark's sorted writes record); the data pages are untouched. Our
   * writer declares no sort order, so this is how a test gets a declaration the data may or may not keep.
   */
  static Path declareSort(Path file, SortingColumn... keys) {
    try {
      byte[] b = Files.readAllBytes(file);
      int footerLength = ByteBuffer.wrap(b, b.length - 8, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();
      int footerStart = b.length - 8 - footerLength;
      FileMetaData md = Util.readFileMetaData(new ByteArrayInputStream(b, footerStart, footerLength));
      for (RowGroup rg : md.getRow_groups()) {
        rg.setSorting_columns(List.of(keys));
      }
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      out.write(b, 0, footerStart);
      ByteArrayOutputStream footer = new ByteArrayOutputStream();
      Util.writeFileMetaData(md, footer);
      footer.writeTo(out);
      out.write(ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(footer.size()).array());
      out.write(new byte[] {'P', 'A', 'R', '1'});
      Files.write(file, out.toByteArray());
      return file;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
