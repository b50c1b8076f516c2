package io.github.artifactio.engine.column;

import java.nio.charset.StandardCharsets;
import java.util.Objects;

/** Shared validation and value helpers of the column records. */
final class Checks {
  private Checks() {}

  static String name(String name) {
    Objects.requireNonNull(name, "column name");
    if (name.isEmpty()) {
      throw new IllegalArgumentException("a column name must not be empty");
    }
    return name;
  }

  static void validity(String name, boolean[] valid, int length) {
    Objects.requireNonNull(valid, "validity of column '" + name + "'");
    if (valid.length != length) {
      throw new IllegalArgumentException(
          "column '" + name + "' has " + length + " values but " + valid.length + " validity flags");
    }
  }

  /** Offsets of n rows: n+1 entries, starting at 0, never decreasing, ending at the value count. */
  static void offsets(String name, int[] offsets, int values) {
    Objects.requireNonNull(offsets, "offsets of column '" + name + "'");
    if (offsets.length == 0 || offsets[0] != 0) {
      throw new IllegalArgumentException("column '" + name + "': offsets must start with 0");
    }
    for (int i = 1; i < offsets.length; i++) {
      if (offsets[i] < offsets[i - 1]) {
        throw new IllegalArgumentException(
            "column '" + name + "': offsets decrease at row " + (i - 1) + " (" + offsets[i - 1] + " > "
                + offsets[i] + ")");
      }
    }
    if (offsets[offsets.length - 1] != values) {
      throw new IllegalArgumentException(
          "column '" + name + "': the last offset is " + offsets[offsets.length - 1] + " but there are " + values
              + " values");
    }
  }

  static void offsets(String name, long[] offsets, long values) {
    Objects.requireNonNull(offsets, "offsets of column '" + name + "'");
    if (offsets.length == 0 || offsets[0] != 0) {
      throw new IllegalArgumentException("column '" + name + "': offsets must start with 0");
    }
    for (int i = 1; i < offsets.length; i++) {
      if (offsets[i] < offsets[i - 1]) {
        throw new IllegalArgumentException(
            "column '" + name + "': offsets decrease at row " + (i - 1) + " (" + offsets[i - 1] + " > "
                + offsets[i] + ")");
      }
    }
    if (offsets[offsets.length - 1] != values) {
      throw new IllegalArgumentException(
          "column '" + name + "': the last offset is " + offsets[offsets.length - 1] + " but there are " + values
              + " values");
    }
  }

  /** A null list row must be empty, so the values array holds exactly the present rows' items. */
  static void nullRowsEmpty(String name, boolean[] valid, int[] offsets) {
    for (int i = 0; i < valid.length; i++) {
      if (!valid[i] && offsets[i + 1] != offsets[i]) {
        throw new IllegalArgumentException("column '" + name + "': null row " + i + " holds values");
      }
    }
  }

  static void nullRowsEmpty(String name, boolean[] valid, long[] offsets) {
    for (int i = 0; i < valid.length; i++) {
      if (!valid[i] && offsets[i + 1] != offsets[i]) {
        throw new IllegalArgumentException("column '" + name + "': null row " + i + " holds values");
      }
    }
  }

  static boolean[] allValid(int n) {
    boolean[] v = new boolean[n];
    java.util.Arrays.fill(v, true);
    return v;
  }

  static boolean sameBits(double[] a, double[] b) {
    if (a.length != b.length) {
      return false;
    }
    for (int i = 0; i < a.length; i++) {
      if (Double.doubleToRawLongBits(a[i]) != Double.doubleToRawLongBits(b[i])) {
        return false;
      }
    }
    return true;
  }

  static boolean sameBits(float[] a, float[] b) {
    if (a.length != b.length) {
      return false;
    }
    for (int i = 0; i < a.length; i++) {
      if (Float.floatToRawIntBits(a[i]) != Float.floatToRawIntBits(b[i])) {
        return false;
      }
    }
    return true;
  }

  /** Equal where valid; the value under a null is not data and does not count. */
  static boolean sameBitsWhereValid(double[] a, double[] b, boolean[] valid) {
    for (int i = 0; i < a.length; i++) {
      if (valid[i] && Double.doubleToRawLongBits(a[i]) != Double.doubleToRawLongBits(b[i])) {
        return false;
      }
    }
    return true;
  }

  static boolean sameBitsWhereValid(float[] a, float[] b, boolean[] valid) {
    for (int i = 0; i < a.length; i++) {
      if (valid[i] && Float.floatToRawIntBits(a[i]) != Float.floatToRawIntBits(b[i])) {
        return false;
      }
    }
    return true;
  }

  static String describe(Column c) {
    return c.getClass().getSimpleName() + "[name=" + c.name() + ", type=" + c.type().arrowName()
        + (c.type().nullable() ? " (nullable)" : "") + ", rows=" + c.length() + ", nulls=" + c.nullCount() + "]";
  }

  /** Packs strings into one UTF-8 arena plus offsets; a null entry becomes an empty slot. */
  static Utf8Arena pack(String[] values) {
    int[] offsets = new int[values.length + 1];
    byte[][] encoded = new byte[values.length][];
    long total = 0;
    for (int i = 0; i < values.length; i++) {
      encoded[i] = values[i] == null ? new byte[0] : values[i].getBytes(StandardCharsets.UTF_8);
      total += encoded[i].length;
      if (total > Integer.MAX_VALUE - 8) {
        throw new IllegalArgumentException("more than 2 GiB of UTF-8 in one column");
      }
      offsets[i + 1] = (int) total;
    }
    byte[] data = new byte[(int) total];
    for (int i = 0; i < values.length; i++) {
      System.arraycopy(encoded[i], 0, data, offsets[i], encoded[i].length);
    }
    return new Utf8Arena(data, offsets);
  }

  record Utf8Arena(byte[] data, int[] offsets) {}
}
