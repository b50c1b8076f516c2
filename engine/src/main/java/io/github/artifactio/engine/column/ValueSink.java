package io.github.artifactio.engine.column;

/**
 * How a column hands its rows to an encoder, one call per row, without boxing. Each {@link Column} record knows how to
 * walk its own arrays ({@link Column#emit}); the encoder behind this interface knows Parquet's levels. Stages do not
 * call it; it is public only because the sealed column records implement it in their own files.
 */
public interface ValueSink {
  void int64(long value);

  void int32(int value);

  void float64(double value);

  void float32(float value);

  void bool(boolean value);

  /** One UTF-8 string: {@code length} bytes of {@code arena} from {@code offset}. */
  void utf8(byte[] arena, int offset, int length);

  /** A null scalar row. */
  void nullValue();

  /** A present list row holding {@code values[from, to)} (possibly empty). */
  void float32List(float[] values, int from, int to);

  /** A present list row holding {@code values[from, to)} (possibly empty). */
  void float64List(double[] values, int from, int to);

  /** A null list row. */
  void nullList();
}
