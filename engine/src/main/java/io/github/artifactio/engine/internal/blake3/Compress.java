package io.github.artifactio.engine.internal.blake3;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * The scalar BLAKE3 compression function and the constants of the tree.
 *
 * <p>Shape chosen by measurement (design notes): the seven rounds are unrolled, the 16-word state and the 16 message
 * words live in local {@code int}s, message words are read little-endian straight from the caller's array through a
 * {@link VarHandle}, and nothing is allocated per block. The method stays well under HotSpot's 8000-byte huge-method
 * limit so C2 compiles it.
 */
public final class Compress {
  public static final int CHUNK_START = 1;
  public static final int CHUNK_END = 2;
  public static final int PARENT = 4;
  public static final int ROOT = 8;

  public static final int BLOCK_LEN = 64;
  public static final int CHUNK_LEN = 1024;
  public static final int BLOCKS_PER_CHUNK = CHUNK_LEN / BLOCK_LEN;

  /** The SHA-256 initial words, BLAKE3's IV and the key of the (unkeyed) hash mode. */
  static final int[] IV = {
    0x6A09E667, 0xBB67AE85, 0x3C6EF372, 0xA54FF53A, 0x510E527F, 0x9B05688C, 0x1F83D9AB, 0x5BE0CD19
  };

  /** Message word order per round: round 0 is the identity, each next round applies BLAKE3's permutation. */
  static final int[][] SCHEDULE = {
    {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15},
    {2, 6, 3, 10, 7, 0, 4, 13, 1, 11, 12, 5, 9, 14, 15, 8},
    {3, 4, 10, 12, 13, 2, 7, 14, 6, 5, 9, 0, 11, 15, 8, 1},
    {10, 7, 12, 9, 14, 3, 13, 15, 4, 0, 11, 2, 5, 8, 1, 6},
    {12, 13, 9, 11, 15, 10, 14, 8, 7, 2, 5, 3, 0, 1, 6, 4},
    {9, 14, 11, 5, 8, 12, 15, 1, 13, 3, 0, 10, 2, 6, 4, 7},
    {11, 15, 5, 0, 1, 9, 8, 6, 14, 10, 2, 12, 3, 4, 7, 13}
  };

