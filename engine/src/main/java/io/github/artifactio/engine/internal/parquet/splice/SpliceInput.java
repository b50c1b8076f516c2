package io.github.artifactio.engine.internal.parquet.splice;

import io.github.artifactio.engine.ArtifactException;
import io.github.artifactio.engine.internal.parquet.format.Footer;
import io.github.artifactio.engine.internal.parquet.format.FooterModel;
import io.github.artifactio.engine.internal.parquet.format.Schemas;
import io.github.artifactio.engine.table.ColumnSpec;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.parquet.format.ColumnChunk;
import org.apache.parquet.format.ColumnMetaData;
import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.format.KeyValue;
import org.apache.parquet.format.RowGroup;
import org.apache.parquet.format.SchemaElement;
import org.apache.parquet.schema.MessageType;

/**
 * One input of a splice: its footer parsed with parquet-format's Thrift classes (the form the splice rewrites) and
 * checked before a byte of it is copied: magic at both ends, a footer length inside the file, no encryption, every
 * row group's chunks in this file (no {@code file_path}), in schema order, inside the data region (between the
 * leading magic and the footer), with their page indexes there too, and row counts that add up. An input that fails
 * any of these is an {@link ArtifactException} naming the file and, where it applies, the column and row group.
 *
 * <p>The footer is read by the engine's one footer reader ({@link Footer}), through the splice's own channel: the same
 * framing checks and typed {@code FooterException}s as every read.
 */
public final class SpliceInput {
  /** Where one column chunk's bytes lie in the input: {@code [start, start + length)}, dictionary page first. */
  record Chunk(long start, long length, String column, long values) {
    long end() {
      return start + length;
    }
  }

  private final Path path;
  private final long length;
  /** The file's size and modification time just before its footer was read: what {@link #checkUnchanged} holds. */
  private final BasicFileAttributes stamp;
  private final long footerStart;
  private final FileMetaData meta;
  private final MessageType schema;
  private final List<ColumnSpec> specs;
  private final SortedMap<String, String> metadata;
  private final List<Field> arrow;
  private final Chunk[][] chunks;
  private final long[] firstRows;
  private final int leafCount;

  private SpliceInput(Path path, BasicFileAttributes stamp, long length, long footerStart, FileMetaData meta) {
    this.path = path;
    this.stamp = stamp;
    this.length = length;
    this.footerStart = footerStart;
    this.meta = meta;
    SortedMap<String, String> kv = new TreeMap<>();
    if (meta.isSetKey_value_metadata()) {
      for (KeyValue e : meta.getKey_value_metadata()) {
        if (e.getValue() != null) {
          kv.put(e.getKey(), e.getValue());
        }
      }
    }
    this.metadata = Collections.unmodifiableSortedMap(kv);
    this.schema = messageType(path, meta);
    this.leafCount = schema.getColumns().size();
    List<Field> a = null;
    String encoded = kv.get(Schemas.ARROW_SCHEMA_KEY);
    if (encoded != null) {
      try {
        a = Schemas.decodeArrowFields(encoded);
      } catch (RuntimeException e) {
        throw new ArtifactException(path, "the footer's ARROW:schema entry does not decode: " + e, e);
      }
    }
    this.arrow = a;
    this.specs = List.copyOf(Schemas.specs(schema, a));
    List<RowGroup> groups = meta.isSetRow_groups() ? meta.getRow_groups() : List.of();
    this.chunks = new Chunk[groups.size()][];
    this.firstRows = new long[groups.size() + 1];
    for (int g = 0; g < groups.size(); g++) {
      RowGroup rg = groups.get(g);
      if (rg.getNum_rows() < 0) {
        throw located(null, g, "the footer gives the row group " + rg.getNum_rows() + " rows");
      }
      firstRows[g + 1] = firstRows[g] + rg.getNum_rows();
      chunks[g] = chunksOf(g, rg);
    }
    if (firstRows[groups.size()] != meta.getNum_rows()) {
      throw new ArtifactException(path, "the row groups hold " + firstRows[groups.size()]
          + " rows but the footer counts " + meta.getNum_rows());
    }
  }

