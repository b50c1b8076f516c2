package io.github.artifactio.engine.hash;

import java.util.Objects;

/**
 * A 32-byte BLAKE3 digest as 64 lower-case hex characters, the form it takes in manifests and file names. Validated on
 * construction so that a hash read back from a manifest is either well-formed or rejected at the boundary.
 */
public record ContentHash(String hex) {
  private static final char[] HEX = "0123456789abcdef".toCharArray();

  public ContentHash {
    Objects.requireNonNull(hex, "hex");
    if (hex.length() != 64) {
      throw new IllegalArgumentException(
          "a content hash is 64 hex characters, got " + hex.length() + ": '" + hex + "'");
    }
    for (int i = 0; i < hex.length(); i++) {
      char c = hex.charAt(i);
      if (!(c >= '0' && c <= '9' || c >= 'a' && c <= 'f')) {
        throw new IllegalArgumentException("a content hash is lower-case hex, got '" + hex + "'");
      }
    }
  }

  /** The hash of a 32-byte digest. */
  public static ContentHash of(byte[] digest32) {
    if (digest32.length != 32) {
      throw new IllegalArgumentException("a content hash digest is 32 bytes, got " + digest32.length);
    }
    char[] chars = new char[64];
    for (int i = 0; i < 32; i++) {
      chars[2 * i] = HEX[(digest32[i] >>> 4) & 0xf];
      chars[2 * i + 1] = HEX[digest32[i] & 0xf];
    }
    return new ContentHash(new String(chars));
  }

  /** The 32 digest bytes. */
  public byte[] bytes() {
    byte[] out = new byte[32];
    for (int i = 0; i < 32; i++) {
      out[i] = (byte) Integer.parseInt(hex, 2 * i, 2 * i + 2, 16);
    }
    return out;
  }

  @Override
  public String toString() {
    return hex;
  }
}
