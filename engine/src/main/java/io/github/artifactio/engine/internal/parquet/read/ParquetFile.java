package io.github.artifactio.engine.internal.parquet.read;

import io.github.artifactio.engine.ArtifactException;
import io.github.artifactio.engine.column.Column;
import io.github.artifactio.engine.internal.parquet.format.Footer;
import io.github.artifactio.engine.internal.parquet.format.FooterChecks;
import io.github.artifactio.engine.internal.parquet.format.FooterLayout;
import io.github.artifactio.engine.internal.parquet.format.FooterModel;
import io.github.artifactio.engine.internal.parquet.format.Schemas;
import io.github.artifactio.engine.internal.parquet.format.ThriftErrors;
import io.github.artifactio.engine.layout.ChunkWalk;
import io.github.artifactio.engine.layout.FileLayout;
import io.github.artifactio.engine.table.ColumnChunkInfo;
import io.github.artifactio.engine.table.ColumnSpec;
import io.github.artifactio.engine.table.RowGroupInfo;
import io.github.artifactio.engine.internal.parquet.format.ThriftBytes;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.statistics.Statistics;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.schema.MessageType;

/**
 * A Parquet file's footer, parsed once ({@link Footer}), and whole-column reads through it. The footer handle touches
 * no data page; a read opens the file, decodes the projected leaves row group by row group, and closes it.
 */
public final class ParquetFile {
  private final Path path;
  /** The whole file's layout, from the same footer bytes (a row-group view keeps the whole file's). */
  private final FileLayout layout;
  private final FooterModel footer;
  private final MessageType schema;
  /**
   * The schema's leaves, listed once: parquet-java's {@code MessageType.getColumns()} walks the schema and makes a
   * new list each call, and every reader of a span asked for it (4% of a validation's scan of 17 row groups).
   */
  private final List<ColumnDescriptor> leaves;
  private final SortedMap<String, String> metadata;
  /** The footer's {@code ARROW:schema} entry as stored, null where it has none. */
  private final String arrowSchema;
  private final List<ColumnSpec> specs;
  /**
   * The row groups with their chunks, made once per file: every span of the file and every reader of a span asks for
   * them (a validation reads a column one row group at a time).
   */
  private volatile List<RowGroupInfo> rowGroups;
  /** The same without the chunks' statistics, which the readers never read and which cost a text rendering each. */
  private volatile List<RowGroupInfo> rowGroupShapes;
  /** Page locations per row group and leaf, when opened with the offset index; a chunk without one is null. */
  private final ChunkPages.PageIndex[][] pageIndex;

  private ParquetFile(ParquetFile of, ChunkPages.PageIndex[][] pageIndex) {
    this.path = of.path;
    this.layout = of.layout;
    this.footer = of.footer;
    this.schema = of.schema;
    this.leaves = of.leaves;
    this.metadata = of.metadata;
    this.arrowSchema = of.arrowSchema;
    this.specs = of.specs;
    this.pageIndex = pageIndex;
  }

  private ParquetFile(Path path, FileLayout layout, FooterModel footer) {
    this.pageIndex = null;
    this.path = path;
    this.layout = layout;
    this.footer = footer;
    this.schema = footer.schema();
    this.leaves = List.copyOf(schema.getColumns());
    this.metadata = Collections.unmodifiableSortedMap(new TreeMap<>(footer.keyValues()));
    String encoded = metadata.get(Schemas.ARROW_SCHEMA_KEY);
    List<Field> arrow = null;
    if (encoded != null) {
      try {
        arrow = Schemas.decodeArrowFields(encoded);
      } catch (RuntimeException e) {
        // Arrow's own words stay in the cause, ours say what is wrong where we can tell
        throw new ArtifactException(path, "the footer's ARROW:schema entry does not decode"
            + (e instanceof IllegalArgumentException ? ": " + e.getMessage() : " as an Arrow schema message"), e);
      }
    }
    this.arrowSchema = encoded;
    FooterChecks.check(path, layout, schema, arrow);
    this.specs = List.copyOf(Schemas.specs(schema, arrow));
  }

