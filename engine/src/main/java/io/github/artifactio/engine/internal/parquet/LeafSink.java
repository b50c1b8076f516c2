package io.github.artifactio.engine.internal.parquet;

import io.github.artifactio.engine.column.ValueSink;
import org.apache.parquet.column.ColumnWriteStore;
import org.apache.parquet.column.ColumnWriter;
import org.apache.parquet.io.api.Binary;

/**
 * Turns a column's rows into Parquet (value, repetition level, definition level) triplets for its single leaf, and
 * ends a record after every row so the store's page checks fall on row boundaries. Levels follow the schemas of
 * {@link Schemas}: a required scalar is defined at 0; an optional scalar at 1 (null at 0); a list leaf is
 * {@code optional group / repeated list / optional item}: null list 0, empty list 1, item 3.
 */
final class LeafSink implements ValueSink {
  private final ColumnWriteStore store;
  private final ColumnWriter writer;
  private final int maxDef;

  LeafSink(ColumnWriteStore store, ColumnWriter writer, int maxDef) {
    this.store = store;
    this.writer = writer;
    this.maxDef = maxDef;
  }

  @Override
  public void int64(long value) {
    writer.write(value, 0, maxDef);
    store.endRecord();
  }

  @Override
  public void int32(int value) {
    writer.write(value, 0, maxDef);
    store.endRecord();
  }

  @Override
  public void float64(double value) {
    writer.write(value, 0, maxDef);
    store.endRecord();
  }

  @Override
  public void float32(float value) {
    writer.write(value, 0, maxDef);
    store.endRecord();
  }

  @Override
  public void bool(boolean value) {
    writer.write(value, 0, maxDef);
    store.endRecord();
  }

  @Override
  public void utf8(byte[] arena, int offset, int length) {
    // "reused", not "constant": parquet-java then copies the few values it keeps (statistics min/max, page index
    // bounds, dictionary entries) instead of holding a slice of the arena; a constant slice in the chunk statistics
    // kept a whole input chunk's arena alive per row group until the file was closed (2.4 MB a row group, measured)
    writer.write(Binary.fromReusedByteArray(arena, offset, length), 0, maxDef);
    store.endRecord();
  }

  @Override
  public void nullValue() {
    writer.writeNull(0, 0);
    store.endRecord();
  }

  @Override
  public void float32List(float[] values, int from, int to) {
    if (from == to) {
      writer.writeNull(0, 1);
    } else {
      writer.write(values[from], 0, maxDef);
      for (int i = from + 1; i < to; i++) {
        writer.write(values[i], 1, maxDef);
      }
    }
    store.endRecord();
  }

  @Override
  public void float64List(double[] values, int from, int to) {
    if (from == to) {
      writer.writeNull(0, 1);
    } else {
      writer.write(values[from], 0, maxDef);
      for (int i = from + 1; i < to; i++) {
        writer.write(values[i], 1, maxDef);
      }
    }
    store.endRecord();
  }

  @Override
  public void nullList() {
    writer.writeNull(0, 0);
    store.endRecord();
  }
}