  /** Reads and checks the footer of {@code path} through {@code channel} (which stays the caller's). */
  static SpliceInput open(Path path, FileChannel channel) {
    try {
      // taken first: a change after it, even one that keeps the size, moves the time checkUnchanged compares
      BasicFileAttributes stamp = Files.readAttributes(path, BasicFileAttributes.class);
      // the engine's one footer reader: the same framing checks and messages as every other read
      Footer footer = Footer.read(path, channel);
      long length = footer.fileBytes;
      long footerStart = length - 8 - footer.footerBytes;
      FileMetaData meta = footer.metadata;
      if (meta.isSetEncryption_algorithm()) {
        throw new ArtifactException(path, "the file has encrypted columns; encrypted files are not spliced");
      }
      return new SpliceInput(path, stamp, length, footerStart, meta);
    } catch (IOException e) {
      throw new ArtifactException(path, "reading the footer: " + e, e);
    }
  }

  /**
   * This input's file under another footer, {@code meta}, checked as any footer is: a re-encoded input's chunks
   * declared as the input declares them (see {@link Redeclaration}).
   */
  SpliceInput withMeta(FileMetaData meta) {
    return new SpliceInput(path, stamp, length, footerStart, meta);
  }

  /**
   * Fails when the file is no longer the one whose footer was read: its size or modification time moved since. The
   * splice calls it once for each input, after the input's last byte was read, so every byte it copied, checked and
   * hashed belongs to the footer it rewrote (the kernel's copy into the output reads the bytes a second time).
   */
  void checkUnchanged() {
    BasicFileAttributes now;
    try {
      now = Files.readAttributes(path, BasicFileAttributes.class);
    } catch (IOException e) {
      throw new ArtifactException(path, "reading its size and modification time: " + e, e);
    }
    if (now.size() != stamp.size() || !now.lastModifiedTime().equals(stamp.lastModifiedTime())) {
      throw new ArtifactException(path, "the file changed while it was copied (" + stamp.size() + " bytes modified "
          + stamp.lastModifiedTime() + " when its footer was read, now " + now.size() + " bytes modified "
          + now.lastModifiedTime() + "); nothing was published");
    }
  }

  private static MessageType messageType(Path path, FileMetaData meta) {
    if (!meta.isSetSchema() || meta.getSchema().isEmpty()) {
      throw new ArtifactException(path, "the footer has no schema");
    }
    try {
      return FooterModel.schema(meta);
    } catch (IOException | RuntimeException e) {
      throw new ArtifactException(path, "the footer's schema does not decode: " + e.getMessage(), e);
    }
  }

  private Chunk[] chunksOf(int g, RowGroup rg) {
    List<org.apache.parquet.column.ColumnDescriptor> leaves = schema.getColumns();
    if (!rg.isSetColumns() || rg.getColumns().size() != leaves.size()) {
      throw located(null, g, "the footer lists " + (rg.isSetColumns() ? rg.getColumns().size() : 0)
          + " column chunks for " + leaves.size() + " leaves");
    }
    Chunk[] out = new Chunk[leaves.size()];
    for (int leaf = 0; leaf < leaves.size(); leaf++) {
      ColumnChunk cc = rg.getColumns().get(leaf);
      String column = leaves.get(leaf).getPath()[0];
      if (cc.isSetFile_path()) {
        throw located(column, g, "the chunk lies in another file (" + cc.getFile_path()
            + "); only self-contained files are spliced");
      }
      if (cc.isSetCrypto_metadata() || cc.isSetEncrypted_column_metadata()) {
        throw located(column, g, "the chunk is encrypted; encrypted files are not spliced");
      }
      ColumnMetaData m = cc.getMeta_data();
      if (m == null) {
        throw located(column, g, "the footer has no metadata for the chunk");
      }
      if (!List.of(leaves.get(leaf).getPath()).equals(m.getPath_in_schema())) {
        throw located(column, g, "the chunk's path " + m.getPath_in_schema() + " is not leaf " + leaf
            + "'s " + List.of(leaves.get(leaf).getPath()));
      }
      long start = m.getData_page_offset();
      if (m.isSetDictionary_page_offset() && m.getDictionary_page_offset() > 0
          && m.getDictionary_page_offset() < start) {
        start = m.getDictionary_page_offset();
      }
      long size = m.getTotal_compressed_size();
      if (start < 4 || size < 0 || start + size > footerStart) {
        throw located(column, g, "the chunk's bytes " + start + ".." + (start + size)
            + " lie outside the data region 4.." + footerStart + "; truncated or corrupt");
      }
      if (m.getNum_values() < 0) {
        throw located(column, g, "the chunk counts " + m.getNum_values() + " values");
      }
      checkRange(column, g, "column index", cc.isSetColumn_index_offset(), cc.getColumn_index_offset(),
          cc.getColumn_index_length());
      checkRange(column, g, "offset index", cc.isSetOffset_index_offset(), cc.getOffset_index_offset(),
          cc.getOffset_index_length());
      out[leaf] = new Chunk(start, size, column, m.getNum_values());
    }
    return out;
  }