  static final VarHandle LE_INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);

  /** Fills {@code cv[off..off+8)} with the IV, the starting chaining value of every chunk and parent. */
  static void setIv(int[] cv, int off) {
    System.arraycopy(IV, 0, cv, off, 8);
  }

  /**
   * Compresses one 64-byte block {@code in[inOff..inOff+64)} under the chaining value {@code cv[cvOff..cvOff+8)}.
   *
   * <p>Writes the 8-word chaining value to {@code out[outOff..outOff+8)}; with {@code full} also the upper 8 words of
   * the extended output to {@code out[outOff+8..outOff+16)}. {@code out} may be {@code cv} at the same offset (the
   * usual in-place chunk step) as long as {@code full} is false.
   */
  static void compress(
      int[] cv, int cvOff, byte[] in, int inOff, long counter, int blockLen, int flags,
      int[] out, int outOff, boolean full) {
    int m0 = (int) LE_INT.get(in, inOff);
    int m1 = (int) LE_INT.get(in, inOff + 4);
    int m2 = (int) LE_INT.get(in, inOff + 8);
    int m3 = (int) LE_INT.get(in, inOff + 12);
    int m4 = (int) LE_INT.get(in, inOff + 16);
    int m5 = (int) LE_INT.get(in, inOff + 20);
    int m6 = (int) LE_INT.get(in, inOff + 24);
    int m7 = (int) LE_INT.get(in, inOff + 28);
    int m8 = (int) LE_INT.get(in, inOff + 32);
    int m9 = (int) LE_INT.get(in, inOff + 36);
    int m10 = (int) LE_INT.get(in, inOff + 40);
    int m11 = (int) LE_INT.get(in, inOff + 44);
    int m12 = (int) LE_INT.get(in, inOff + 48);
    int m13 = (int) LE_INT.get(in, inOff + 52);
    int m14 = (int) LE_INT.get(in, inOff + 56);
    int m15 = (int) LE_INT.get(in, inOff + 60);

    int v0 = cv[cvOff];
    int v1 = cv[cvOff + 1];
    int v2 = cv[cvOff + 2];
    int v3 = cv[cvOff + 3];
    int v4 = cv[cvOff + 4];
    int v5 = cv[cvOff + 5];
    int v6 = cv[cvOff + 6];
    int v7 = cv[cvOff + 7];
    int v8 = 0x6A09E667;
    int v9 = 0xBB67AE85;
    int v10 = 0x3C6EF372;
    int v11 = 0xA54FF53A;
    int v12 = (int) counter;
    int v13 = (int) (counter >>> 32);
    int v14 = blockLen;
    int v15 = flags;

    // one line per G step, four statements each, so a round reads as the reference code's table of steps
    // spotless:off
    // round 1; message words permuted by the fixed schedule
    v0 += v4 + m0; v12 = Integer.rotateRight(v12 ^ v0, 16); v8 += v12; v4 = Integer.rotateRight(v4 ^ v8, 12);
    v0 += v4 + m1; v12 = Integer.rotateRight(v12 ^ v0, 8); v8 += v12; v4 = Integer.rotateRight(v4 ^ v8, 7);
    v1 += v5 + m2; v13 = Integer.rotateRight(v13 ^ v1, 16); v9 += v13; v5 = Integer.rotateRight(v5 ^ v9, 12);
    v1 += v5 + m3; v13 = Integer.rotateRight(v13 ^ v1, 8); v9 += v13; v5 = Integer.rotateRight(v5 ^ v9, 7);
    v2 += v6 + m4; v14 = Integer.rotateRight(v14 ^ v2, 16); v10 += v14; v6 = Integer.rotateRight(v6 ^ v10, 12);
    v2 += v6 + m5; v14 = Integer.rotateRight(v14 ^ v2, 8); v10 += v14; v6 = Integer.rotateRight(v6 ^ v10, 7);
    v3 += v7 + m6; v15 = Integer.rotateRight(v15 ^ v3, 16); v11 += v15; v7 = Integer.rotateRight(v7 ^ v11, 12);
    v3 += v7 + m7; v15 = Integer.rotateRight(v15 ^ v3, 8); v11 += v15; v7 = Integer.rotateRight(v7 ^ v11, 7);
    v0 += v5 + m8; v15 = Integer.rotateRight(v15 ^ v0, 16); v10 += v15; v5 = Integer.rotateRight(v5 ^ v10, 12);
    v0 += v5 + m9; v15 = Integer.rotateRight(v15 ^ v0, 8); v10 += v15; v5 = Integer.rotateRight(v5 ^ v10, 7);
    v1 += v6 + m10; v12 = Integer.rotateRight(v12 ^ v1, 16); v11 += v12; v6 = Integer.rotateRight(v6 ^ v11, 12);
    v1 += v6 + m11; v12 = Integer.rotateRight(v12 ^ v1, 8); v11 += v12; v6 = Integer.rotateRight(v6 ^ v11, 7);
    v2 += v7 + m12; v13 = Integer.rotateRight(v13 ^ v2, 16); v8 += v13; v7 = Integer.rotateRight(v7 ^ v8, 12);
    v2 += v7 + m13; v13 = Integer.rotateRight(v13 ^ v2, 8); v8 += v13; v7 = Integer.rotateRight(v7 ^ v8, 7);
    v3 += v4 + m14; v14 = Integer.rotateRight(v14 ^ v3, 16); v9 += v14; v4 = Integer.rotateRight(v4 ^ v9, 12);
    v3 += v4 + m15; v14 = Integer.rotateRight(v14 ^ v3, 8); v9 += v14; v4 = Integer.rotateRight(v4 ^ v9, 7);
    // round 2; message words permuted by the fixed schedule
    v0 += v4 + m2; v12 = Integer.rotateRight(v12 ^ v0, 16); v8 += v12; v4 = Integer.rotateRight(v4 ^ v8, 12);
    v0 += v4 + m6; v12 = Integer.rotateRight(v12 ^ v0, 8); v8 += v12; v4 = Integer.rotateRight(v4 ^ v8, 7);
    v1 += v5 + m3; v13 = Integer.rotateRight(v13 ^ v1, 16); v9 += v13; v5 = Integer.rotateRight(v5 ^ v9, 12);
    v1 += v5 + m10; v13 = Integer.rotateRight(v13 ^ v1, 8); v9 += v13; v5 = Integer.rotateRight(v5 ^ v9, 7);
    v2 += v6 + m7; v14 = Integer.rotateRight(v14 ^ v2, 16); v10 += v14; v6 = Integer.rotateRight(v6 ^ v10, 12);
    v2 += v6 + m0; v14 = Integer.rotateRight(v14 ^ v2, 8); v10 += v14; v6 = Integer.rotateRight(v6 ^ v10, 7);
    v3 += v7 + m4; v15 = Integer.rotateRight(v15 ^ v3, 16); v11 += v15; v7 = Integer.rotateRight(v7 ^ v11, 12);
    v3 += v7 + m13; v15 = Integer.rotateRight(v15 ^ v3, 8); v11 += v15; v7 = Integer.rotateRight(v7 ^ v11, 7);
    v0 += v5 + m1; v15 = Integer.rotateRight(v15 ^ v0, 16); v10 += v15; v5 = Integer.rotateRight(v5 ^ v10, 12);
    v0 += v5 + m11; v15 = Integer.rotateRight(v15 ^ v0, 8); v10 += v15; v5 = Integer.rotateRight(v5 ^ v10, 7);
    v1 += v6 + m12; v12 = Integer.rotateRight(v12 ^ v1, 16); v11 += v12; v6 = Integer.rotateRight(v6 ^ v11, 12);
    v1 += v6 + m5; v12 = Integer.rotateRight(v12 ^ v1, 8); v11 += v12; v6 = Integer.rotateRight(v6 ^ v11, 7);
    v2 += v7 + m9; v13 = Integer.rotateRight(v13 ^ v2, 16); v8 += v13; v7 = Integer.rotateRight(v7 ^ v8, 12);
    v2 += v7 + m14; v13 = Integer.rotateRight(v13 ^ v2, 8); v8 += v13; v7 = Integer.rotateRight(v7 ^ v8, 7);
    v3 += v4 + m15; v14 = Integer.rotateRight(v14 ^ v3, 16); v9 += v14; v4 = Integer.rotateRight(v4 ^ v9, 12);
    v3 += v4 + m8; v14 = Integer.rotateRight(v14 ^ v3, 8); v9 += v14; v4 = Integer.rotateRight(v4 ^ v9, 7);
    // round 3; message words permuted by the fixed schedule
    v0 += v4 + m3; v12 = Integer.rotateRight(v12 ^ v0, 16); v8 += v12; v4 = Integer.rotateRight(v4 ^ v8, 12);
    v0 += v4 + m4; v12 = Integer.rotateRight(v12 ^ v0, 8); v8 += v12; v4 = Integer.rotateRight(v4 ^ v8, 7);
    v1 += v5 + m10; v13 = Integer.rotateRight(v13 ^ v1, 16); v9 += v13; v5 = Integer.rotateRight(v5 ^ v9, 12);
    v1 += v5 + m12; v13 = Integer.rotateRight(v13 ^ v1, 8); v9 += v13; v5 = Integer.rotateRight(v5 ^ v9, 7);
    v2 += v6 + m13; v14 = Integer.rotateRight(v14 ^ v2, 16); v10 += v14; v6 = Integer.rotateRight(v6 ^ v10, 12);
    v2 += v6 + m2; v14 = Integer.rotateRight(v14 ^ v2, 8); v10 += v14; v6 = Integer.rotateRight(v6 ^ v10, 7);
    v3 += v7 + m7; v15 = Integer.rotateRight(v15 ^ v3, 16); v11 += v15; v7 = Integer.rotateRight(v7 ^ v11, 12);
    v3 += v7 + m14; v15 = Integer.rotateRight(v15 ^ v3, 8); v11 += v15; v7 = Integer.rotateRight(v7 ^ v11, 7);
    v0 += v5 + m6; v15 = Integer.rotateRight(v15 ^ v0, 16); v10 += v15; v5 = Integer.rotateRight(v5 ^ v10, 12);
    v0 += v5 + m5; v15 = Integer.rotateRight(v15 ^ v0, 8); v10 += v15; v5 = Integer.rotateRight(v5 ^ v10, 7);
    v1 += v6 + m9; v12 = Integer.rotateRight(v12 ^ v1, 16); v11 += v12; v6 = Integer.rotateRight(v6 ^ v11, 12);
    v1 += v6 + m0; v12 = Integer.rotateRight(v12 ^ v1, 8); v11 += v12; v6 = Integer.rotateRight(v6 ^ v11, 7);
    v2 += v7 + m11; v13 = Integer.rotateRight(v13 ^ v2, 16); v8 += v13; v7 = Integer.rotateRight(v7 ^ v8, 12);
    v2 += v7 + m15; v13 = Integer.rotateRight(v13 ^ v2, 8); v8 += v13; v7 = Integer.rotateRight(v7 ^ v8, 7);
    v3 += v4 + m8; v14 = Integer.rotateRight(v14 ^ v3, 16); v9 += v14; v4 = Integer.rotateRight(v4 ^ v9, 12);
    v3 += v4 + m1; v14 = Integer.rotateRight(v14 ^ v3, 8); v9 += v14; v4 = Integer.rotateRight(v4 ^ v9, 7);
    // round 4; message words permuted by the fixed schedule
    v0 += v4 + m10; v12 = Integer.rotateRight(v12 ^ v0, 16); v8 += v12; v4 = Integer.rotateRight(v4 ^ v8, 12);
    v0 += v4 + m7; v12 = Integer.rotateRight(v12 ^ v0, 8); v8 += v12; v4 = Integer.rotateRight(v4 ^ v8, 7);
    v1 += v5 + m12; v13 = Integer.rotateRight(v13 ^ v1, 16); v9 += v13; v5 = Integer.rotateRight(v5 ^ v9, 12);
    v1 += v5 + m9; v13 = Integer.rotateRight(v13 ^ v1, 8); v9 += v13; v5 = Integer.rotateRight(v5 ^ v9, 7);
    v2 += v6 + m14; v14 = Integer.rotateRight(v14 ^ v2, 16); v10 += v14; v6 = Integer.rotateRight(v6 ^ v10, 12);
    v2 += v6 + m3; v14 = Integer.rotateRight(v14 ^ v2, 8); v10 += v14; v6 = Integer.rotateRight(v6 ^ v10, 7);
    v3 += v7 + m13; v15 = Integer.rotateRight(v15 ^ v3, 16); v11 += v15; v7 = Integer.rotateRight(v7 ^ v11, 12);
    v3 += v7 + m15; v15 = Integer.rotateRight(v15 ^ v3, 8); v11 += v15; v7 = Integer.rotateRight(v7 ^ v11, 7);
    v0 += v5 + m4; v15 = Integer.rotateRight(v15 ^ v0, 16); v10 += v15; v5 = Integer.rotateRight(v5 ^ v10, 12);
    v0 += v5 + m0; v15 = Integer.rotateRight(v15 ^ v0, 8); v10 += v15; v5 = Integer.rotateRight(v5 ^ v10, 7);
    v1 += v6 + m11; v12 = Integer.rotateRight(v12 ^ v1, 16); v11 += v12; v6 = Integer.rotateRight(v6 ^ v11, 12);
    v1 += v6 + m2; v12 = Integer.rotateRight(v12 ^ v1, 8); v11 += v12; v6 = Integer.rotateRight(v6 ^ v11, 7);
    v2 += v7 + m5; v13 = Integer.rotateRight(v13 ^ v2, 16); v8 += v13; v7 = Integer.rotateRight(v7 ^ v8, 12);
    v2 += v7 + m8; v13 = Integer.rotateRight(v13 ^ v2, 8); v8 += v13; v7 = Integer.rotateRight(v7 ^ v8, 7);
    v3 += v4 + m1; v14 = Integer.rotateRight(v14 ^ v3, 16); v9 += v14; v4 = Integer.rotateRight(v4 ^ v9, 12);
    v3 += v4 + m6; v14 = Integer.rotateRight(v14 ^ v3, 8); v9 += v14; v4 = Integer.rotateRight(v4 ^ v9, 7);
    // round 5; message words permuted by the fixed schedule
    v0 += v4 + m12; v12 = Integer.rotateRight(v12 ^ v0, 16); v8 += v12; v4 = Integer.rotateRight(v4 ^ v8, 12);
    v0 += v4 + m13; v12 = Integer.rotateRight(v12 ^ v0, 8); v8 += v12; v4 = Integer.rotateRight(v4 ^ v8, 7);
    v1 += v5 + m9; v13 = Integer.rotateRight(v13 ^ v1, 16); v9 += v13; v5 = Integer.rotateRight(v5 ^ v9, 12);
    v1 += v5 + m11; v13 = Integer.rotateRight(v13 ^ v1, 8); v9 += v13; v5 = Integer.rotateRight(v5 ^ v9, 7);
    v2 += v6 + m15; v14 = Integer.rotateRight(v14 ^ v2, 16); v10 += v14; v6 = Integer.rotateRight(v6 ^ v10, 12);
    v2 += v6 + m10; v14 = Integer.rotateRight(v14 ^ v2, 8); v10 += v14; v6 = Integer.rotateRight(v6 ^ v10, 7);
    v3 += v7 + m14; v15 = Integer.rotateRight(v15 ^ v3, 16); v11 += v15; v7 = Integer.rotateRight(v7 ^ v11, 12);
    v3 += v7 + m8; v15 = Integer.rotateRight(v15 ^ v3, 8); v11 += v15; v7 = Integer.rotateRight(v7 ^ v11, 7);
    v0 += v5 + m7; v15 = Integer.rotateRight(v15 ^ v0, 16); v10 += v15; v5 = Integer.rotateRight(v5 ^ v10, 12);
    v0 += v5 + m2; v15 = Integer.rotateRight(v15 ^ v0, 8); v10 += v15; v5 = Integer.rotateRight(v5 ^ v10, 7);
    v1 += v6 + m5; v12 = Integer.rotateRight(v12 ^ v1, 16); v11 += v12; v6 = Integer.rotateRight(v6 ^ v11, 12);
    v1 += v6 + m3; v12 = Integer.rotateRight(v12 ^ v1, 8); v11 += v12; v6 = Integer.rotateRight(v6 ^ v11, 7);
    v2 += v7 + m0; v13 = Integer.rotateRight(v13 ^ v2, 16); v8 += v13; v7 = Integer.rotateRight(v7 ^ v8, 12);
    v2 += v7 + m1; v13 = Integer.rotateRight(v13 ^ v2, 8); v8 += v13; v7 = Integer.rotateRight(v7 ^ v8, 7);
    v3 += v4 + m6; v14 = Integer.rotateRight(v14 ^ v3, 16); v9 += v14; v4 = Integer.rotateRight(v4 ^ v9, 12);
    v3 += v4 + m4; v14 = Integer.rotateRight(v14 ^ v3, 8); v9 += v14; v4 = Integer.rotateRight(v4 ^ v9, 7);
    // round 6; message words permuted by the fixed schedule
    v0 += v4 + m9; v12 = Integer.rotateRight(v12 ^ v0, 16); v8 += v12; v4 = Integer.rotateRight(v4 ^ v8, 12);
    v0 += v4 + m14; v12 = Integer.rotateRight(v12 ^ v0, 8); v8 += v12; v4 = Integer.rotateRight(v4 ^ v8, 7);
    v1 += v5 + m11; v13 = Integer.rotateRight(v13 ^ v1, 16); v9 += v13; v5 = Integer.rotateRight(v5 ^ v9, 12);
    v1 += v5 + m5; v13 = Integer.rotateRight(v13 ^ v1, 8); v9 += v13; v5 = Integer.rotateRight(v5 ^ v9, 7);
    v2 += v6 + m8; v14 = Integer.rotateRight(v14 ^ v2, 16); v10 += v14; v6 = Integer.rotateRight(v6 ^ v10, 12);
    v2 += v6 + m12; v14 = Integer.rotateRight(v14 ^ v2, 8); v10 += v14; v6 = Integer.rotateRight(v6 ^ v10, 7);
    v3 += v7 + m15; v15 = Integer.rotateRight(v15 ^ v3, 16); v11 += v15; v7 = Integer.rotateRight(v7 ^ v11, 12);
    v3 += v7 + m1; v15 = Integer.rotateRight(v15 ^ v3, 8); v11 += v15; v7 = Integer.rotateRight(v7 ^ v11, 7);
    v0 += v5 + m13; v15 = Integer.rotateRight(v15 ^ v0, 16); v10 += v15; v5 = Integer.rotateRight(v5 ^ v10, 12);
    v0 += v5 + m3; v15 = Integer.rotateRight(v15 ^ v0, 8); v10 += v15; v5 = Integer.rotateRight(v5 ^ v10, 7);
    v1 += v6 + m0; v12 = Integer.rotateRight(v12 ^ v1, 16); v11 += v12; v6 = Integer.rotateRight(v6 ^ v11, 12);
    v1 += v6 + m10; v12 = Integer.rotateRight(v12 ^ v1, 8); v11 += v12; v6 = Integer.rotateRight(v6 ^ v11, 7);
    v2 += v7 + m2; v13 = Integer.rotateRight(v13 ^ v2, 16); v8 += v13; v7 = Integer.rotateRight(v7 ^ v8, 12);
    v2 += v7 + m6; v13 = Integer.rotateRight(v13 ^ v2, 8); v8 += v13; v7 = Integer.rotateRight(v7 ^ v8, 7);
    v3 += v4 + m4; v14 = Integer.rotateRight(v14 ^ v3, 16); v9 += v14; v4 = Integer.rotateRight(v4 ^ v9, 12);
    v3 += v4 + m7; v14 = Integer.rotateRight(v14 ^ v3, 8); v9 += v14; v4 = Integer.rotateRight(v4 ^ v9, 7);
    // round 7; message words permuted by the fixed schedule
    v0 += v4 + m11; v12 = Integer.rotateRight(v12 ^ v0, 16); v8 += v12; v4 = Integer.rotateRight(v4 ^ v8, 12);
    v0 += v4 + m15; v12 = Integer.rotateRight(v12 ^ v0, 8); v8 += v12; v4 = Integer.rotateRight(v4 ^ v8, 7);
    v1 += v5 + m5; v13 = Integer.rotateRight(v13 ^ v1, 16); v9 += v13; v5 = Integer.rotateRight(v5 ^ v9, 12);
    v1 += v5 + m0; v13 = Integer.rotateRight(v13 ^ v1, 8); v9 += v13; v5 = Integer.rotateRight(v5 ^ v9, 7);
    v2 += v6 + m1; v14 = Integer.rotateRight(v14 ^ v2, 16); v10 += v14; v6 = Integer.rotateRight(v6 ^ v10, 12);
    v2 += v6 + m9; v14 = Integer.rotateRight(v14 ^ v2, 8); v10 += v14; v6 = Integer.rotateRight(v6 ^ v10, 7);
    v3 += v7 + m8; v15 = Integer.rotateRight(v15 ^ v3, 16); v11 += v15; v7 = Integer.rotateRight(v7 ^ v11, 12);
    v3 += v7 + m6; v15 = Integer.rotateRight(v15 ^ v3, 8); v11 += v15; v7 = Integer.rotateRight(v7 ^ v11, 7);
    v0 += v5 + m14; v15 = Integer.rotateRight(v15 ^ v0, 16); v10 += v15; v5 = Integer.rotateRight(v5 ^ v10, 12);
    v0 += v5 + m10; v15 = Integer.rotateRight(v15 ^ v0, 8); v10 += v15; v5 = Integer.rotateRight(v5 ^ v10, 7);
    v1 += v6 + m2; v12 = Integer.rotateRight(v12 ^ v1, 16); v11 += v12; v6 = Integer.rotateRight(v6 ^ v11, 12);
    v1 += v6 + m12; v12 = Integer.rotateRight(v12 ^ v1, 8); v11 += v12; v6 = Integer.rotateRight(v6 ^ v11, 7);
    v2 += v7 + m3; v13 = Integer.rotateRight(v13 ^ v2, 16); v8 += v13; v7 = Integer.rotateRight(v7 ^ v8, 12);
    v2 += v7 + m4; v13 = Integer.rotateRight(v13 ^ v2, 8); v8 += v13; v7 = Integer.rotateRight(v7 ^ v8, 7);
    v3 += v4 + m7; v14 = Integer.rotateRight(v14 ^ v3, 16); v9 += v14; v4 = Integer.rotateRight(v4 ^ v9, 12);
    v3 += v4 + m13; v14 = Integer.rotateRight(v14 ^ v3, 8); v9 += v14; v4 = Integer.rotateRight(v4 ^ v9, 7);
    // spotless:on

    if (full) {
      // written before the lower half so that out == cv at the same offset stays correct for the first 8 words
      out[outOff + 8] = v8 ^ cv[cvOff];
      out[outOff + 9] = v9 ^ cv[cvOff + 1];
      out[outOff + 10] = v10 ^ cv[cvOff + 2];
      out[outOff + 11] = v11 ^ cv[cvOff + 3];
      out[outOff + 12] = v12 ^ cv[cvOff + 4];
      out[outOff + 13] = v13 ^ cv[cvOff + 5];
      out[outOff + 14] = v14 ^ cv[cvOff + 6];
      out[outOff + 15] = v15 ^ cv[cvOff + 7];
    }
    out[outOff] = v0 ^ v8;
    out[outOff + 1] = v1 ^ v9;
    out[outOff + 2] = v2 ^ v10;
    out[outOff + 3] = v3 ^ v11;
    out[outOff + 4] = v4 ^ v12;
    out[outOff + 5] = v5 ^ v13;
    out[outOff + 6] = v6 ^ v14;
    out[outOff + 7] = v7 ^ v15;
  }

  /** Chaining value of one full 1024-byte chunk {@code in[off..off+1024)} into {@code out[outOff..outOff+8)}. */
  static void fullChunk(byte[] in, int off, long counter, int[] out, int outOff) {
    setIv(out, outOff);
    int last = BLOCKS_PER_CHUNK - 1;
    compress(out, outOff, in, off, counter, BLOCK_LEN, CHUNK_START, out, outOff, false);
    for (int b = 1; b < last; b++) {
      compress(out, outOff, in, off + b * BLOCK_LEN, counter, BLOCK_LEN, 0, out, outOff, false);
    }
    compress(out, outOff, in, off + last * BLOCK_LEN, counter, BLOCK_LEN, CHUNK_END, out, outOff, false);
  }

  /**
   * The chaining value of a (non-root) parent whose children's chaining values are the 16 words
   * {@code children[off..off+16)}, to {@code out[outOff..outOff+8)}; {@code block} is the caller's 64-byte scratch.
   * {@code out} may overlap the children: they are read into {@code block} first.
   */
  static void parent(int[] children, int off, byte[] block, int[] out, int outOff) {
    putWords(children, off, block, 0, 16);
    compress(IV, 0, block, 0, 0, BLOCK_LEN, PARENT, out, outOff, false);
  }

  /** Writes {@code count} words little-endian to {@code out[off..off+4*count)}. */
  static void putWords(int[] words, int wordOff, byte[] out, int off, int count) {
    for (int i = 0; i < count; i++) {
      LE_INT.set(out, off + 4 * i, words[wordOff + i]);
    }
  }

  private Compress() {}
}