  /**
   * Parses the footer. Errors name the file: one that cannot be opened, a
   * {@link io.github.artifactio.engine.FooterException} for a broken framing or footer, or an
   * {@link ArtifactException} for a footer parquet-java does not convert.
   */
  public static ParquetFile open(Path path) {
    Footer f = Footer.read(path);
    FileLayout layout = FooterLayout.of(f);
    FooterChecks.statistics(path, f.metadata);
    FooterModel md;
    try {
      md = f.model();
    } catch (IOException | RuntimeException e) {
      // parquet-java's schema builder's own words stay in the cause
      throw new ArtifactException(path, "the footer's schema is not a valid Parquet schema ("
          + e.getClass().getSimpleName() + ")", e);
    }
    return new ParquetFile(path, layout, md);
  }

  /**
   * This file with the offset index of every column chunk loaded (one read covering them all where they lie
   * together, as writers put them before the footer). A chunk without an offset index is read whole.
   */
  public ParquetFile withOffsetIndex() {
    if (pageIndex != null) {
      return this;
    }
    List<BlockMetaData> blocks = footer.blocks();
    ChunkPages.PageIndex[][] index = new ChunkPages.PageIndex[blocks.size()][];
    long lo = Long.MAX_VALUE;
    long hi = -1;
    long dataEnd = layout.footerStart();
    for (int g = 0; g < blocks.size(); g++) {
      for (ColumnChunkMetaData c : blocks.get(g).getColumns()) {
        org.apache.parquet.internal.hadoop.metadata.IndexReference r = c.getOffsetIndexReference();
        if (r != null) {
          // an index is read with one allocation of its declared length: it must lie in the data region first
          if (r.getOffset() < 4 || r.getLength() < 0 || r.getOffset() + r.getLength() > dataEnd) {
            throw new ArtifactException(path, c.getPath().toDotString(), g, null, "the offset index spans bytes "
                + r.getOffset() + ".." + (r.getOffset() + r.getLength()) + ", outside the data region 4.." + dataEnd);
          }
          lo = Math.min(lo, r.getOffset());
          hi = Math.max(hi, r.getOffset() + r.getLength());
        }
      }
    }
    int g = 0;
    String column = null; // the chunk whose index is being read, for the error
    try (FileReads reads = new FileReads(path)) {
      byte[] all = hi > lo && hi - lo <= 256L << 20 ? reads.read(lo, (int) (hi - lo)) : null;
      for (BlockMetaData b : blocks) {
        index[g] = new ChunkPages.PageIndex[b.getColumns().size()];
        for (int leaf = 0; leaf < b.getColumns().size(); leaf++) {
          ColumnChunkMetaData c = b.getColumns().get(leaf);
          org.apache.parquet.internal.hadoop.metadata.IndexReference r = c.getOffsetIndexReference();
          if (r == null) {
            continue;
          }
          column = c.getPath().toDotString();
          int from = all != null ? (int) (r.getOffset() - lo) : 0;
          byte[] bytes = all != null ? all : reads.read(r.getOffset(), r.getLength());
          org.apache.parquet.format.OffsetIndex oi =
              new ThriftBytes(bytes, from, from + r.getLength()).offsetIndex();
          int n = oi.getPage_locationsSize();
          long[] offsets = new long[n];
          int[] sizes = new int[n];
          long[] firstRows = new long[n];
          for (int i = 0; i < n; i++) {
            org.apache.parquet.format.PageLocation pl = oi.getPage_locations().get(i);
            offsets[i] = pl.getOffset();
            sizes[i] = pl.getCompressed_page_size();
            firstRows[i] = pl.getFirst_row_index();
            boolean ordered = i == 0 ? firstRows[i] == 0 : firstRows[i] > firstRows[i - 1];
            if (!ordered || sizes[i] < 0 || offsets[i] < c.getStartingPos()
                || offsets[i] + sizes[i] > c.getStartingPos() + c.getTotalSize()) {
              throw new PageFormatException(
                  "the offset index has a page " + i + " outside its chunk or out of row order");
            }
          }
          index[g][leaf] = new ChunkPages.PageIndex(offsets, sizes, firstRows, b.getRowCount());
        }
        column = null;
        g++;
      }
    } catch (IOException | RuntimeException e) {
      String detail = e instanceof PageFormatException
          ? e.getMessage() : "the offset index does not decode: " + ThriftErrors.describe(e);
      throw new ArtifactException(path, column, g, null, detail, e);
    }
    return new ParquetFile(this, index);
  }