  private void checkRange(String column, int g, String what, boolean set, long offset, int len) {
    if (set && (offset < 4 || len < 0 || offset + len > footerStart)) {
      throw located(column, g, "its " + what + " at " + offset + ".." + (offset + len)
          + " lies outside the data region 4.." + footerStart + "; truncated or corrupt");
    }
  }

  private ArtifactException located(String column, int g, String detail) {
    return new ArtifactException(path, column, g, null, detail);
  }

  static byte[] readAt(FileChannel channel, long at, int len) throws IOException {
    byte[] out = new byte[len];
    ByteBuffer b = ByteBuffer.wrap(out);
    while (b.hasRemaining()) {
      if (channel.read(b, at + b.position()) < 0) {
        throw new java.io.EOFException("the file ends at byte " + (at + b.position()) + ", before " + (at + len));
      }
    }
    return out;
  }

  public Path path() {
    return path;
  }

  /** The file's size when its footer was read. */
  long length() {
    return length;
  }

  /** The file's modification time when its footer was read. */
  FileTime modified() {
    return stamp.lastModifiedTime();
  }

  /** Where the footer starts: every chunk and page index lies before it. */
  long footerStart() {
    return footerStart;
  }

  public long rows() {
    return firstRows[firstRows.length - 1];
  }

  public int rowGroups() {
    return chunks.length;
  }

  /** The rows of row group {@code g}. */
  public long rows(int g) {
    return firstRows[g + 1] - firstRows[g];
  }

  /** The file row at which row group {@code g} starts. */
  public long firstRow(int g) {
    return firstRows[g];
  }

  int leaves() {
    return leafCount;
  }

  Chunk chunk(int g, int leaf) {
    return chunks[g][leaf];
  }

  /** The top-level columns as an Arrow reader types them (see {@link ColumnSpec}). */
  public List<ColumnSpec> specs() {
    return specs;
  }

  /** The Parquet declaration of top-level column {@code i}, as parquet-java prints it. */
  String parquetType(int i) {
    return schema.getType(i).toString().trim();
  }

  SortedMap<String, String> metadata() {
    return metadata;
  }

  /** The top-level fields of the footer's {@code ARROW:schema}, or null when it has none. */
  List<Field> arrowFields() {
    return arrow;
  }

  String createdBy() {
    return meta.getCreated_by();
  }

  FileMetaData meta() {
    return meta;
  }

  List<SchemaElement> schemaElements() {
    return meta.getSchema();
  }

  MessageType messageType() {
    return schema;
  }

  ColumnChunk columnChunk(int g, int leaf) {
    return meta.getRow_groups().get(g).getColumns().get(leaf);
  }

  RowGroup rowGroup(int g) {
    return meta.getRow_groups().get(g);
  }

