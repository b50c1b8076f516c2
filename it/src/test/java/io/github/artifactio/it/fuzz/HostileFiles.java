package io.github.artifactio.it.fuzz;

import io.github.artifactio.engine.TestFiles;
import io.github.artifactio.engine.column.Float64Column;
import io.github.artifactio.engine.column.Int64Column;
import io.github.artifactio.engine.column.OptInt64Column;
import io.github.artifactio.engine.column.Utf8Column;
import io.github.artifactio.engine.layout.PageLayout;
import io.github.artifactio.engine.table.TableWriter;
import io.github.artifactio.engine.table.WriteOptions;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;
import java.util.zip.GZIPOutputStream;
import org.apache.parquet.format.ColumnChunk;
import org.apache.parquet.format.ColumnMetaData;
import org.apache.parquet.format.CompressionCodec;
import org.apache.parquet.format.DataPageHeader;
import org.apache.parquet.format.DictionaryPageHeader;
import org.apache.parquet.format.Encoding;
import org.apache.parquet.format.FieldRepetitionType;
import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.format.PageHeader;
import org.apache.parquet.format.PageType;
import org.apache.parquet.format.RowGroup;
import org.apache.parquet.format.SchemaElement;
import org.apache.parquet.format.Type;
import org.apache.parquet.format.Util;

/**
 * Writes {@code testdata/hostile/}: the hostile files, as far as they could be made again, each small and
 * each refused by every reader with the engine's typed error ({@code HostileFilesTest}); {@code README.md} there says
 * what each one is. Two sources: files built page by page from Thrift structures (sizes and counts no writer would
 * declare, page bodies that are compression bombs), and small engine-written tables with one field of their footer or
 * a page header changed. Run it again with {@code java -cp <it test classpath> ...HostileFiles testdata/hostile}.
 */
public final class HostileFiles {
  private HostileFiles() {}

  /** Whether the next built file's column is OPTIONAL (its pages then start with definition levels). */
  private static boolean optional;

  public static void main(String[] args) throws IOException {
    write(Path.of(args[0]));
  }

  /** One page of a built file: its header and its body as stored. */
  private record Page(PageHeader header, byte[] body) {}