  /**
   * Refuses a whole-column read of {@code rows} rows whose arrays cannot fit this JVM's heap, before any is allocated:
   * the row count is the footer's, and a read that cannot fit would end in an {@code OutOfMemoryError}. Each row takes
   * at least its value's width (an offset for strings and lists) and a validity flag where nullable.
   */
  public void requireHeapFor(long rows, List<ColumnSpec> projection) {
    long perRow = 0;
    for (ColumnSpec spec : projection) {
      io.github.artifactio.engine.column.ColumnType kind = spec.decodedAs();
      if (kind == null) {
        continue;
      }
      perRow += (kind.nullable() ? 1 : 0) + (kind.isList() ? 4 : leastWidth(kind.leaf()));
    }
    long least = Math.multiplyHigh(rows, perRow) != 0 ? Long.MAX_VALUE : rows * perRow;
    long heap = Runtime.getRuntime().maxMemory();
    if (least > heap) {
      throw new ArtifactException(path, "its " + rows + " rows of " + projection.size()
          + " columns take at least " + least + " bytes as Java arrays, more than this JVM's maximum heap of " + heap
          + " bytes");
    }
  }

  private static int leastWidth(io.github.artifactio.engine.column.ColumnType.Leaf leaf) {
    switch (leaf) {
      case INT64:
      case FLOAT64:
        return 8;
      case BOOL:
        return 1;
      default:
        return 4; // 32-bit values, and a string's offset
    }
  }

  /** Whether this handle was opened with the offset index. */
  public boolean offsetIndexLoaded() {
    return pageIndex != null;
  }

  /** Whether every leaf of row group {@code g} has an offset index loaded. */
  public boolean offsetIndexed(int g) {
    if (pageIndex == null) {
      return false;
    }
    for (ChunkPages.PageIndex p : pageIndex[g]) {
      if (p == null) {
        return false;
      }
    }
    return true;
  }

  ChunkPages.PageIndex pageIndex(int g, int leaf) {
    return pageIndex == null ? null : pageIndex[g][leaf];
  }

  FooterModel footer() {
    return footer;
  }

  List<BlockMetaData> blocks() {
    return footer.blocks();
  }

  MessageType schema() {
    return schema;
  }

  /** The row-group-relative rows at which the data pages of leaf {@code leaf} begin in group {@code g}, or null. */
  public long[] pageStarts(int g, int leaf) {
    ChunkPages.PageIndex p = pageIndex(g, leaf);
    return p == null ? null : p.firstRows().clone();
  }

  /** The schema's leaves in order, as {@code MessageType.getColumns()} lists them (unmodifiable). */
  public List<ColumnDescriptor> leaves() {
    return leaves;
  }

  /** The leaf index (in row-group column order) of a top-level column of the model (one leaf each). */
  public int leafOf(String column) {
    for (int i = 0; i < leaves.size(); i++) {
      if (leaves.get(i).getPath()[0].equals(column)) {
        return i;
      }
    }
    throw new IllegalArgumentException("no leaf for column " + column);
  }

  /** Whether every leaf of the schema is required (max definition level 0). */
  public boolean allLeavesRequired() {
    for (ColumnDescriptor d : leaves) {
      if (d.getMaxDefinitionLevel() != 0) {
        return false;
      }
    }
    return true;
  }

