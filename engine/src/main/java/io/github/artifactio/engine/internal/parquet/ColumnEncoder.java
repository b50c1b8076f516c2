package io.github.artifactio.engine.internal.parquet;

import io.github.artifactio.engine.column.Column;
import java.io.IOException;
import org.apache.parquet.bytes.HeapByteBufferAllocator;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.ColumnWriteStore;
import org.apache.parquet.column.ParquetProperties;
import org.apache.parquet.hadoop.ColumnChunkPageWriteStore;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.schema.MessageType;

/**
 * Encodes one top-level column, row group after row group, into pages held in memory until the row group is appended
 * to the file.
 *
 * <p>Each column has a store of its own. In a shared store parquet-java decides when to check page sizes from the
 * minimum over all its columns, so a column's page boundaries would depend on its siblings; alone, they depend only on
 * its own rows, in order, whatever chunks they arrived in. That is why the serial, the chunked and the column-parallel
 * writers write the same bytes: they feed every column encoder the same row sequence.
 */
final class ColumnEncoder {
  private final MessageType schema;
  private final ParquetProperties props;
  private final CompressionCodecName codec;
  private final Codecs codecs = new Codecs(); // compressors keep scratch buffers: one set per column
  private ColumnChunkPageWriteStore pages;
  private ColumnWriteStore store;
  private LeafSink sink;

  /** @param schema a one-field message: this column's field, with the file schema's name and paths */
  ColumnEncoder(MessageType schema, ParquetProperties props, CompressionCodecName codec) {
    this.schema = schema;
    this.props = props;
    this.codec = codec;
  }

  /** Encodes rows {@code [from, to)} of {@code column} into the current row group. */
  void encode(Column column, int from, int to) {
    if (store == null) {
      open();
    }
    column.emit(sink, from, to);
  }

  private void open() {
    pages =
        ColumnChunkPageWriteStore.builder()
            .withCompressorProvider(d -> codecs.getCompressor(codec))
            .withSchema(schema)
            .withAllocator(new HeapByteBufferAllocator())
            .withColumnIndexTruncateLength(props.getColumnIndexTruncateLength())
            .withPageWriteChecksumEnabled(props.getPageWriteChecksumEnabled())
            .build();
    store = props.newColumnWriteStore(schema, pages, pages);
    ColumnDescriptor leaf = schema.getColumns().get(0);
    sink = new LeafSink(store, store.getColumnWriter(leaf), leaf.getMaxDefinitionLevel());
  }

  /** Writes the row group's last page (and dictionary page) into memory; the heavy part of a row group's end. */
  void finishRowGroup() {
    if (store == null) {
      open(); // a row group always has every column, even if this column saw no call (cannot happen with rows > 0)
    }
    store.flush();
  }

  /** Bytes this column holds for the current row group. */
  long bufferedBytes() {
    return store == null ? 0 : store.getBufferedSize();
  }

  /** Appends the finished chunk at the file writer's position (inside a started block) and frees its buffers. */
  void appendTo(ParquetFileWriter writer) throws IOException {
    try {
      pages.flushToFileWriter(writer);
    } finally {
      release();
    }
  }

  void release() {
    if (store != null) {
      store.close();
      pages.close();
      store = null;
      pages = null;
      sink = null;
    }
  }

  /**
   * Drops the row group in progress without writing it (an abandoned or failed write). {@code store.close()} would
   * flush a last page first, which is work for nothing and may fail again on the input that failed.
   */
  void discard() {
    try {
      if (pages != null) {
        pages.close();
      }
    } catch (RuntimeException ignored) {
      // heap buffers only: nothing is lost by dropping them
    } finally {
      store = null;
      pages = null;
      sink = null;
    }
  }
}
