package io.github.artifactio.engine.internal.parquet.encode;

/**
 * Fixed-width values (INT32, INT64, FLOAT, DOUBLE): PLAIN as {@link #width}-byte little-endian values, or dictionary
 * ids keyed by bit pattern ({@link BitsDictionary}; floats by their raw bits, so NaN payloads and -0.0 are entries of
 * their own). What differs by Java type is only the loops over the column's array, which subclasses write once per
 * type: the bulk copy, the id lookups and the statistics.
 */
abstract class FixedValues extends LeafValues {
  final BitsDictionary dictionary = new BitsDictionary();
  final int width;

  FixedValues(int width) {
    this.width = width;
  }

  @Override
  public final int plainWidth() {
    return width;
  }

  @Override
  public final int append(int from, int to, long roomBits, int extraBits) {
    int n = to - from;
    if (roomBits != Long.MAX_VALUE) {
      long per = 8L * width + extraBits;
      n = (int) Math.min(n, Math.max(1, (roomBits + per - 1) / per));
    }
    if (mode == Mode.DICTIONARY) {
      n = appendIds(from, from + n);
    } else {
      page.ensure(n * width);
      copyPlain(from, n);
      page.size += width * n;
    }
    stats(from, from + n);
    pageValues += n;
    return n;
  }

  /** Copies values {@code [from, from + n)} PLAIN to {@code page.buf} at {@code page.size} (room is made). */
  abstract void copyPlain(int from, int n);

  /**
   * Adds the ids of values {@code [from, to)}, each through {@link #addBits}; returns how many were taken, fewer when
   * the dictionary passed its limit (the rest is then PLAIN).
   */
  abstract int appendIds(int from, int to);

  /** Folds values {@code [from, to)} into the page's statistics. */
  abstract void stats(int from, int to);

  /** Adds one value's id, by its bits; false when the dictionary just passed its limit and the chunk fell back. */
  final boolean addBits(long bits) {
    int size = dictionary.size();
    addId(dictionary.id(bits));
    if (dictionary.size() != size && (long) dictionary.size() * width > dictionaryLimit) {
      fallBack();
      return false;
    }
    return true;
  }

  /** A bound as stored: the value's {@code width} little-endian bytes, from its bits. */
  final byte[] bound(long bits) {
    byte[] b = new byte[width];
    write(b, 0, bits);
    return b;
  }

  /** A stored bound's bits (a 4-byte one zero-extended). */
  final long bits(byte[] bound) {
    return read(bound, 0);
  }

  private long read(byte[] b, int at) {
    return width == 8 ? (long) Bytes.LONG.get(b, at) : (int) Bytes.INT.get(b, at) & 0xffff_ffffL;
  }

  private void write(byte[] b, int at, long bits) {
    if (width == 8) {
      Bytes.LONG.set(b, at, bits);
    } else {
      Bytes.INT.set(b, at, (int) bits);
    }
  }

  @Override
  final int sampleDistinct() {
    byte[] b = page.buf;
    for (int at = gap; at < page.size; at += width) {
      addId(dictionary.id(read(b, at)));
    }
    return dictionary.size();
  }

  @Override
  final int dictionarySize() {
    return dictionary.size();
  }

  @Override
  final long dictionaryBytes() {
    return (long) dictionary.size() * width;
  }

  @Override
  final void clearDictionary() {
    dictionary.clear();
  }

  @Override
  final void truncateDictionary(int n) {
    dictionary.truncate(n);
  }

  @Override
  final void putEntry(int id) {
    page.ensure(width);
    write(page.buf, page.size, dictionary.entry(id));
    page.size += width;
  }

  @Override
  public final void writeDictionary(Bytes out, int n) {
    out.ensure(n * width);
    for (int i = 0; i < n; i++) {
      write(out.buf, out.size + width * i, dictionary.entry(i));
    }
    out.size += n * width;
  }

  @Override
  final long pagePlainBytes() {
    return (long) pageValues * width;
  }
}
