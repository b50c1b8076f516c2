package io.github.artifactio.engine;

import io.github.artifactio.engine.layout.PageLayout;
import io.github.artifactio.engine.layout.SortingColumn;
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
import java.util.function.Consumer;
import java.util.zip.CRC32;
import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.format.PageHeader;
import org.apache.parquet.format.RowGroup;
import org.apache.parquet.format.Util;

/**
 * Test inputs the engine did not write, for the engine's tests and (through the test jar) the plugin's: files written
 * by DuckDB, and files changed on purpose with the Thrift structures themselves, an independent reader and writer of
 * the footer, page headers and offset indexes. The helpers locate pages with the engine's layout, and change nothing but what they
 * say.
 */
public final class TestFiles {
  private TestFiles() {}

  /** Runs {@code COPY (select) TO file (FORMAT parquet, options)} in DuckDB. */
  public static Path duckdb(Path file, String select, String options) {
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement s = c.createStatement()) {
      s.execute("COPY (" + select + ") TO '" + file + "' (FORMAT parquet" + (options.isEmpty() ? "" : ", " + options)
          + ")");
    } catch (Exception e) {
      throw new IllegalStateException("duckdb writing " + file, e);
    }
    return file;
  }

  /**
   * Changes the first row the offset index gives data page {@code page} of column chunk {@code column} in row group
   * {@code rowGroup} to {@code firstRow}, in place: the new value must take as many varint bytes as the old one.
   */
  public static Path moveIndexedPageStart(Path file, int rowGroup, int column, int page, long firstRow) {
    try {
      byte[] b = Files.readAllBytes(file);
      int length = ByteBuffer.wrap(b, b.length - 8, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();
      FileMetaData md = Util.readFileMetaData(new ByteArrayInputStream(b, b.length - 8 - length, length));
      org.apache.parquet.format.ColumnChunk c = md.getRow_groups().get(rowGroup).getColumns().get(column);
      int at = (int) c.getOffset_index_offset();
      org.apache.parquet.format.OffsetIndex index =
          Util.readOffsetIndex(new ByteArrayInputStream(b, at, c.getOffset_index_length()));
      index.getPage_locations().get(page).setFirst_row_index(firstRow);
      ByteArrayOutputStream changed = new ByteArrayOutputStream();
      Util.writeOffsetIndex(index, changed);
      if (changed.size() != c.getOffset_index_length()) {
        throw new IllegalArgumentException("row " + firstRow + " does not encode in the index's old length");
      }
      System.arraycopy(changed.toByteArray(), 0, b, at, changed.size());
      Files.write(file, b);
      return file;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Decodes the Thrift footer of {@code file}, lets {@code change} edit it, and writes it back in its place. */
  public static Path rewriteFooter(Path file, Consumer<FileMetaData> change) {
    try {
      byte[] b = Files.readAllBytes(file);
      int length = ByteBuffer.wrap(b, b.length - 8, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();
      int start = b.length - 8 - length;
      FileMetaData md = Util.readFileMetaData(new ByteArrayInputStream(b, start, length));
      change.accept(md);
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      out.write(b, 0, start);
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

  /**
   * Makes every row group of {@code file} declare {@code keys} as its {@code sorting_columns} (what pyarrow's
   * {@code sorting_columns=} and Spark's sorted writes record); the data pages are untouched. The engine's writer
   * declares no sort order, so this is how a test gets a declaration the data may or may not keep.
   */
  public static Path declareSort(Path file, SortingColumn... keys) {
    return rewriteFooter(file, md -> {
      for (RowGroup rg : md.getRow_groups()) {
        rg.setSorting_columns(java.util.Arrays.stream(keys)
            .map(k -> new org.apache.parquet.format.SortingColumn(k.leaf(), k.descending(), k.nullsFirst()))
            .toList());
      }
    });
  }

  /**
   * Changes one page's header in place: {@code change} edits the decoded header, which must encode to as many bytes as
   * before (so every offset in the file stays right; a varint that grows a byte fails the helper, not the test's
   * subject). The page's CRC, which covers only the body, is left as it is.
   */
  public static void rewritePageHeader(Path file, PageLayout page, Consumer<PageHeader> change) {
    try {
      byte[] b = Files.readAllBytes(file);
      int headerAt = (int) page.headerOffset();
      int length = (int) (page.bodyOffset() - headerAt);
      PageHeader h = Util.readPageHeader(new ByteArrayInputStream(b, headerAt, length));
      change.accept(h);
      ByteArrayOutputStream header = new ByteArrayOutputStream();
      Util.writePageHeader(h, header);
      if (header.size() != length) {
        throw new IllegalStateException("the changed page header takes " + header.size() + " bytes, not " + length);
      }
      System.arraycopy(header.toByteArray(), 0, b, headerAt, length);
      Files.write(file, b);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Changes one page's body and recomputes its CRC32, so the page still verifies and only what the body holds is
   * wrong. The CRC is a varint in the header: {@code change} is given attempt numbers 0, 1, 2, ... (to vary what it
   * writes) until the rewritten header keeps its length.
   */
  public static void changePageBody(Path file, PageLayout page, java.util.function.ObjIntConsumer<byte[]> change) {
    try {
      byte[] original = Files.readAllBytes(file);
      int headerAt = (int) page.headerOffset();
      int bodyAt = (int) page.bodyOffset();
      for (int attempt = 0; attempt < 256; attempt++) {
        byte[] b = original.clone();
        byte[] body = java.util.Arrays.copyOfRange(b, bodyAt, bodyAt + page.compressedBytes());
        change.accept(body, attempt);
        System.arraycopy(body, 0, b, bodyAt, body.length);
        PageHeader h = Util.readPageHeader(new ByteArrayInputStream(b, headerAt, bodyAt - headerAt));
        CRC32 crc = new CRC32();
        crc.update(body);
        h.setCrc((int) crc.getValue());
        ByteArrayOutputStream header = new ByteArrayOutputStream();
        Util.writePageHeader(h, header);
        if (header.size() == bodyAt - headerAt) {
          System.arraycopy(header.toByteArray(), 0, b, headerAt, header.size());
          Files.write(file, b);
          return;
        }
      }
      throw new IllegalStateException("no change of the body keeps the page header's length");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Breaks an uncompressed v1 data page of an optional, not repeated column while keeping its framing: the length
   * prefix of its definition levels is set past the page's end and the page's CRC is recomputed, so the page still
   * frames, checksums and decompresses, and only decoding its values fails. The CRC is a varint in the header, so the
   * prefix is chosen among values near the maximum until the rewritten header keeps its length (and every offset).
   */
  public static void breakLevels(Path file, PageLayout page) {
    changePageBody(file, page, (body, attempt) -> ByteBuffer.wrap(body, 0, 4).order(ByteOrder.LITTLE_ENDIAN)
        .putInt(Integer.MAX_VALUE - attempt));
  }

  /** The first data page of {@code column}'s first chunk, as the engine's page walk finds it. */
  public static PageLayout firstDataPage(Path file, String column) {
    java.util.List<io.github.artifactio.engine.layout.ChunkWalk> walks = new java.util.ArrayList<>();
    io.github.artifactio.engine.layout.FileLayout.read(file).walkPages(walks::add);
    return walks.stream().filter(w -> w.chunk().path().equals(column)).findFirst().orElseThrow().pages().stream()
        .filter(p -> p.kind().isData()).findFirst().orElseThrow();
  }

  /**
   * Replaces the schema of a footer by one nested {@code depth} levels deep: {@code depth - 1} optional groups around
   * one required INT64 leaf (row groups left as they are), the shape that overflowed parquet-java's recursive schema
   * conversion.
   */
  public static void nestSchema(FileMetaData md, int depth) {
    java.util.List<org.apache.parquet.format.SchemaElement> schema = new java.util.ArrayList<>();
    org.apache.parquet.format.SchemaElement root = new org.apache.parquet.format.SchemaElement("schema");
    root.setNum_children(1);
    schema.add(root);
    for (int i = 1; i < depth; i++) {
      org.apache.parquet.format.SchemaElement g = new org.apache.parquet.format.SchemaElement("g" + i);
      g.setRepetition_type(org.apache.parquet.format.FieldRepetitionType.OPTIONAL);
      g.setNum_children(1);
      schema.add(g);
    }
    org.apache.parquet.format.SchemaElement leaf = new org.apache.parquet.format.SchemaElement("x");
    leaf.setType(org.apache.parquet.format.Type.INT64);
    leaf.setRepetition_type(org.apache.parquet.format.FieldRepetitionType.REQUIRED);
    schema.add(leaf);
    md.setSchema(schema);
  }
}
