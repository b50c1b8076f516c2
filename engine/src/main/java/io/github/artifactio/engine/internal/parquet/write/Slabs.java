package io.github.artifactio.engine.internal.parquet.write;

import java.util.ArrayList;
import java.util.List;

/**
 * The compressed page bodies of a column chunk, back to back in fixed {@value #SLAB_KIB} KiB slabs that a body may
 * span. Fixed slabs bound the slack to one partly filled slab per chunk, and arrays of this size stay below the size
 * at which G1 gives an array whole regions of its own (half a region; regions are at least 1 MiB), so a chunk's bodies
 * take about their own size of heap. Slabs that grew to the size of all before them (64 KiB up to 16 MiB) held
 * 17.2 MB of capacity for 10 MB of pages in the write benchmark's chunked write, and G1 rounded each large one up to
 * whole regions. A page is compressed straight into the current slab when its worst case fits there, else into the
 * encoding thread's scratch buffer and copied in. Slabs are kept for the next chunk, so a steady write allocates
 * nothing.
 */
final class Slabs {
  static final int SLAB_KIB = 256;
  static final int SLAB = SLAB_KIB << 10;

  /** Every slab held; those below {@code size / SLAB} are full. */
  private final List<byte[]> slabs = new ArrayList<>();
  private long size;

  /** The bytes held, which is where the next body starts. */
  long size() {
    return size;
  }

  /** Contiguous room in the current slab: what {@link #tail} can take in place. */
  int room() {
    return SLAB - offset(size);
  }

  /** The slab the next byte goes to (at {@link #tailOffset}); made when the previous one is full. */
  byte[] tail() {
    int i = (int) (size / SLAB);
    while (slabs.size() <= i) {
      slabs.add(new byte[SLAB]);
    }
    return slabs.get(i);
  }

  int tailOffset() {
    return offset(size);
  }

  /** Counts {@code n} bytes written in place at the tail (at most {@link #room}). */
  void advance(int n) {
    if (n > room()) {
      throw new IllegalStateException("a page body of " + n + " bytes overran its slab's " + room());
    }
    size += n;
  }

  /** Appends {@code len} bytes of {@code b} from {@code off}, across slabs; returns where they start. */
  long append(byte[] b, int off, int len) {
    long at = size;
    while (len > 0) {
      byte[] slab = tail();
      int o = offset(size);
      int n = Math.min(len, SLAB - o);
      System.arraycopy(b, off, slab, o, n);
      off += n;
      len -= n;
      size += n;
    }
    return at;
  }

  /** Writes the {@code len} bytes held from {@code at} to {@code out}. */
  void writeTo(ParquetOutput out, long at, int len) {
    while (len > 0) {
      int o = offset(at);
      int n = Math.min(len, SLAB - o);
      out.write(slabs.get((int) (at / SLAB)), o, n);
      at += n;
      len -= n;
    }
  }

  private static int offset(long position) {
    return (int) (position % SLAB);
  }

  /** Forgets the bodies; their slabs are kept for the next chunk. */
  void clear() {
    size = 0;
  }

  long heldBytes() {
    return (long) slabs.size() * SLAB;
  }
}
