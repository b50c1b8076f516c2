package io.github.artifactio.engine.internal.parquet.encode;

/**
 * FLOAT and DOUBLE values with their statistics in the type-defined order, held as {@code double}s (a float widens
 * exactly): NaN is counted, never a bound; a zero bound is written as {@code -0.0} (min) or {@code +0.0} (max), as the
 * Parquet spec asks, since the order does not tell the zeros apart.
 */
public abstract class FloatingValues extends FixedValues {
  double pageMin;
  double pageMax;
  boolean pageHas;
  long pageNaN;
  private double chunkMin;
  private double chunkMax;
  private boolean chunkHas;
  private long chunkNaN;

  FloatingValues(int width) {
    super(width);
  }

  /** Folds one run's bounds and NaN count into the page's; {@code values} is the run's length. */
  final void fold(double min, double max, long nan, int values) {
    pageMin = min < pageMin ? min : pageMin;
    pageMax = max > pageMax ? max : pageMax;
    pageNaN += nan;
    pageHas |= values > nan;
  }

  @Override
  final void resetPageStats() {
    pageMin = Double.POSITIVE_INFINITY;
    pageMax = Double.NEGATIVE_INFINITY;
    pageHas = false;
    pageNaN = 0;
  }

  @Override
  final void resetChunkStats() {
    chunkMin = Double.POSITIVE_INFINITY;
    chunkMax = Double.NEGATIVE_INFINITY;
    chunkHas = false;
    chunkNaN = 0;
  }

  @Override
  public final boolean pageHasBounds() {
    return pageHas;
  }

  @Override
  public final byte[] pageMin() {
    return bytes(pageMin == 0 ? -0.0 : pageMin);
  }

  @Override
  public final byte[] pageMax() {
    return bytes(pageMax == 0 ? 0.0 : pageMax);
  }

  @Override
  public final long pageNaNs() {
    return pageNaN;
  }

  @Override
  public final void foldPageStats() {
    if (pageHas) {
      chunkMin = Math.min(chunkMin, pageMin);
      chunkMax = Math.max(chunkMax, pageMax);
      chunkHas = true;
    }
    chunkNaN += pageNaN;
  }

  @Override
  public final boolean chunkHasBounds() {
    return chunkHas;
  }

  @Override
  public final byte[] chunkMin() {
    return bytes(chunkMin == 0 ? -0.0 : chunkMin);
  }

  @Override
  public final byte[] chunkMax() {
    return bytes(chunkMax == 0 ? 0.0 : chunkMax);
  }

  @Override
  public final long chunkNaNs() {
    return chunkNaN;
  }

  @Override
  public final boolean floating() {
    return true;
  }

  @Override
  public final int compareBounds(byte[] a, byte[] b) {
    return Double.compare(value(a), value(b));
  }

  /** A bound as stored: the value at the leaf's width, little-endian. */
  private byte[] bytes(double v) {
    return bound(width == 8 ? Double.doubleToRawLongBits(v) : Float.floatToRawIntBits((float) v));
  }

  private double value(byte[] b) {
    return width == 8 ? Double.longBitsToDouble(bits(b)) : Float.intBitsToFloat((int) bits(b));
  }
}
