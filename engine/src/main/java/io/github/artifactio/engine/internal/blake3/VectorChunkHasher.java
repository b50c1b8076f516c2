package io.github.artifactio.engine.internal.blake3;

import java.util.Arrays;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * The Vector API back end: one 32-bit lane per chunk, eight chunks at once on 256-bit vectors or sixteen on 512-bit
 * ones, the widest the CPU has (chosen once, when the class initialises; {@value #SPECIES_PROPERTY} may force
 * {@code 256} or {@code 512}, for tests of both shapes and for benchmarks). 512-bit vectors paid on this project's
 * AVX-512 machine (1.5x the 256-bit shape in a quick measurement, same digests): the design notes' earlier 512-bit
 * attempt was another code shape. The species and lane count are static finals, so C2 sees constants either way.
 *
 * <p>This is the one code shape the design notes measured fast on JDK 17 (about 2.5x the scalar core): the 16x8 state
 * and the transposed message live in small {@code int[]} scratch arrays, and a small {@link #g} loads, mixes and
 * stores four {@link IntVector}s, so no vector value lives across a loop iteration and C2 can keep every one of them
 * in a register. Shapes that failed and must not come back: rounds unrolled into one method (over the huge-method
 * limit, never compiled), {@code lanewise(ROR)} (not intrinsified on 17; rotations are shifts + or here),
 * and register-renaming loops. Found here as well: any IntVector outside {@link #g}, or a helper
 * method taking one, gets boxed once C2's inlining budget runs out (3.6 bytes allocated per byte hashed), so the
 * rest of the block loop is plain int code. {@link #g} is also just over the 325-byte inline limit, so it is
 * compiled as its own unit instead of being inlined (partially) into {@link #round}.
 *
 * <p>Only {@link Backends} names this class, by reflection, and only when {@code jdk.incubator.vector} is in the boot
 * layer: a JVM without the module never links it.
 */
final class VectorChunkHasher implements ChunkHasher {
  /** Forces the vector width: {@code 256} or {@code 512}; otherwise the widest the CPU has (at least 256). */
  static final String SPECIES_PROPERTY = "artifact-io.blake3.vectorBits";

  private static final VectorSpecies<Integer> S = species();
  private static final int LANES = S.length();
  static final String NAME = "vector-" + S.vectorBitSize();
  private static final int GROUP_LEN = LANES * Compress.CHUNK_LEN;
  /** IV words 0..3, each repeated for every lane: state words 8..11 of every block. */
  private static final int[] IV_LANES = new int[4 * LANES];

  static {
    for (int w = 0; w < 4; w++) {
      Arrays.fill(IV_LANES, w * LANES, (w + 1) * LANES, Compress.IV[w]);
    }
  }

  /** state word {@code w} of lane {@code l} at {@code v[w*8+l]} */
  private final int[] v = new int[16 * LANES];
  /** message word {@code w} of lane {@code l} at {@code m[w*8+l]} */
  private final int[] m = new int[16 * LANES];
  /** chaining value word {@code w} of lane {@code l} at {@code cv[w*8+l]} */
  private final int[] cv = new int[8 * LANES];

  /**
   * Whether 256-bit int vectors are real hardware vectors here; without them (no AVX2) the Vector API falls back to
   * Java loops far slower than the scalar core.
   */
  static boolean supported() {
    return IntVector.SPECIES_PREFERRED.vectorBitSize() >= 256 || System.getProperty(SPECIES_PROPERTY) != null;
  }

  private static VectorSpecies<Integer> species() {
    String forced = System.getProperty(SPECIES_PROPERTY);
    if ("512".equals(forced)) {
      return IntVector.SPECIES_512;
    }
    if ("256".equals(forced)) {
      return IntVector.SPECIES_256;
    }
    return IntVector.SPECIES_PREFERRED.vectorBitSize() >= 512 ? IntVector.SPECIES_512 : IntVector.SPECIES_256;
  }

  @Override
  public void hashChunks(byte[] in, int off, int count, long counter, int[] cvs, int cvsOff) {
    int groups = count / LANES;
    for (int g = 0; g < groups; g++) {
      hashGroup(in, off + g * GROUP_LEN, counter + (long) g * LANES, cvs, cvsOff + g * 8 * LANES);
    }
    int done = groups * LANES;
    for (int i = done; i < count; i++) {
      Compress.fullChunk(in, off + i * Compress.CHUNK_LEN, counter + i, cvs, cvsOff + 8 * i);
    }
  }

  @Override
  public String name() {
    return NAME;
  }

  private void hashGroup(byte[] in, int off, long counter, int[] out, int outOff) {
    for (int w = 0; w < 8; w++) {
      Arrays.fill(cv, w * LANES, (w + 1) * LANES, Compress.IV[w]);
    }
    for (int b = 0; b < Compress.BLOCKS_PER_CHUNK; b++) {
      int flags = (b == 0 ? Compress.CHUNK_START : 0) | (b == Compress.BLOCKS_PER_CHUNK - 1 ? Compress.CHUNK_END : 0);
      loadMessage(in, off + b * Compress.BLOCK_LEN);
      initState(counter, flags);
      for (int r = 0; r < 7; r++) {
        round(Compress.SCHEDULE[r]);
      }
      // plain int loop (C2 vectorises it itself): IntVector values here, outside the small g(), were not
      // scalar-replaced and allocated ~30 vector objects per block (3.6 bytes per byte hashed)
      for (int i = 0; i < 8 * LANES; i++) {
        cv[i] = v[i] ^ v[i + 8 * LANES];
      }
    }
    for (int l = 0; l < LANES; l++) {
      for (int w = 0; w < 8; w++) {
        out[outOff + l * 8 + w] = cv[w * LANES + l];
      }
    }
  }

  /** Transposes block {@code blockOff} of each lane's chunk into {@link #m}, words read once. */
  private void loadMessage(byte[] in, int blockOff) {
    for (int l = 0; l < LANES; l++) {
      int base = blockOff + l * Compress.CHUNK_LEN;
      for (int w = 0; w < 16; w++) {
        m[w * LANES + l] = (int) Compress.LE_INT.get(in, base + 4 * w);
      }
    }
  }

  /** Plain array stores on purpose, for the same reason as the final xor in {@link #hashGroup}. */
  private void initState(long counter, int flags) {
    System.arraycopy(cv, 0, v, 0, 8 * LANES);
    System.arraycopy(IV_LANES, 0, v, 8 * LANES, 4 * LANES);
    for (int l = 0; l < LANES; l++) {
      long c = counter + l;
      v[12 * LANES + l] = (int) c;
      v[13 * LANES + l] = (int) (c >>> 32);
    }
    Arrays.fill(v, 14 * LANES, 15 * LANES, Compress.BLOCK_LEN);
    Arrays.fill(v, 15 * LANES, 16 * LANES, flags);
  }

  private void round(int[] s) {
    g(0, 4, 8, 12, s[0], s[1]);
    g(1, 5, 9, 13, s[2], s[3]);
    g(2, 6, 10, 14, s[4], s[5]);
    g(3, 7, 11, 15, s[6], s[7]);
    g(0, 5, 10, 15, s[8], s[9]);
    g(1, 6, 11, 12, s[10], s[11]);
    g(2, 7, 8, 13, s[12], s[13]);
    g(3, 4, 9, 14, s[14], s[15]);
  }

  /**
   * The quarter-round on state words a, b, c, d of all eight lanes, with message words x and y. Rotations are written
   * out as two shifts and an or ({@code lanewise(ROR)} is not intrinsified on JDK 17), not in a helper: when C2's node
   * budget cut inlining at such a helper, its IntVector arguments were boxed, about 3.6 bytes allocated per byte hashed.
   * Everything vector stays inside this method; only ints cross its boundary.
   */
  private void g(int a, int b, int c, int d, int x, int y) {
    IntVector va = IntVector.fromArray(S, v, a * LANES);
    IntVector vb = IntVector.fromArray(S, v, b * LANES);
    IntVector vc = IntVector.fromArray(S, v, c * LANES);
    IntVector vd = IntVector.fromArray(S, v, d * LANES);
    va = va.add(vb).add(IntVector.fromArray(S, m, x * LANES));
    vd = vd.lanewise(VectorOperators.XOR, va);
    vd = vd.lanewise(VectorOperators.LSHR, 16).or(vd.lanewise(VectorOperators.LSHL, 16));
    vc = vc.add(vd);
    vb = vb.lanewise(VectorOperators.XOR, vc);
    vb = vb.lanewise(VectorOperators.LSHR, 12).or(vb.lanewise(VectorOperators.LSHL, 20));
    va = va.add(vb).add(IntVector.fromArray(S, m, y * LANES));
    vd = vd.lanewise(VectorOperators.XOR, va);
    vd = vd.lanewise(VectorOperators.LSHR, 8).or(vd.lanewise(VectorOperators.LSHL, 24));
    vc = vc.add(vd);
    vb = vb.lanewise(VectorOperators.XOR, vc);
    vb = vb.lanewise(VectorOperators.LSHR, 7).or(vb.lanewise(VectorOperators.LSHL, 25));
    va.intoArray(v, a * LANES);
    vb.intoArray(v, b * LANES);
    vc.intoArray(v, c * LANES);
    vd.intoArray(v, d * LANES);
  }
}