  /**
   * Row-group statistics of a column as numbers: {@code [min, max]} per group, null where the footer has none or
   * they are not numeric. Unsigned 32-bit values are read as unsigned.
   */
  public double[][] numericStats(String column) {
    int leaf = leafOf(column);
    ColumnDescriptor d = leaves.get(leaf);
    boolean unsigned = d.getPrimitiveType()
        .getLogicalTypeAnnotation() instanceof org.apache.parquet.schema.LogicalTypeAnnotation.IntLogicalTypeAnnotation
        && !((org.apache.parquet.schema.LogicalTypeAnnotation.IntLogicalTypeAnnotation) d.getPrimitiveType()
            .getLogicalTypeAnnotation()).isSigned();
    List<BlockMetaData> blocks = footer.blocks();
    double[][] out = new double[blocks.size()][];
    for (int g = 0; g < blocks.size(); g++) {
      Statistics<?> st = blocks.get(g).getColumns().get(leaf).getStatistics();
      if (st == null || st.isEmpty() || !st.hasNonNullValue()) {
        continue;
      }
      Object min = st.genericGetMin();
      Object max = st.genericGetMax();
      if (min instanceof Integer && max instanceof Integer) {
        int a = (Integer) min;
        int b = (Integer) max;
        out[g] = unsigned
            ? new double[] {Integer.toUnsignedLong(a), Integer.toUnsignedLong(b)}
            : new double[] {a, b};
      } else if (min instanceof Number && max instanceof Number) {
        out[g] = new double[] {((Number) min).doubleValue(), ((Number) max).doubleValue()};
      }
    }
    return out;
  }

  /**
   * This file restricted to the row groups {@code [first, first + count)}: reads through the view decode only those
   * row groups, so a caller can walk a large file one row group at a time in bounded memory. Rows and row groups in
   * the view's own answers and messages count from the view's first row group.
   */
  public ParquetFile rowGroupView(int first, int count) {
    List<BlockMetaData> blocks = footer.blocks();
    if (first < 0 || count < 0 || first + count > blocks.size()) {
      throw new IndexOutOfBoundsException(
          "row groups [" + first + ", " + (first + count) + ") of " + path + ", which has " + blocks.size());
    }
    return new ParquetFile(
        path, layout, footer.rowGroups(first, count));
  }

  /** The whole file's layout, from the footer this handle parsed. */
  public FileLayout layout() {
    return layout;
  }

  /**
   * Walks every page of the file (as {@link FileLayout#walkPages}) and, in the same pass, decodes the chunk of each
   * top-level column's leaf with the engine's reader from the pages the walk hands on.
   */
  public void walkPagesAndValues(Consumer<ChunkWalk> each) {
    PageWalker.walk(layout, this, each);
  }

  /** {@link #walkPagesAndValues(Consumer)} over row groups {@code [fromGroup, toGroup)} alone. */
  public void walkPagesAndValues(int fromGroup, int toGroup, Consumer<ChunkWalk> each) {
    PageWalker.walk(layout, this, fromGroup, toGroup, each);
  }

  public Path path() {
    return path;
  }

  public long rows() {
    long n = 0;
    for (BlockMetaData b : footer.blocks()) {
      n += b.getRowCount();
    }
    return n;
  }

  public List<ColumnSpec> specs() {
    return specs;
  }

  public SortedMap<String, String> metadata() {
    return metadata;
  }

  /**
   * The footer's Arrow schema, decoded again on each call (opening the file decoded its fields, without the cost of
   * Arrow's {@code Schema} class, see {@link Schemas#encodeArrowFields}).
   */
  public Optional<Schema> arrowSchema() {
    return Optional.ofNullable(arrowSchema).map(s -> new Schema(Schemas.decodeArrowFields(s),
        Schemas.decodeArrowMetadata(s)));
  }

  public String createdBy() {
    return footer.createdBy();
  }

  public String parquetSchema() {
    return schema.toString();
  }

