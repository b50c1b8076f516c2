package io.github.artifactio.engine.internal.parquet.write;

import io.github.artifactio.engine.internal.parquet.encode.Bytes;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import org.apache.parquet.format.ColumnChunk;
import org.apache.parquet.format.ColumnIndex;
import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.format.KeyValue;
import org.apache.parquet.format.OffsetIndex;
import org.apache.parquet.format.RowGroup;
import org.apache.parquet.format.Util;

/**
 * The file the writer assembles: {@code PAR1}, row groups of column chunks appended in schema order, then the tail
 * {@code column indexes | offset indexes | FileMetaData | footer length (LE) | PAR1}, page indexes in row-group, then
 * column order (where parquet-java put them). The footer is parquet-format's Thrift {@link FileMetaData}, written by
 * its {@link Util} writers; nothing else of parquet-java is used.
 */
final class ParquetOutput {
  static final byte[] MAGIC = "PAR1".getBytes(StandardCharsets.US_ASCII);

  private record Indexed(ColumnChunk chunk, ColumnIndex columnIndex, OffsetIndex offsetIndex) {}

  private final FileOutput out;
  private final List<RowGroup> groups = new ArrayList<>();
  private final List<Indexed> indexed = new ArrayList<>();
  private final Bytes scratch = new Bytes(1 << 12);
  private RowGroup open;
  private long rows;

  ParquetOutput(FileOutput out) {
    this.out = out;
    write(MAGIC, 0, MAGIC.length);
  }

  long position() {
    return out.position();
  }

  void write(byte[] b, int off, int len) {
    try {
      out.write(b, off, len);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  void startRowGroup(long rowCount) {
    if (open != null) {
      throw new IllegalStateException("a row group is already open");
    }
    open = new RowGroup(new ArrayList<>(), 0, rowCount);
    open.setFile_offset(position());
    open.setTotal_compressed_size(0);
  }

  /** Adds a chunk just written at its recorded offsets, with its page indexes ({@code columnIndex} may be null). */
  void addChunk(ColumnChunk chunk, ColumnIndex columnIndex, OffsetIndex offsetIndex) {
    open.addToColumns(chunk);
    open.setTotal_byte_size(open.getTotal_byte_size() + chunk.getMeta_data().getTotal_uncompressed_size());
    open.setTotal_compressed_size(open.getTotal_compressed_size() + chunk.getMeta_data().getTotal_compressed_size());
    indexed.add(new Indexed(chunk, columnIndex, offsetIndex));
  }

  void endRowGroup() {
    int ordinal = groups.size();
    if (ordinal <= Short.MAX_VALUE) {
      open.setOrdinal((short) ordinal);
    }
    rows += open.getNum_rows();
    groups.add(open);
    open = null;
  }

  /** Writes the page indexes and the footer, then closes the file (unsynced: publication syncs). */
  void finish(FileMetaData template, SortedMap<String, String> metadata) throws IOException {
    for (Indexed i : indexed) {
      if (i.columnIndex != null) {
        int length = serialize(() -> Util.writeColumnIndex(i.columnIndex, scratch.stream()));
        i.chunk.setColumn_index_offset(position());
        i.chunk.setColumn_index_length(length);
        write(scratch.buf, 0, length);
      }
    }
    for (Indexed i : indexed) {
      int length = serialize(() -> Util.writeOffsetIndex(i.offsetIndex, scratch.stream()));
      i.chunk.setOffset_index_offset(position());
      i.chunk.setOffset_index_length(length);
      write(scratch.buf, 0, length);
    }
    FileMetaData meta = template.setNum_rows(rows).setRow_groups(groups);
    List<KeyValue> kv = new ArrayList<>();
    for (Map.Entry<String, String> e : metadata.entrySet()) {
      kv.add(new KeyValue(e.getKey()).setValue(e.getValue()));
    }
    meta.setKey_value_metadata(kv);
    int length = serialize(() -> Util.writeFileMetaData(meta, scratch.stream()));
    write(scratch.buf, 0, length);
    byte[] len = {(byte) length, (byte) (length >>> 8), (byte) (length >>> 16), (byte) (length >>> 24)};
    write(len, 0, 4);
    write(MAGIC, 0, MAGIC.length);
    out.close();
  }

  private interface ThriftWrite {
    void run() throws IOException;
  }

  private int serialize(ThriftWrite w) {
    scratch.reset();
    try {
      w.run();
    } catch (IOException e) {
      throw new UncheckedIOException(e); // an in-memory stream does not fail
    }
    return scratch.size;
  }

  /** Closes the file without a footer (an abandoned write). */
  void abandon() {
    out.abandon();
  }
}
