package io.github.artifactio.engine.hash;

import io.github.artifactio.engine.internal.blake3.Backends;

/**
 * Run in a child JVM by {@link Blake3BackendChoiceTest}: prints the blake3 back end this JVM chose; given {@code
 * useAvx}, the JVM's {@code UseAVX} as {@link Backends#useAvx()} reads it; given a length, the digest of that many
 * bytes of {@link #input} (and nothing that would make it choose).
 */
public final class BackendProbe {
  private BackendProbe() {}

  /** {@code length} bytes of a fixed pattern. */
  static byte[] input(int length) {
    byte[] b = new byte[length];
    for (int i = 0; i < length; i++) {
      b[i] = (byte) (i % 251);
    }
    return b;
  }

  public static void main(String[] args) {
    if (args.length == 0) {
      System.out.print(Blake3.backend());
    } else if (args[0].equals("useAvx")) {
      System.out.print(Backends.useAvx());
    } else {
      System.out.print("digest " + Blake3.hashBytes(input(Integer.parseInt(args[0]))).hex());
    }
  }
}
