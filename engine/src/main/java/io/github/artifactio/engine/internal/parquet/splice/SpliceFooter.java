package io.github.artifactio.engine.internal.parquet.splice;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import org.apache.parquet.format.ColumnChunk;
import org.apache.parquet.format.ColumnMetaData;
import org.apache.parquet.format.ColumnOrder;
import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.format.KeyValue;
import org.apache.parquet.format.OffsetIndex;
import org.apache.parquet.format.PageLocation;
import org.apache.parquet.format.RowGroup;
import org.apache.parquet.format.SchemaElement;
import org.apache.parquet.format.Util;

/**
 * The footer of a spliced file, built row group by row group as the chunks are copied, and written after them with
 * the page indexes. Each copied chunk keeps its input's metadata (codec, encodings, statistics, encoding and size
 * statistics) with every offset moved by the distance the chunk moved: the row group's and the chunk's
 * {@code file_offset}, {@code data_page_offset}, {@code dictionary_page_offset}, {@code index_page_offset}, and every
 * page location of its offset index. Column indexes hold no offsets and are copied as they are; the page indexes go
 * where parquet-java puts them (all column indexes, then all offset indexes, before the footer). Bloom filters are
 * dropped: their bytes are not part of any chunk, and keeping them would mean holding or re-reading them after the
 * copy; a reader without them only prunes less.
 *
 * <p>Tail layout: {@code column indexes | offset indexes | FileMetaData | footer length (LE) | PAR1}.
 */
final class SpliceFooter {
  /** Where the tail goes: the output's position and its bytes. */
  interface TailSink {
    long position();

    void write(byte[] b, int off, int len);

    /**
     * Bytes {@code b[off..off+len)} that are also bytes {@code [at, at + len)} of the file {@code from}: a sink may
     * write them by copying from the file (in the kernel) instead of from {@code b}.
     */
    default void copy(java.nio.channels.FileChannel from, long at, byte[] b, int off, int len) {
      write(b, off, len);
    }
  }

  private record Placed(ColumnChunk chunk, byte[] columnIndex, OffsetIndex offsetIndex, long delta) {}

  private final int version;
  private final List<SchemaElement> schema;
  private final List<ColumnOrder> columnOrders;
  private final String createdBy;
  /**
   * The rows axis: each leaf's path in the output's schema, which every input's chunk of that leaf takes (an input
   * whose list leaf has another name, equated by {@link SpliceInput#equatedWith}, names it otherwise); null on the
   * columns axis, where each chunk keeps its own input's path.
   */
  private List<List<String>> leafPaths;
  private final List<RowGroup> groups = new ArrayList<>();
  private final List<List<Placed>> placed = new ArrayList<>();
  private long rows;
  private RowGroup open;
  private List<Placed> openPlaced;
  private boolean joined;

  private SpliceFooter(int version, List<SchemaElement> schema, List<ColumnOrder> columnOrders, String createdBy) {
    this.version = version;
    this.schema = schema;
    this.columnOrders = columnOrders;
    this.createdBy = createdBy;
  }

  /** A footer for row groups of inputs with {@code template}'s schema (the rows axis). */
  static SpliceFooter rows(SpliceInput template) {
    FileMetaData m = template.meta();
    SpliceFooter f = new SpliceFooter(m.getVersion(), copy(m.getSchema()),
        m.isSetColumn_orders() ? new ArrayList<>(m.getColumn_orders()) : null, m.getCreated_by());
    f.leafPaths = template.messageType().getColumns().stream().map(c -> List.of(c.getPath())).toList();
    return f;
  }

  /**
   * A footer whose schema is the inputs' top-level columns one input after the other (the columns axis); column
   * orders are kept when every input declares them.
   */
  static SpliceFooter columns(List<SpliceInput> inputs) {
    SpliceInput first = inputs.get(0);
    List<SchemaElement> schema = new ArrayList<>();
    SchemaElement root = new SchemaElement(first.meta().getSchema().get(0));
    schema.add(root);
    int children = 0;
    boolean orders = true;
    List<ColumnOrder> columnOrders = new ArrayList<>();
    for (SpliceInput in : inputs) {
      List<SchemaElement> s = in.meta().getSchema();
      children += s.get(0).getNum_children();
      schema.addAll(copy(s.subList(1, s.size())));
      orders &= in.meta().isSetColumn_orders();
      if (in.meta().isSetColumn_orders()) {
        columnOrders.addAll(in.meta().getColumn_orders());
      }
    }
    root.setNum_children(children);
    SpliceFooter f = new SpliceFooter(first.meta().getVersion(), schema, orders ? columnOrders : null,
        first.meta().getCreated_by());
    f.joined = true;
    return f;
  }

  private static List<SchemaElement> copy(List<SchemaElement> elements) {
    List<SchemaElement> out = new ArrayList<>(elements.size());
    for (SchemaElement e : elements) {
      out.add(new SchemaElement(e));
    }
    return out;
  }

  /** Starts the next output row group. */
  void beginRowGroup(long rowCount) {
    if (open != null) {
      throw new IllegalStateException("a row group is already open");
    }
    open = new RowGroup(new ArrayList<>(), 0, rowCount);
    openPlaced = new ArrayList<>();
  }

