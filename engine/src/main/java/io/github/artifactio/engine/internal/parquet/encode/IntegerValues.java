package io.github.artifactio.engine.internal.parquet.encode;

/**
 * INT32 and INT64 values with their statistics, held as {@code long}s in the leaf's order: signed, or unsigned for
 * {@code UINT_32} (an unsigned int widened without its sign compares in the signed order of longs).
 */
public abstract class IntegerValues extends FixedValues {
  long pageMin;
  long pageMax;
  boolean pageHas;
  private long chunkMin;
  private long chunkMax;
  private boolean chunkHas;

  IntegerValues(int width) {
    super(width);
  }

  /** Folds one run's bounds (in the leaf's order, as longs) into the page's. */
  final void fold(long min, long max) {
    pageMin = Math.min(pageMin, min);
    pageMax = Math.max(pageMax, max);
    pageHas = true;
  }

  @Override
  final void resetPageStats() {
    pageMin = Long.MAX_VALUE;
    pageMax = Long.MIN_VALUE;
    pageHas = false;
  }

  @Override
  final void resetChunkStats() {
    chunkMin = Long.MAX_VALUE;
    chunkMax = Long.MIN_VALUE;
    chunkHas = false;
  }

  @Override
  public final boolean pageHasBounds() {
    return pageHas;
  }

  @Override
  public final byte[] pageMin() {
    return bytes(pageMin);
  }

  @Override
  public final byte[] pageMax() {
    return bytes(pageMax);
  }

  @Override
  public final void foldPageStats() {
    if (pageHas) {
      chunkMin = Math.min(chunkMin, pageMin);
      chunkMax = Math.max(chunkMax, pageMax);
      chunkHas = true;
    }
  }

  @Override
  public final boolean chunkHasBounds() {
    return chunkHas;
  }

  @Override
  public final byte[] chunkMin() {
    return bytes(chunkMin);
  }

  @Override
  public final byte[] chunkMax() {
    return bytes(chunkMax);
  }

  @Override
  public final int compareBounds(byte[] a, byte[] b) {
    return Long.compare(value(a), value(b));
  }

  private byte[] bytes(long v) {
    return bound(v);
  }

  /** A stored bound back in the leaf's order: a 4-byte signed one sign-extended. */
  private long value(byte[] b) {
    long v = bits(b);
    return width == 4 && signedOrder() ? (int) v : v;
  }
}
