package io.github.artifactio.engine.hash;

import java.io.IOException;
import java.io.OutputStream;
import java.util.Objects;

/**
 * Forwards every byte to a wrapped stream and hashes exactly the bytes that stream accepted: a write that throws is
 * not hashed. Small writes are staged by the hasher to whole 8-chunk groups, so the vector back end stays on its fast
 * path whatever the write size.
 *
 * <p>Hashing inline costs the writing thread; for large artifacts the design notes suggest hashing the finished file
 * on another thread instead.
 */
public final class HashingOutputStream extends OutputStream {
  private final OutputStream out;
  private final Blake3Hasher hasher;
  private final byte[] one = new byte[1];

  public HashingOutputStream(OutputStream out) {
    this(out, Blake3.newHasher());
  }

  HashingOutputStream(OutputStream out, Blake3Hasher hasher) {
    this.out = Objects.requireNonNull(out, "out");
    this.hasher = hasher;
  }

  @Override
  public void write(int b) throws IOException {
    out.write(b);
    one[0] = (byte) b;
    hasher.update(one, 0, 1);
  }

  @Override
  public void write(byte[] b, int off, int len) throws IOException {
    Objects.checkFromIndexSize(off, len, b.length);
    out.write(b, off, len);
    hasher.update(b, off, len);
  }

  @Override
  public void flush() throws IOException {
    out.flush();
  }

  @Override
  public void close() throws IOException {
    out.close();
  }

  /** The digest of the bytes written so far; valid at any point, including after {@link #close()}. */
  public ContentHash digest() {
    return hasher.digest();
  }

  /** The number of bytes written (and hashed) so far. */
  public long count() {
    return hasher.count();
  }
}
