package io.github.artifactio.engine.internal.blake3;

/**
 * The stack of subtree chaining values waiting for their right sibling, in BLAKE3's merge rule: after the n-th leaf is
 * pushed, merge the top two entries once per trailing zero bit of n. Leaves are chunks in a {@link TreeHasher} and
 * 1 MiB spans in {@link SubtreeParallel}; both give the same tree because spans are aligned complete subtrees.
 */
final class CvStack {
  /** 2^54 leaves of 1 KiB exceed any 64-bit length; one more slot holds the entry being merged. */
  private static final int MAX_DEPTH = 55;

  private final int[] words = new int[MAX_DEPTH * 8];
  /** The 64-byte parent block, reused: a merge happens about once per chunk and should not allocate. */
  private final byte[] block = new byte[Compress.BLOCK_LEN];
  private int depth;
  private long leaves;

  /** Pushes a leaf's chaining value {@code src[off..off+8)}; its right neighbour is known to exist. */
  void push(int[] src, int off) {
    pushSubtree(src, off, 0);
  }

  /**
   * Pushes the chaining value of a complete subtree of {@code 2^levels} leaves, as if its leaves were pushed one by
   * one: the leaves so far must be a multiple of {@code 2^levels} (the subtree is aligned), so every entry on the
   * stack is a subtree at least that large, and the rule applies unchanged to counts in units of the subtree.
   */
  void pushSubtree(int[] src, int off, int levels) {
    if ((leaves & ((1L << levels) - 1)) != 0) {
      throw new IllegalStateException("a subtree of 2^" + levels + " leaves pushed after " + leaves + " leaves");
    }
    System.arraycopy(src, off, words, depth * 8, 8);
    leaves += 1L << levels;
    long n = leaves >>> levels;
    while ((n & 1) == 0) {
      // merged eagerly: a merged pair cannot be the root, because another leaf is known to follow
      // the two entries are adjacent: left at depth - 1, right at depth
      Compress.parent(words, (depth - 1) * 8, block, words, (depth - 1) * 8);
      depth--;
      n >>>= 1;
    }
    depth++;
  }

  /** Folds the stack into {@code last}, the rightmost node, giving the tree's root node (not yet compressed). */
  Output fold(Output last) {
    Output out = last;
    int[] right = new int[8];
    for (int d = depth - 1; d >= 0; d--) {
      out.chainingValue(right, 0);
      out = Output.parent(words, d * 8, right, 0);
    }
    return out;
  }

  /** Folds the stack onto a rightmost chaining value (at least one entry must be on the stack). */
  Output fold(int[] lastCv, int off) {
    Output out = Output.parent(words, (depth - 1) * 8, lastCv, off);
    int[] right = new int[8];
    for (int d = depth - 2; d >= 0; d--) {
      out.chainingValue(right, 0);
      out = Output.parent(words, d * 8, right, 0);
    }
    return out;
  }

  int depth() {
    return depth;
  }

  long leaves() {
    return leaves;
  }

  void clear() {
    depth = 0;
    leaves = 0;
  }

  void copyFrom(CvStack other) {
    System.arraycopy(other.words, 0, words, 0, other.depth * 8);
    depth = other.depth;
    leaves = other.leaves;
  }
}