  static void write(Path dir) throws IOException {
    Files.createDirectories(dir);
    byte[] eight = new byte[8];
    // sizes and counts no writer declares, for a one-column INT64 file built page by page
    built(dir, "snappy_page_declares_2gib.parquet", CompressionCodec.SNAPPY, 1, dataPage(1, Integer.MAX_VALUE,
        org.xerial.snappy.Snappy.compress(eight)));
    built(dir, "uncompressed_page_declares_2gib.parquet", CompressionCodec.UNCOMPRESSED, 1,
        dataPage(1, Integer.MAX_VALUE, eight));
    built(dir, "gzip_page_declares_1gib.parquet", CompressionCodec.GZIP, 1, dataPage(1, 1 << 30, gzip(1 << 20)));
    built(dir, "gzip_page_inflates_past_its_size.parquet", CompressionCodec.GZIP, 1, dataPage(1, 8, gzip(16 << 20)));
    // 1 MiB of zeros in 14 BROTLI bytes (Debian's brotli 1.0.9: head -c 1048576 /dev/zero | brotli -c), declared as 8
    byte[] brotliMib = java.util.HexFormat.of().parseHex("5fffff8f7f02201e0b0472ef1f00");
    built(dir, "brotli_page_expands_past_its_size.parquet", CompressionCodec.BROTLI, 1, dataPage(1, 8, brotliMib));
    byte[] brotliCorrupt = brotliMib.clone();
    brotliCorrupt[0] = (byte) 0xff; // a window size no encoder writes
    built(dir, "brotli_page_corrupt.parquet", CompressionCodec.BROTLI, 1, dataPage(1, 8, brotliCorrupt));
    built(dir, "zstd_page_declares_1gib.parquet", CompressionCodec.ZSTD, 1,
        dataPage(1, 1 << 30, com.github.luben.zstd.Zstd.compress(eight)));
    built(dir, "lz4_raw_page_declares_1gib.parquet", CompressionCodec.LZ4_RAW, 1, dataPage(1, 1 << 30, lz4(eight)));
    built(dir, "page_declares_negative_size.parquet", CompressionCodec.UNCOMPRESSED, 1, dataPage(1, -8, eight));
    built(dir, "page_runs_past_its_chunk.parquet", CompressionCodec.UNCOMPRESSED, 1, sized(dataPage(1, 8, eight),
        1 << 20));
    built(dir, "page_declares_2g_values.parquet", CompressionCodec.UNCOMPRESSED, Integer.MAX_VALUE,
        dataPage(Integer.MAX_VALUE, 8, eight));
    optional = true; // levels: a count the bytes need not back (a run of nulls), held to the heap instead
    built(dir, "page_declares_2g_levels.parquet", CompressionCodec.UNCOMPRESSED, Integer.MAX_VALUE,
        dataPage(Integer.MAX_VALUE, 14,
            new byte[] {6, 0, 0, 0, (byte) 0xfe, (byte) 0xff, (byte) 0xff, (byte) 0xff, 0x0f,
              0, 0, 0, 0, 0}));
    optional = false;
    built(dir, "page_declares_negative_values.parquet", CompressionCodec.UNCOMPRESSED, 1, dataPage(-1, 8, eight));
    built(dir, "row_group_of_2pow31_rows.parquet", CompressionCodec.UNCOMPRESSED, 1L << 31, dataPage(1, 8, eight));
    built(dir, "row_group_of_negative_rows.parquet", CompressionCodec.UNCOMPRESSED, -1, dataPage(1, 8, eight));
    built(dir, "dictionary_declares_2g_values.parquet", CompressionCodec.UNCOMPRESSED, 1,
        dictionaryPage(Integer.MAX_VALUE, eight), dictionaryIds(1));
    // one field of an engine-written table's footer
    Path t = dir.resolve("t.tmp");
    edited(dir, "schema_nested_10000_deep.parquet", table(t), md -> {
      // one-letter names and one chunk, to keep the file small: the depth is refused before any path is compared
      List<SchemaElement> deep = Mutator.deepSchema(leafCopy(md), 10_000);
      deep.forEach(e -> e.setName("g"));
      md.setSchema(deep);
      md.getRow_groups().remove(1);
      md.getRow_groups().get(0).getColumns().subList(1, 4).clear();
      md.setKey_value_metadata(null);
    });
    edited(dir, "offset_index_of_2gib.parquet", table(t), md -> md.getRow_groups().get(0).getColumns().get(0)
        .setOffset_index_length(Integer.MAX_VALUE));
    edited(dir, "empty_column_name.parquet", table(t), md -> md.getSchema().get(1).setName(""));
    edited(dir, "root_declares_more_children.parquet", table(t), md -> md.getSchema().get(0).setNum_children(1000));
    edited(dir, "row_group_rows_200_to_199.parquet", table(t), md -> md.getRow_groups().get(0).setNum_rows(199));
    edited(dir, "file_rows_plus_one.parquet", table(t), md -> md.setNum_rows(md.getNum_rows() + 1));
    edited(dir, "chunk_values_plus_one.parquet", table(t), md -> md.getRow_groups().get(0).getColumns().get(0)
        .getMeta_data().setNum_values(201));
    edited(dir, "required_made_optional.parquet", table(t), md -> md.getSchema().get(1)
        .setRepetition_type(FieldRepetitionType.OPTIONAL));
    edited(dir, "optional_made_required.parquet", table(t), md -> md.getSchema().get(3)
        .setRepetition_type(FieldRepetitionType.REQUIRED));
    edited(dir, "physical_type_changed.parquet", table(t), md -> md.getSchema().get(2).setType(Type.INT64));
    edited(dir, "chunk_reaches_past_the_data.parquet", table(t), md -> md.getRow_groups().get(1).getColumns().get(0)
        .getMeta_data().setTotal_compressed_size(1L << 31));
    // one field of a page header (kept at its length), or a page body under a recomputed CRC
    pageEdited(dir, "page_values_200_to_201.parquet", table(t), "x",
        (f, p) -> TestFiles.rewritePageHeader(f, p, h -> h.getData_page_header().setNum_values(201)));
    pageEdited(dir, "page_encoding_changed.parquet", table(t), "x",
        (f, p) -> TestFiles.rewritePageHeader(f, p, h -> h.getData_page_header().setEncoding(
            Encoding.BYTE_STREAM_SPLIT)));
    pageEdited(dir, "snappy_page_corrupt_under_its_crc.parquet", table(t), "id",
        (f, p) -> TestFiles.changePageBody(f, p, (body, attempt) -> {
          for (int i = 2; i < body.length; i++) {
            body[i] = (byte) 0xff;
          }
          body[body.length - 1] = (byte) attempt;
        }));
    pageEdited(dir, "page_crc_mismatch.parquet", table(t), "x", (f, p) -> {
      byte[] b = Files.readAllBytes(f);
      b[(int) p.bodyOffset() + 3] ^= 0x10;
      Files.write(f, b);
    });
    // framing
    byte[] framed = Files.readAllBytes(table(t));
    ByteBuffer.wrap(framed, framed.length - 8, 4).order(ByteOrder.LITTLE_ENDIAN).putInt(-1);
    Files.write(dir.resolve("footer_length_4294967295.parquet"), framed);
    Files.write(dir.resolve("footer_cut_short.parquet"), cutFooter(Files.readAllBytes(table(t)), 40));
    Files.write(dir.resolve("encrypted_footer.parquet"),
        "PAR1\0\0\0\0\4\0\0\0PARE".getBytes(StandardCharsets.ISO_8859_1));
    Files.write(dir.resolve("not_parquet.parquet"), "id,x\n1,2.5\n".repeat(4).getBytes(StandardCharsets.UTF_8));
    Files.delete(t);
  }

