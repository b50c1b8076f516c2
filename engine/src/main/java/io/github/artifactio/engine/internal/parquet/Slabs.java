package io.github.artifactio.engine.internal.parquet;

import java.util.ArrayList;
import java.util.List;

/**
 * The compressed pages of a column chunk, in arrays that are never copied to grow: a page is compressed into the
 * current slab when it has room for the page's worst case, else into a new one (each new slab about as large as all
 * before it, from 64 KiB up to 16 MiB, or the page's worst case). Slabs are kept for the next row group, so a steady
 * write allocates nothing; a doubling buffer copied a chunk about twice over as it grew.
 */
final class Slabs {
  private static final int MIN = 64 << 10;
  private static final int MAX = 16 << 20;

  private final List<byte[]> used = new ArrayList<>();
  private final List<byte[]> spare = new ArrayList<>();
  /** The current slab as a buffer to compress into; {@code current.size} is its fill. */
  final Bytes current = new Bytes(0);
  private long total;

  /** Makes {@link #current} a slab with room for {@code need} more bytes; returns its index. */
  int reserve(int need) {
    if (!used.isEmpty() && current.buf.length - current.size >= need) {
      return used.size() - 1;
    }
    int size = (int) Math.max(need, Math.min(MAX, Math.max(MIN, total)));
    byte[] slab = null;
    for (int i = 0; i < spare.size(); i++) {
      if (spare.get(i).length >= need) {
        slab = spare.remove(i);
        break;
      }
    }
    if (slab == null) {
      slab = new byte[size];
    }
    used.add(slab);
    total += slab.length;
    current.buf = slab;
    current.size = 0;
    return used.size() - 1;
  }

  byte[] slab(int i) {
    return used.get(i);
  }

  /** Forgets the pages; their slabs are kept for the next chunk. */
  void clear() {
    spare.addAll(used);
    used.clear();
    current.buf = new byte[0];
    current.size = 0;
  }

  long heldBytes() {
    long n = 0;
    for (byte[] b : used) {
      n += b.length;
    }
    for (byte[] b : spare) {
      n += b.length;
    }
    return n;
  }
}
