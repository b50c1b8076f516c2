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
import java.util.zip.CRC32;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.parquet.format.ColumnChunk;
import org.apache.parquet.format.ColumnMetaData;
import org.apache.parquet.format.CompressionCodec;
import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.format.PageHeader;
import org.apache.parquet.format.PageType;
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

  /** Where {@link #breakLastDataPage} broke a page: its index among the chunk's data pages, and its first row. */
  record BrokenPage(int page, int pages, long firstRow) {}

  /**
   * Breaks the values of the last data page of {@code column} (optional, not repeated) in row group 0 while keeping
   * the page's framing: the definition levels' length prefix of the uncompressed V1 page is set past the page's end,
   * and the page's CRC is recomputed, so the page walk still passes the file and only decoding can fail. The CRC is
   * a varint in the header; the prefix is chosen so that the rewritten header keeps its length (and every offset).
   */
  static BrokenPage breakLastDataPage(Path file, String column) {
    try {
      byte[] b = Files.readAllBytes(file);
      int footerLength = ByteBuffer.wrap(b, b.length - 8, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();
      FileMetaData md = Util.readFileMetaData(new ByteArrayInputStream(b, b.length - 8 - footerLength, footerLength));
      ColumnMetaData m = null;
      for (ColumnChunk c : md.getRow_groups().get(0).getColumns()) {
        if (String.join(".", c.getMeta_data().getPath_in_schema()).equals(column)) {
          m = c.getMeta_data();
        }
      }
      if (m == null || m.getCodec() != CompressionCodec.UNCOMPRESSED) {
        throw new IllegalStateException(column + " is not an uncompressed column of " + file);
      }
      long start = m.isSetDictionary_page_offset() && m.getDictionary_page_offset() > 0
          ? Math.min(m.getDictionary_page_offset(), m.getData_page_offset()) : m.getData_page_offset();
      int end = (int) (start + m.getTotal_compressed_size());
      ByteArrayInputStream in = new ByteArrayInputStream(b, (int) start, end - (int) start);
      PageHeader last = null;
      int lastHeaderAt = -1;
      int lastDataAt = -1;
      long lastFirstRow = 0;
      long rows = 0;
      int pages = 0;
      while (in.available() > 0) {
        int headerAt = end - in.available();
        PageHeader h = Util.readPageHeader(in);
        if (h.getType() == PageType.DATA_PAGE) {
          last = h;
          lastHeaderAt = headerAt;
          lastDataAt = end - in.available();
          lastFirstRow = rows;
          rows += h.getData_page_header().getNum_values();
          pages++;
        } else if (h.getType() == PageType.DATA_PAGE_V2) {
          throw new IllegalStateException("V2 pages: their levels have no length prefix to break");
        }
        in.skipNBytes(h.getCompressed_page_size());
      }
      int headerLength = lastDataAt - lastHeaderAt;
      for (int k = 0; k < 1000; k++) {
        ByteBuffer.wrap(b, lastDataAt, 4).order(ByteOrder.LITTLE_ENDIAN).putInt(Integer.MAX_VALUE - k);
        CRC32 crc = new CRC32();
        crc.update(b, lastDataAt, last.getCompressed_page_size());
        last.setCrc((int) crc.getValue());
        ByteArrayOutputStream header = new ByteArrayOutputStream();
        Util.writePageHeader(last, header);
        if (header.size() == headerLength) {
          System.arraycopy(header.toByteArray(), 0, b, lastHeaderAt, headerLength);
          Files.write(file, b);
          return new BrokenPage(pages - 1, pages, lastFirstRow);
        }
      }
      throw new IllegalStateException("no levels length keeps the page header's length");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