  /** Two row groups of 200 rows: ids, PLAIN doubles (distinct), nullable ids, strings. */
  private static Path table(Path file) {
    SplittableRandom r = new SplittableRandom(13);
    long[] id = new long[400];
    double[] x = new double[400];
    Long[] opt = new Long[400];
    String[] s = new String[400];
    for (int i = 0; i < id.length; i++) {
      id[i] = i;
      x[i] = r.nextDouble();
      opt[i] = i % 3 == 0 ? null : (long) i;
      s[i] = "s" + (i % 5);
    }
    TableWriter.writeTable(file, List.of(new Int64Column("id", id), new Float64Column("x", x),
        OptInt64Column.of("opt", opt), Utf8Column.of("s", s)),
        WriteOptions.builder().rowGroupRows(200).pageRows(200).durable(false).build());
    return file;
  }

  private interface PageEdit {
    void apply(Path file, PageLayout page) throws IOException;
  }

  private static void edited(Path dir, String name, Path table, java.util.function.Consumer<FileMetaData> edit)
      throws IOException {
    TestFiles.rewriteFooter(table, edit);
    Files.move(table, dir.resolve(name), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
  }

  private static void pageEdited(Path dir, String name, Path table, String column, PageEdit edit) throws IOException {
    edit.apply(table, TestFiles.firstDataPage(table, column));
    Files.move(table, dir.resolve(name), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
  }

  private static SchemaElement leafCopy(FileMetaData md) {
    return md.getSchema().get(1).deepCopy();
  }

  private static byte[] cutFooter(byte[] b, int cut) {
    int length = ByteBuffer.wrap(b, b.length - 8, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();
    byte[] out = new byte[b.length - cut];
    System.arraycopy(b, 0, out, 0, b.length - 8 - cut);
    ByteBuffer.wrap(out, out.length - 8, 4).order(ByteOrder.LITTLE_ENDIAN).putInt(length - cut);
    System.arraycopy(b, b.length - 4, out, out.length - 4, 4);
    return out;
  }

  // ---- files built page by page

  private static Page dataPage(int values, int uncompressed, byte[] body) {
    PageHeader h = new PageHeader(PageType.DATA_PAGE, uncompressed, body.length);
    h.setData_page_header(new DataPageHeader(values, Encoding.PLAIN, Encoding.RLE, Encoding.RLE));
    return new Page(h, body);
  }

  /** The same page with a compressed size other than its body's. */
  private static Page sized(Page p, int compressed) {
    p.header().setCompressed_page_size(compressed);
    return p;
  }

  private static Page dictionaryPage(int values, byte[] body) {
    PageHeader h = new PageHeader(PageType.DICTIONARY_PAGE, body.length, body.length);
    h.setDictionary_page_header(new DictionaryPageHeader(values, Encoding.PLAIN));
    return new Page(h, body);
  }

  /** A data page of {@code n} dictionary ids, all 0: bit width 1, one RLE run. */
  private static Page dictionaryIds(int n) {
    byte[] body = {1, (byte) (n << 1), 0};
    PageHeader h = new PageHeader(PageType.DATA_PAGE, body.length, body.length);
    h.setData_page_header(new DataPageHeader(n, Encoding.RLE_DICTIONARY, Encoding.RLE, Encoding.RLE));
    return new Page(h, body);
  }

  /** A file of one required INT64 column 'x', one row group of {@code rows} rows, these pages. */
  private static void built(Path dir, String name, CompressionCodec codec, long rows, Page... pages)
      throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.write(new byte[] {'P', 'A', 'R', '1'});
    long dictionaryAt = -1;
    long dataAt = -1;
    long values = 0;
    for (Page p : pages) {
      if (p.header().type == PageType.DICTIONARY_PAGE) {
        dictionaryAt = out.size();
      } else {
        dataAt = dataAt < 0 ? out.size() : dataAt;
        values += p.header().getData_page_header().num_values;
      }
      Util.writePageHeader(p.header(), out);
      out.write(p.body());
    }
    long chunkBytes = out.size() - 4;
    SchemaElement root = new SchemaElement("schema");
    root.setNum_children(1);
    SchemaElement leaf = new SchemaElement("x");
    leaf.setType(dictionaryAt >= 0 ? Type.BYTE_ARRAY : Type.INT64);
    leaf.setRepetition_type(optional ? FieldRepetitionType.OPTIONAL : FieldRepetitionType.REQUIRED);
    if (dictionaryAt >= 0) {
      leaf.setConverted_type(org.apache.parquet.format.ConvertedType.UTF8);
    }
    ColumnMetaData cm = new ColumnMetaData(leaf.getType(), List.of(Encoding.PLAIN, Encoding.RLE,
        Encoding.RLE_DICTIONARY), List.of("x"), codec, values, chunkBytes, chunkBytes, dataAt);
    if (dictionaryAt >= 0) {
      cm.setDictionary_page_offset(dictionaryAt);
    }
    ColumnChunk chunk = new ColumnChunk(4);
    chunk.setMeta_data(cm);
    RowGroup group = new RowGroup(List.of(chunk), chunkBytes, rows);
    FileMetaData md = new FileMetaData(1, List.of(root, leaf), rows, List.of(group));
    ByteArrayOutputStream footer = new ByteArrayOutputStream();
    Util.writeFileMetaData(md, footer);
    footer.writeTo(out);
    out.write(ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(footer.size()).array());
    out.write(new byte[] {'P', 'A', 'R', '1'});
    Files.write(dir.resolve(name), out.toByteArray());
  }

  private static byte[] gzip(int zeros) {
    try {
      ByteArrayOutputStream b = new ByteArrayOutputStream();
      try (GZIPOutputStream z = new GZIPOutputStream(b)) {
        z.write(new byte[zeros]);
      }
      return b.toByteArray();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static byte[] lz4(byte[] in) {
    io.airlift.compress.lz4.Lz4Compressor c = new io.airlift.compress.lz4.Lz4Compressor();
    byte[] out = new byte[c.maxCompressedLength(in.length)];
    int n = c.compress(in, 0, in.length, out, 0, out.length);
    return java.util.Arrays.copyOf(out, n);
  }
}