  /**
   * Where the first difference between this input's columns and {@code reference}'s lies, as a sentence naming the
   * column and both types (this input's first), or null when they have the same columns: names, order, Parquet
   * declarations (physical and logical types, repetition, column orders), Arrow types and nullability.
   */
  public String differenceFrom(SpliceInput reference, String here, String there) {
    List<ColumnSpec> mine = specs;
    List<ColumnSpec> ref = reference.specs;
    for (int i = 0; i < Math.max(mine.size(), ref.size()); i++) {
      if (i >= mine.size()) {
        ColumnSpec r = ref.get(i);
        return "it has no column '" + r.name() + "' (" + describe(reference, i) + " in " + there + ")";
      }
      if (i >= ref.size()) {
        ColumnSpec m = mine.get(i);
        return "its column '" + m.name() + "' (" + describe(this, i) + ") is not in " + there;
      }
      ColumnSpec m = mine.get(i);
      ColumnSpec r = ref.get(i);
      if (!m.name().equals(r.name())) {
        return "its column " + i + " is '" + m.name() + "' (" + describe(this, i) + ") where " + there + " has '"
            + r.name() + "' (" + describe(reference, i) + ")";
      }
      // parquet-java's text of a field covers its physical and logical types, repetition, field id and column order;
      // annotations that only restate the physical type and the name of a list's leaf are left out of the comparison
      // (see equatedWith)
      boolean same = m.arrowType().equals(r.arrowType()) && m.nullable() == r.nullable()
          && Redeclaration.comparable(parquetType(i)).equals(Redeclaration.comparable(reference.parquetType(i)));
      if (!same) {
        return "column '" + m.name() + "' is " + describe(this, i) + " in " + here + " but " + describe(reference, i)
            + " in " + there;
      }
    }
    return null;
  }

  /**
   * The columns whose declarations differ from {@code reference}'s only by an annotation that restates the physical
   * type ({@code INTEGER(32,true)} on an INT32, {@code INTEGER(64,true)} on an INT64: DuckDB writes them, arrow-rs,
   * Polars and this engine do not) or by the name of a list's leaf ({@code element}: DuckDB, arrow-rs; {@code item}:
   * this engine, Polars): the same values, the same sort order, the same levels, so the same column. One line each
   * for the report; the output keeps {@code reference}'s declaration (its chunks all take its leaf paths). Call it
   * once {@link #differenceFrom} found no difference.
   */
  public List<String> equatedWith(SpliceInput reference, String here, String there) {
    List<String> notes = new ArrayList<>();
    for (int i = 0; i < specs.size(); i++) {
      String mine = parquetType(i);
      String ref = reference.parquetType(i);
      if (!mine.equals(ref)) {
        notes.add("column '" + specs.get(i).name() + "' is [" + mine + "] in " + here + " and [" + ref + "] in " + there
            + ": the same values; the output declares it as " + there + " does");
      }
    }
    return notes;
  }

  /** {@code int32 NAME (INTEGER(32,true))} or {@code int64 NAME (INTEGER(64,true))}: the width is the physical one. */
  private static final java.util.regex.Pattern RESTATED_INTEGER =
      java.util.regex.Pattern.compile("\\b(int(32|64)) (\\S+) \\(INTEGER\\(\\2,true\\)\\)");

  /** A declaration's text with the INTEGER annotations that restate the physical type taken out. */
  static String withoutRestatedIntegers(String declaration) {
    return RESTATED_INTEGER.matcher(declaration).replaceAll("$1 $3");
  }

  /**
   * The {@code ARROW:schema} value of a join of {@code inputs}: each input's Arrow fields in order (from its own
   * {@code ARROW:schema}, or as the engine's writer types its columns where it has none), or null when a column of an
   * input without one has no type in the engine's model (an Arrow reader then types the join from its Parquet schema).
   */
  static String joinedArrowSchema(List<SpliceInput> inputs) {
    List<Field> fields = new ArrayList<>();
    for (SpliceInput in : inputs) {
      for (ColumnSpec spec : in.specs) {
        Field f = null;
        if (in.arrow != null) {
          for (Field af : in.arrow) {
            if (af.getName().equals(spec.name())) {
              f = af;
              break;
            }
          }
        }
        if (f == null && spec.decodedAs() != null) {
          f = Schemas.arrowField(spec.name(), spec.decodedAs());
        }
        if (f == null) {
          return null;
        }
        fields.add(f);
      }
    }
    return Schemas.encodeArrowFields(fields);
  }

  private static String describe(SpliceInput in, int i) {
    return in.specs.get(i).describe() + " [" + in.parquetType(i) + "]";
  }
}
