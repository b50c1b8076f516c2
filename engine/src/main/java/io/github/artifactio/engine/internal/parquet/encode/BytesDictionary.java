package io.github.artifactio.engine.internal.parquet.encode;

import java.util.Arrays;

/**
 * A dictionary of byte strings (UTF-8 values), ids in first-appearance order: the entries' bytes in one arena, an
 * open-addressing table of ids keyed by a 64-bit hash, the bytes compared on a hash match. No {@code String} and no
 * per-entry object.
 */
final class BytesDictionary {
  private final Bytes arena = new Bytes(1024);
  private int[] starts = new int[65];
  private long[] hashes = new long[64];
  private int[] slots = new int[128]; // id + 1, 0 for empty
  private int mask = 127;
  private int size;

  int size() {
    return size;
  }

  /** The bytes of every entry together (the dictionary page's values without their length prefixes). */
  long entryBytes() {
    return arena.size;
  }

  byte[] arena() {
    return arena.buf;
  }

  int start(int id) {
    return starts[id];
  }

  int length(int id) {
    return starts[id + 1] - starts[id];
  }

  void clear() {
    if (size > 0) {
      Arrays.fill(slots, 0);
      size = 0;
      arena.reset();
    }
  }

  /** The id of {@code b[off, off + len)}, added as the next id if new. */
  int id(byte[] b, int off, int len) {
    long hash = hash(b, off, len);
    int h = (int) BitsDictionary.mix(hash) & mask;
    while (true) {
      int s = slots[h];
      if (s == 0) {
        return add(h, hash, b, off, len);
      }
      int id = s - 1;
      if (hashes[id] == hash && Arrays.equals(arena.buf, starts[id], starts[id + 1], b, off, off + len)) {
        return id;
      }
      h = (h + 1) & mask;
    }
  }

  private int add(int h, long hash, byte[] b, int off, int len) {
    if (size == hashes.length) {
      hashes = Arrays.copyOf(hashes, size * 2);
      starts = Arrays.copyOf(starts, size * 2 + 1);
    }
    arena.put(b, off, len);
    hashes[size] = hash;
    starts[size + 1] = arena.size;
    slots[h] = size + 1;
    int id = size++;
    if (size * 2 > slots.length) {
      grow();
    }
    return id;
  }

  /** Forgets entries from {@code n} on (the entries of a page that fell back to PLAIN). */
  void truncate(int n) {
    if (n < size) {
      size = n;
      arena.size = starts[n];
      rehash(slots.length);
    }
  }

  private void grow() {
    rehash(slots.length * 2);
  }

  private void rehash(int cap) {
    slots = new int[cap];
    mask = cap - 1;
    for (int i = 0; i < size; i++) {
      int h = (int) BitsDictionary.mix(hashes[i]) & mask;
      while (slots[h] != 0) {
        h = (h + 1) & mask;
      }
      slots[h] = i + 1;
    }
  }

  /** A 64-bit hash of {@code b[off, off + len)}, eight bytes at a time. */
  static long hash(byte[] b, int off, int len) {
    long h = 0x9E3779B97F4A7C15L ^ len;
    int i = off;
    int end = off + len;
    for (; i + 8 <= end; i += 8) {
      h = (h ^ (long) Bytes.LONG.get(b, i)) * 0xbf58476d1ce4e5b9L;
      h ^= h >>> 31;
    }
    long tail = 0;
    for (int k = 0; i < end; i++, k += 8) {
      tail |= (b[i] & 0xffL) << k;
    }
    return BitsDictionary.mix(h ^ tail);
  }
}
