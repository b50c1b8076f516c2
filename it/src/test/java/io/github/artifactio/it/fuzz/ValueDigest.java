package io.github.artifactio.it.fuzz;

import io.github.artifactio.engine.column.Column;
import io.github.artifactio.engine.column.ValueSink;
import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.List;

/**
 * The values of a read, without names or declared types: a SHA-256 over every row's bits in column order, so that a
 * mutant whose read differs from its seed's only by a column's name or its declared type (a rename, a changed
 * {@code ARROW:schema} entry) is told apart from one whose values changed.
 */
final class ValueDigest implements ValueSink {
  private final MessageDigest sha;
  private final ByteBuffer eight = ByteBuffer.allocate(8);

  ValueDigest() {
    try {
      sha = MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The digest of whole columns: one per column, so batches of a column can be added one after another. */
  static byte[] of(List<Column> columns) {
    ValueDigest all = new ValueDigest();
    for (Column c : columns) {
      ValueDigest d = new ValueDigest();
      d.add(c);
      all.sha.update(d.finish());
    }
    return all.finish();
  }

  /** Adds the rows of {@code c} (a whole column or its next batch). */
  void add(Column c) {
    c.emit(this, 0, c.length());
  }

  byte[] finish() {
    return sha.digest();
  }

  private void tag(char t) {
    sha.update((byte) t);
  }

  private void bits(long v) {
    eight.clear();
    sha.update(eight.putLong(v).array());
  }

  @Override
  public void int64(long value) {
    tag('i');
    bits(value);
  }

  @Override
  public void int32(int value) {
    tag('i');
    bits(value);
  }

  @Override
  public void float64(double value) {
    tag('d');
    bits(Double.doubleToRawLongBits(value));
  }

  @Override
  public void float32(float value) {
    tag('f');
    bits(Float.floatToRawIntBits(value));
  }

  @Override
  public void bool(boolean value) {
    tag(value ? 'T' : 'F');
  }

  @Override
  public void utf8(byte[] arena, int offset, int length) {
    tag('s');
    bits(length);
    sha.update(arena, offset, length);
  }

  @Override
  public void nullValue() {
    tag('n');
  }

  @Override
  public void float32List(float[] values, int from, int to) {
    tag('L');
    bits(to - from);
    for (int i = from; i < to; i++) {
      bits(Float.floatToRawIntBits(values[i]));
    }
  }

  @Override
  public void float64List(double[] values, int from, int to) {
    tag('L');
    bits(to - from);
    for (int i = from; i < to; i++) {
      bits(Double.doubleToRawLongBits(values[i]));
    }
  }

  @Override
  public void nullList() {
    tag('N');
  }
}
