package io.github.artifactio.engine.internal.parquet.encode;

import java.util.Arrays;

/**
 * A dictionary of fixed-width values by bit pattern (ints, floats, longs and doubles as their raw bits, so NaN payloads
 * and -0.0 are entries of their own, as parquet-java interned them): open addressing over {@code long} keys, ids in
 * first-appearance order. Also the sample's distinct counter ({@link #distinct}).
 */
final class BitsDictionary {
  private long[] keys = new long[64];
  private int[] slots = new int[64]; // id + 1, 0 for empty
  private long[] entries = new long[64];
  private int size;
  private int mask = 63;

  int size() {
    return size;
  }

  void clear() {
    if (size > 0) {
      Arrays.fill(slots, 0);
      size = 0;
    }
  }

  /** Entry {@code id}'s bits. */
  long entry(int id) {
    return entries[id];
  }

  /** The id of {@code bits}, added as the next id if new. */
  int id(long bits) {
    int h = (int) mix(bits) & mask;
    while (true) {
      int s = slots[h];
      if (s == 0) {
        return add(h, bits);
      }
      if (keys[h] == bits) {
        return s - 1;
      }
      h = (h + 1) & mask;
    }
  }

  private int add(int h, long bits) {
    keys[h] = bits;
    slots[h] = size + 1;
    if (size == entries.length) {
      entries = Arrays.copyOf(entries, size * 2);
    }
    entries[size] = bits;
    int id = size++;
    if (size * 2 > slots.length) {
      grow();
    }
    return id;
  }

  /** Forgets entries from {@code n} on (the entries of a page that fell back to PLAIN). */
  void truncate(int n) {
    if (n < size) {
      Arrays.fill(slots, 0);
      int keep = n;
      size = 0;
      for (int i = 0; i < keep; i++) {
        id(entries[i]);
      }
    }
  }

  private void grow() {
    int cap = slots.length * 2;
    keys = new long[cap];
    slots = new int[cap];
    mask = cap - 1;
    for (int i = 0; i < size; i++) {
      int h = (int) mix(entries[i]) & mask;
      while (slots[h] != 0) {
        h = (h + 1) & mask;
      }
      keys[h] = entries[i];
      slots[h] = i + 1;
    }
  }

  static long mix(long x) {
    x ^= x >>> 33;
    x *= 0xff51afd7ed558ccdL;
    x ^= x >>> 33;
    x *= 0xc4ceb9fe1a85ec53L;
    x ^= x >>> 33;
    return x;
  }

  /** The number of distinct values among {@code keys[0, n)}: clears this dictionary and fills it with them. */
  int distinct(long[] keys, int n) {
    clear();
    for (int i = 0; i < n; i++) {
      id(keys[i]);
    }
    return size;
  }
}
