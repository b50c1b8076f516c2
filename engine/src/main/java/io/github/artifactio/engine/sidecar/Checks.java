package io.github.artifactio.engine.sidecar;

/** Field checks shared by the sidecar records; messages use the JSON field names, which both engines share. */
final class Checks {
  private Checks() {}

  /** {@code content_hash} is blake3's {@code to_hex()}: exactly 64 lower-case hex digits. */
  static String requireContentHash(String hash, String field) {
    if (hash == null) {
      throw new NullPointerException(field + " must not be null");
    }
    boolean ok = hash.length() == 64;
    for (int i = 0; ok && i < hash.length(); i++) {
      char c = hash.charAt(i);
      ok = (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
    }
    if (!ok) {
      throw new IllegalArgumentException(
          field + " must be 64 lower-case hex digits (a blake3 digest), got \"" + hash + "\"");
    }
    return hash;
  }

  static <T> T required(T value, String field) {
    if (value == null) {
      throw new NullPointerException(field + " must not be null");
    }
    return value;
  }

  static long nonNegative(long value, String field) {
    if (value < 0) {
      throw new IllegalArgumentException(field + " must be >= 0, got " + value);
    }
    return value;
  }
}
