package io.github.artifactio.engine.hash;

import io.github.artifactio.engine.internal.blake3.ChunkHasher;
import io.github.artifactio.engine.internal.blake3.TreeHasher;
import java.nio.ByteBuffer;

/**
 * Incremental BLAKE3 (unkeyed hash mode). Not thread-safe. {@link #digest()} does not end the hashing: it gives the
 * digest of the bytes so far and more can be added after it.
 */
public final class Blake3Hasher {
  private final TreeHasher tree;

  Blake3Hasher(ChunkHasher backend) {
    tree = new TreeHasher(backend);
    tree.reset(0);
  }

  public Blake3Hasher update(byte[] in, int off, int len) {
    tree.update(in, off, len);
    return this;
  }

  public Blake3Hasher update(byte[] in) {
    return update(in, 0, in.length);
  }

  /** Hashes the buffer's remaining bytes and advances its position to its limit. */
  public Blake3Hasher update(ByteBuffer in) {
    tree.update(in);
    return this;
  }

  /** Bytes hashed so far. */
  public long count() {
    return tree.count();
  }

  /** The 32-byte digest of the bytes so far. */
  public ContentHash digest() {
    return ContentHash.of(digest(32));
  }

  /** The first {@code outLen} bytes of BLAKE3's extendable output of the bytes so far (its first 32 are the digest). */
  public byte[] digest(int outLen) {
    if (outLen < 0) {
      throw new IllegalArgumentException("output length must not be negative: " + outLen);
    }
    byte[] out = new byte[outLen];
    tree.finish().rootBytes(out, 0, outLen);
    return out;
  }

  /**
   * The back end this hasher runs on: {@code "vector-512"}, {@code "vector-256"}, {@code "lanes"} or {@code "scalar"}.
   */
  public String backend() {
    return tree.backendName();
  }
}
