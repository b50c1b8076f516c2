package io.github.artifactio.engine.internal.blake3;

/**
 * A back end: turns runs of whole 1024-byte chunks into their chaining values. Everything else of BLAKE3 (partial
 * chunks, parents, the root) is rare enough to stay scalar, so this is the only operation a back end provides.
 *
 * <p>Instances hold scratch space and are not thread-safe; every hasher owns one (see {@link Backends}).
 */
public interface ChunkHasher {
  /**
   * Hashes {@code count} full chunks {@code in[off..off+count*1024)}, the first with chunk counter {@code counter},
   * none of them a root, writing chunk {@code i}'s 8-word chaining value to {@code cvs[cvsOff+8*i..)}.
   */
  void hashChunks(byte[] in, int off, int count, long counter, int[] cvs, int cvsOff);

  /**
   * Writes the chaining values of {@code count} parents (none of them the root), parent {@code i} of the children
   * {@code cvs[off+16*i..+8)} and {@code cvs[off+16*i+8..+8)}, to {@code out[outOff+8*i..+8)}. {@code out} may be
   * {@code cvs} at the same offset: each parent reads its children before it is written. A parent is one compression,
   * a sixteenth of a chunk's, so doing them one at a time costs a wide back end a quarter of its speed.
   */
  default void hashParents(int[] cvs, int off, int count, int[] out, int outOff) {
    byte[] block = new byte[Compress.BLOCK_LEN];
    for (int i = 0; i < count; i++) {
      Compress.parent(cvs, off + 16 * i, block, out, outOff + 8 * i);
    }
  }

  /**
   * How many chunks one call should get to run at full speed: {@link TreeHasher} stages input to this many chunks. A
   * multiple of 16, the lanes of the widest vector back end.
   */
  default int groupChunks() {
    return 16;
  }

  /** The back end's name as {@code Blake3.backend()} reports it. */
  String name();
}
