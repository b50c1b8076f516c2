package io.github.artifactio.engine.table;

import io.github.artifactio.engine.internal.parquet.read.ArrowBatches;
import java.util.Iterator;
import java.util.NoSuchElementException;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The batches of a {@link BatchReader} as Arrow {@link VectorSchemaRoot}s allocated from the caller's allocator; the
 * caller closes each root. Types are the model's ({@code UInt32}, {@code List(Float32)} with nullable {@code item},
 * {@code LargeList(Float32)}, {@code Utf8}, ...), nullability as the file declares it.
 */
public final class ArrowBatchReader implements Iterator<VectorSchemaRoot>, AutoCloseable {
  private final BatchReader batches;
  private final BufferAllocator allocator;
  private final Schema schema;

  ArrowBatchReader(BatchReader batches, BufferAllocator allocator, Schema schema) {
    this.batches = batches;
    this.allocator = allocator;
    this.schema = schema;
  }

  public Schema schema() {
    return schema;
  }

  @Override
  public boolean hasNext() {
    return batches.hasNext();
  }

  @Override
  public VectorSchemaRoot next() {
    if (!hasNext()) {
      throw new NoSuchElementException("no more batches");
    }
    return ArrowBatches.toRoot(schema, batches.next(), allocator);
  }

  /** The underlying typed reader's statistics (bytes read, decode groups, spans). */
  public BatchReader typed() {
    return batches;
  }

  @Override
  public void close() {
    batches.close();
  }
}