  /**
   * Adds every chunk of row group {@code g} of {@code in}, copied to {@code newStarts[leaf]}, with its page indexes.
   * On the rows axis the output row group takes the input's row-group fields too (sorting columns, sizes).
   */
  void addChunks(SpliceInput in, int g, long[] newStarts, SpliceIndexes indexes) {
    RowGroup src = in.rowGroup(g);
    boolean firstInput = open.getColumnsSize() == 0;
    for (int leaf = 0; leaf < in.leaves(); leaf++) {
      long delta = newStarts[leaf] - in.chunk(g, leaf).start();
      ColumnChunk c = new ColumnChunk(in.columnChunk(g, leaf));
      if (c.getFile_offset() != 0) {
        c.setFile_offset(c.getFile_offset() + delta);
      }
      ColumnMetaData m = c.getMeta_data();
      if (leafPaths != null) {
        m.setPath_in_schema(new ArrayList<>(leafPaths.get(leaf)));
      }
      m.setData_page_offset(m.getData_page_offset() + delta);
      if (m.isSetDictionary_page_offset() && m.getDictionary_page_offset() > 0) {
        m.setDictionary_page_offset(m.getDictionary_page_offset() + delta);
      }
      if (m.isSetIndex_page_offset()) {
        m.setIndex_page_offset(m.getIndex_page_offset() + delta);
      }
      m.unsetBloom_filter_offset();
      m.unsetBloom_filter_length();
      c.unsetColumn_index_offset();
      c.unsetColumn_index_length();
      c.unsetOffset_index_offset();
      c.unsetOffset_index_length();
      open.addToColumns(c);
      openPlaced.add(new Placed(c, indexes.columnIndex[leaf], indexes.offsetIndex[leaf], delta));
    }
    open.setTotal_byte_size(open.getTotal_byte_size() + src.getTotal_byte_size());
    if (src.isSetTotal_compressed_size() && (firstInput || open.isSetTotal_compressed_size())) {
      open.setTotal_compressed_size(open.getTotal_compressed_size() + src.getTotal_compressed_size());
    } else {
      open.unsetTotal_compressed_size();
    }
    if (firstInput) {
      if (in.leaves() > 0) {
        open.setFile_offset(newStarts[0]);
      }
      if (src.isSetSorting_columns()) {
        // the first input's leaves come first, so its sorting-column indexes stay right; the rows of a join are in
        // its order, so its declaration holds (another input's would need remapping and is not kept)
        open.setSorting_columns(new ArrayList<>(src.getSorting_columns()));
      }
    }
  }

  /** Ends the open row group. */
  void endRowGroup() {
    int ordinal = groups.size();
    if (ordinal <= Short.MAX_VALUE) {
      open.setOrdinal((short) ordinal);
    }
    rows += open.getNum_rows();
    groups.add(open);
    placed.add(openPlaced);
    open = null;
    openPlaced = null;
  }

  int rowGroups() {
    return groups.size();
  }

  long rows() {
    return rows;
  }

  /** Writes the page indexes and the footer with {@code metadata} (sorted; null values are left out). */
  void writeTail(TailSink out, SortedMap<String, String> metadata) {
    for (List<Placed> group : placed) {
      for (Placed p : group) {
        if (p.columnIndex != null) {
          p.chunk.setColumn_index_offset(out.position());
          p.chunk.setColumn_index_length(p.columnIndex.length);
          out.write(p.columnIndex, 0, p.columnIndex.length);
        }
      }
    }
    for (List<Placed> group : placed) {
      for (Placed p : group) {
        if (p.offsetIndex != null) {
          OffsetIndex oi = new OffsetIndex(p.offsetIndex);
          for (PageLocation l : oi.getPage_locations()) {
            l.setOffset(l.getOffset() + p.delta);
          }
          byte[] b = serialize(s -> Util.writeOffsetIndex(oi, s));
          p.chunk.setOffset_index_offset(out.position());
          p.chunk.setOffset_index_length(b.length);
          out.write(b, 0, b.length);
        }
      }
    }
    FileMetaData meta = new FileMetaData(version, schema, rows, groups);
    List<KeyValue> kv = new ArrayList<>();
    for (Map.Entry<String, String> e : metadata.entrySet()) {
      if (e.getValue() != null) {
        kv.add(new KeyValue(e.getKey()).setValue(e.getValue()));
      }
    }
    meta.setKey_value_metadata(kv);
    if (createdBy != null) {
      meta.setCreated_by(createdBy);
    }
    if (columnOrders != null) {
      meta.setColumn_orders(columnOrders);
    }
    byte[] footer = serialize(s -> Util.writeFileMetaData(meta, s));
    out.write(footer, 0, footer.length);
    byte[] len = {(byte) footer.length, (byte) (footer.length >>> 8), (byte) (footer.length >>> 16),
      (byte) (footer.length >>> 24)};
    out.write(len, 0, 4);
    byte[] magic = "PAR1".getBytes(StandardCharsets.US_ASCII);
    out.write(magic, 0, 4);
  }

  /** Whether this is a join's footer (its schema is several inputs' columns). */
  boolean joined() {
    return joined;
  }

  private interface Serializer {
    void write(ByteArrayOutputStream s) throws IOException;
  }

  private static byte[] serialize(Serializer w) {
    ByteArrayOutputStream s = new ByteArrayOutputStream();
    try {
      w.write(s);
    } catch (IOException e) {
      throw new UncheckedIOException(e); // an in-memory stream does not fail
    }
    return s.toByteArray();
  }
}