  public List<RowGroupInfo> rowGroups() {
    List<RowGroupInfo> made = rowGroups;
    if (made == null) {
      made = makeRowGroups(true);
      rowGroups = made; // a race makes the same list twice, harmlessly
    }
    return made;
  }

  /**
   * {@link #rowGroups()} with every chunk's {@code statistics} empty: what the read path asks for (row counts, chunk
   * sizes); rendering the statistics as text was a fifth of a validation's scan of DuckDB's 17 row groups.
   */
  public List<RowGroupInfo> rowGroupShapes() {
    List<RowGroupInfo> made = rowGroupShapes;
    if (made == null) {
      made = makeRowGroups(false);
      rowGroupShapes = made;
    }
    return made;
  }

  private List<RowGroupInfo> makeRowGroups(boolean statistics) {
    List<RowGroupInfo> out = new ArrayList<>();
    long first = 0;
    int i = 0;
    for (BlockMetaData b : footer.blocks()) {
      List<ColumnChunkInfo> chunks = new ArrayList<>();
      for (ColumnChunkMetaData c : b.getColumns()) {
        chunks.add(chunkInfo(c, statistics));
      }
      out.add(new RowGroupInfo(i++, first, b.getRowCount(), b.getTotalByteSize(), b.getCompressedSize(), chunks));
      first += b.getRowCount();
    }
    return List.copyOf(out);
  }

  private static ColumnChunkInfo chunkInfo(ColumnChunkMetaData c, boolean statistics) {
    List<String> encodings = c.getEncodings().stream().map(Enum::name).sorted().collect(Collectors.toList());
    Statistics<?> st = statistics ? c.getStatistics() : null;
    Optional<String> stats = Optional.empty();
    if (st != null && !st.isEmpty()) {
      String minMax = st.hasNonNullValue() ? "min " + st.minAsString() + ", max " + st.maxAsString() : "no values";
      stats = Optional.of(minMax + (st.isNumNullsSet() ? ", nulls " + st.getNumNulls() : ""));
    }
    return new ColumnChunkInfo(
        c.getPath().toDotString(),
        c.getCodec().name(),
        encodings,
        c.getColumnIndexReference() != null,
        c.getOffsetIndexReference() != null,
        c.getValueCount(),
        c.getTotalSize(),
        c.getTotalUncompressedSize(),
        stats);
  }

  /** Reads the named columns (each must be of a supported kind) across every row group, in the order given. */
  public List<Column> read(List<ColumnSpec> projection) {
    return read(projection, Long.MAX_VALUE);
  }

  /**
   * Reads the named columns from the leading row groups that hold at least {@code rowLimit} rows (whole row groups:
   * {@code inspect} shows a head without decoding the rest of the file), through the engine's page decoder.
   */
  public List<Column> read(List<ColumnSpec> projection, long rowLimit) {
    long total = 0;
    for (BlockMetaData b : footer.blocks()) {
      if (total >= rowLimit) {
        break;
      }
      total += b.getRowCount();
    }
    if (total > Integer.MAX_VALUE - 8) {
      throw new ArtifactException(
          path, "the file has " + total + " rows, more than a whole-column read into Java arrays holds");
    }
    long[] starts = total == 0 ? new long[0] : new long[] {0};
    long[] ends = total == 0 ? new long[0] : new long[] {total};
    try (Scan scan = new Scan(this, projection, starts, ends, (int) Math.max(1, total), Scan.Config.DEFAULT)) {
      List<Column> out = scan.next();
      if (out == null) {
        out = new ArrayList<>();
        for (ColumnSpec s : projection) {
          out.add(Builders.create(s.name(), s.decodedAs(), leafOptional(s), 0).build());
        }
      }
      return out;
    }
  }

  /** Whether the column's leaf is optional (its records are the Opt* kinds, or lists). */
  public boolean leafOptional(ColumnSpec s) {
    return leaves.get(leafOf(s.name())).getMaxDefinitionLevel() > 0;
  }
}
