package io.github.artifactio.engine.internal.blake3;

/** The portable back end: one chunk at a time through {@link Compress}. Stateless, so any instance will do. */
public final class ScalarChunkHasher implements ChunkHasher {
  public static final String NAME = "scalar";

  @Override
  public void hashChunks(byte[] in, int off, int count, long counter, int[] cvs, int cvsOff) {
    for (int i = 0; i < count; i++) {
      Compress.fullChunk(in, off + i * Compress.CHUNK_LEN, counter + i, cvs, cvsOff + 8 * i);
    }
  }

  @Override
  public String name() {
    return NAME;
  }
}
