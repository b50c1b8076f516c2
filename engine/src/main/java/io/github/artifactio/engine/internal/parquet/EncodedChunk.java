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
 * One top-level column of one row group, encoded and compressed in memory, waiting to be appended to the file.
 *
 * <p>Each column gets a store of its own. In a shared store parquet-java decides when to check page sizes from the
 * minimum over all its columns, so a column's page boundaries would depend on its siblings; alone, they depend only on
 * its own rows. That makes this the unit of work that the serial and the column-parallel writers share, and why they
 * write the same bytes.
 */
final class EncodedChunk {
  private final ColumnWriteStore store;
  private final ColumnChunkPageWriteStore pages;

  private EncodedChunk(ColumnWriteStore store, ColumnChunkPageWriteStore pages) {
    this.store = store;
    this.pages = pages;
  }

  /** Encodes rows {@code [from, to)} of {@code column}, whose field is {@code fieldIndex} of {@code schema}. */
  static EncodedChunk encode(
      MessageType schema,
      int fieldIndex,
      Column column,
      int from,
      int to,
      ParquetProperties props,
      CompressionCodecName codec) {
    MessageType sub = new MessageType(schema.getName(), schema.getType(fieldIndex));
    Codecs codecs = new Codecs(); // compressors keep scratch buffers: one per task
    ColumnChunkPageWriteStore pages =
        ColumnChunkPageWriteStore.builder()
            .withCompressorProvider(d -> codecs.getCompressor(codec))
            .withSchema(sub)
            .withAllocator(new HeapByteBufferAllocator())
            .withColumnIndexTruncateLength(props.getColumnIndexTruncateLength())
            .withPageWriteChecksumEnabled(props.getPageWriteChecksumEnabled())
            .build();
    ColumnWriteStore store = props.newColumnWriteStore(sub, pages, pages);
    ColumnDescriptor leaf = sub.getColumns().get(0);
    column.emit(new LeafSink(store, store.getColumnWriter(leaf), leaf.getMaxDefinitionLevel()), from, to);
    store.flush();
    return new EncodedChunk(store, pages);
  }

  /** Appends the chunk at the file writer's position (inside a started block) and frees its buffers. */
  void appendTo(ParquetFileWriter writer) throws IOException {
    try {
      pages.flushToFileWriter(writer);
    } finally {
      release();
    }
  }

  void release() {
    store.close();
    pages.close();
  }
}
