package io.github.artifactio.engine.internal.blake3;

import io.github.artifactio.engine.internal.concurrent.Workers;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * The BLAKE3 tree of one input cut into parts: contiguous ranges {@code [from, to)} of its 1 MiB spans, hashed apart
 * (on other machines, or other threads) and merged into the input's root.
 *
 * <p>A span is an aligned complete subtree of 1024 chunks (the last span may hold fewer), so any aligned run of
 * {@code 2^k} spans that ends at or before the last span is a node of the input's tree: its chaining value depends
 * only on its bytes and its first chunk's index. A part yields the chaining values of the maximal such runs that
 * cover it ({@link #blocks}: at most two per bit of the span count), never the root node, which needs the ROOT flag
 * and so cannot be chained further: a part covering a whole input of {@code 2^k >= 2} spans yields the root's two
 * children instead. An input of one span (1 MiB or less) has no node below its root that is made of spans; a part
 * covering it is hashed whole, to its digest (see {@code Blake3Parts}).
 *
 * <p>Merging pushes the runs in order onto a {@link CvStack} (in chunk units: a run of {@code 2^k} spans is a subtree
 * of {@code 2^(k+10)} chunks), which merges equal aligned siblings as they meet, and folds the last run into the
 * stack from right to left; only the final parent is compressed with the ROOT flag. This is the stack rule of
 * {@link SubtreeParallel} with larger leaves, so the digest is the serial one bit for bit.
 */
public final class PartTree {
  /** Chunks per span. */
  public static final long SPAN_CHUNKS = SubtreeParallel.SPAN_CHUNKS;

  /** One aligned run of {@code 2^levels} spans starting at span {@code first}. */
  public record Block(long first, int levels) {
    public long spans() {
      return 1L << levels;
    }

    public long end() {
      return first + spans();
    }
  }

  /**
   * The maximal aligned runs covering spans {@code [from, to)} of an input of {@code spans} spans ({@code spans >= 2}),
   * left to right: each as large as its start's alignment and the spans left allow, except that the run of all spans
   * (the root) is split into its two halves.
   */
  public static List<Block> blocks(long from, long to, long spans) {
    if (spans < 2 || from < 0 || from >= to || to > spans) {
      throw new IllegalArgumentException("no part [" + from + ", " + to + ") of " + spans + " spans (2 or more)");
    }
    List<Block> out = new ArrayList<>();
    for (long p = from; p < to;) {
      int aligned = p == 0 ? 62 : Long.numberOfTrailingZeros(p);
      int levels = Math.min(aligned, 63 - Long.numberOfLeadingZeros(to - p));
      if (p == 0 && (1L << levels) == spans) {
        levels--; // the root itself: its two children stand for it
      }
      out.add(new Block(p, levels));
      p += 1L << levels;
    }
    return out;
  }

  /**
   * The chaining values of spans {@code [from, to)} of an input of {@code size} bytes, eight words a span, hashed on
   * {@code workers} and the calling thread; each span's value is that of its top node, as {@link SubtreeParallel}
   * computes it (the last span's too: here it is chained, not folded into a root).
   */
  public static <W> int[] spanCvs(long size, long from, long to, SubtreeParallel.SpanSource<W> source,
      Supplier<ChunkHasher> backends, Workers workers) throws IOException {
    long count = to - from;
    if (count < 1 || count > Integer.MAX_VALUE / 8) {
      throw new IllegalArgumentException("a part needs 1.." + (Integer.MAX_VALUE / 8) + " spans, got " + count);
    }
    int n = (int) count;
    int[] cvs = new int[n * 8];
    record Worker<W>(W state, TreeHasher hasher) {}
    try {
      workers.forEach(n, () -> new Worker<>(source.newWorker(), new TreeHasher(backends.get())), (w, i) -> {
        long span = from + i;
        int len = (int) Math.min(SubtreeParallel.SPAN_LEN, size - span * SubtreeParallel.SPAN_LEN);
        w.hasher().reset(span * SPAN_CHUNKS);
        try {
          source.hashSpan(w.state(), w.hasher(), span, len);
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
        w.hasher().subtreeCv(cvs, i * 8);
      });
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
    return cvs;
  }

  /**
   * The chaining value of {@code block}, written to {@code dst[dstOff..+8)}, from the span values {@code cvs} of the
   * part that starts at span {@code from}: the block's spans merged by the stack rule, the last one folded in, and the
   * resulting (non-root) parent compressed.
   */
  public static void blockCv(int[] cvs, long from, Block block, int[] dst, int dstOff) {
    int first = (int) (block.first() - from);
    int n = (int) block.spans();
    if (n == 1) {
      System.arraycopy(cvs, first * 8, dst, dstOff, 8);
      return;
    }
    CvStack stack = new CvStack();
    for (int i = 0; i < n - 1; i++) {
      stack.push(cvs, (first + i) * 8);
    }
    stack.fold(cvs, (first + n - 1) * 8).chainingValue(dst, dstOff);
  }

  /**
   * The root node of an input from its parts' runs, in order: {@code cvs[8*i..+8)} is the chaining value of a subtree
   * of {@code 2^levels[i]} chunks. The caller has checked that the runs are contiguous from chunk 0 and aligned, and
   * that there are at least two.
   */
  public static Output root(int[] cvs, int[] levels) {
    if (levels.length < 2) {
      throw new IllegalArgumentException("a root from parts needs two subtrees or more, got " + levels.length);
    }
    CvStack stack = new CvStack();
    for (int i = 0; i < levels.length - 1; i++) {
      stack.pushSubtree(cvs, i * 8, levels[i]);
    }
    return stack.fold(cvs, (levels.length - 1) * 8);
  }

  /** The 32 little-endian bytes of the chaining value {@code cvs[off..+8)}. */
  public static byte[] cvBytes(int[] cvs, int off) {
    byte[] out = new byte[32];
    Compress.putWords(cvs, off, out, 0, 8);
    return out;
  }

  /** The eight words of a chaining value written as 32 little-endian bytes, into {@code dst[off..+8)}. */
  public static void cvWords(byte[] bytes, int[] dst, int off) {
    for (int i = 0; i < 8; i++) {
      dst[off + i] = (int) Compress.LE_INT.get(bytes, 4 * i);
    }
  }

  private PartTree() {}
}
