package io.github.artifactio.engine.internal.blake3;

/**
 * A node whose last compression is still pending: the last chunk, or a parent. Held back because only the final node
 * of the tree gets the ROOT flag, and the root's output is extendable (one compression per 64 output bytes).
 */
public final class Output {
  private final int[] cv = new int[8];
  private final byte[] block = new byte[Compress.BLOCK_LEN];
  private final long counter;
  private final int blockLen;
  private final int flags;

  private Output(long counter, int blockLen, int flags) {
    this.counter = counter;
    this.blockLen = blockLen;
    this.flags = flags;
  }

  /** The last chunk: {@code len} (0..1024) bytes at {@code in[off..)}, with chunk counter {@code counter}. */
  static Output chunk(byte[] in, int off, int len, long counter) {
    int blocks = Math.max(1, (len + Compress.BLOCK_LEN - 1) / Compress.BLOCK_LEN);
    int lastLen = len - (blocks - 1) * Compress.BLOCK_LEN;
    Output out = new Output(counter, lastLen, Compress.CHUNK_END | (blocks == 1 ? Compress.CHUNK_START : 0));
    Compress.setIv(out.cv, 0);
    for (int b = 0; b < blocks - 1; b++) {
      int flags = b == 0 ? Compress.CHUNK_START : 0;
      Compress.compress(out.cv, 0, in, off + b * Compress.BLOCK_LEN, counter, Compress.BLOCK_LEN, flags, out.cv, 0,
          false);
    }
    // the last block is zero-padded; its true length goes into the compression as blockLen
    System.arraycopy(in, off + (blocks - 1) * Compress.BLOCK_LEN, out.block, 0, lastLen);
    return out;
  }

  /** The parent of two chaining values {@code left[leftOff..+8)} and {@code right[rightOff..+8)}. */
  static Output parent(int[] left, int leftOff, int[] right, int rightOff) {
    Output out = new Output(0, Compress.BLOCK_LEN, Compress.PARENT);
    Compress.setIv(out.cv, 0);
    Compress.putWords(left, leftOff, out.block, 0, 8);
    Compress.putWords(right, rightOff, out.block, 32, 8);
    return out;
  }

  /** Writes this node's (non-root) chaining value to {@code dst[off..off+8)}. */
  void chainingValue(int[] dst, int off) {
    Compress.compress(cv, 0, block, 0, counter, blockLen, flags, dst, off, false);
  }

  /** Writes the first {@code len} bytes of this node's root output (ROOT flag, output block counter 0, 1, ...). */
  public void rootBytes(byte[] dst, int off, int len) {
    int[] words = new int[16];
    byte[] bytes = new byte[Compress.BLOCK_LEN];
    for (long outBlock = 0; len > 0; outBlock++) {
      Compress.compress(cv, 0, block, 0, outBlock, blockLen, flags | Compress.ROOT, words, 0, true);
      Compress.putWords(words, 0, bytes, 0, 16);
      int n = Math.min(len, Compress.BLOCK_LEN);
      System.arraycopy(bytes, 0, dst, off, n);
      off += n;
      len -= n;
    }
  }
}
