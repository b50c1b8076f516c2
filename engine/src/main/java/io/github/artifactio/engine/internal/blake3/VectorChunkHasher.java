package io.github.artifactio.engine.internal.blake3;

import java.util.Arrays;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * The Vector API back end: one 32-bit lane per chunk, eight chunks at once on 256-bit vectors or sixteen on 512-bit
 * ones, the widest the CPU has (chosen once, when the class initialises; {@value #SPECIES_PROPERTY} may force
 * {@code 256} or {@code 512}, for tests of both shapes and for benchmarks). 512-bit vectors paid on this project's
 * AVX-512 machine (1.4x the 256-bit width in the blake3 benchmark, same digests): the design notes' earlier 512-bit
 * attempt was another code shape. The species and lane count are static finals, so C2 sees constants either way.
 *
 * <p>Code shape, measured on JDK 17: the sixteen state rows of a block live in sixteen local {@link IntVector}s for
 * all seven rounds ({@link #compress}, one method of straight-line quarter-rounds inside the round loop, the message
 * rows loaded from a small transposed array by the round's schedule), rotations as two shifts and an or. It runs at
 * 2.0-2.1 GB/s a core on 512-bit vectors on this project's AVX-512 machine and allocates nothing; the earlier shape
 * (state in an array, a small {@code g} loading and storing its four rows per quarter-round) ran at 1.4-1.5 GB/s, its
 * time going to a store and a reload of every row per quarter-round. Shapes that failed and must not come back: the
 * seven rounds unrolled into one method (over the huge-method limit, never compiled), and any IntVector passed to or
 * returned from a helper method: once C2's inlining budget runs out such values are boxed (3.6 bytes allocated per
 * byte hashed). The chaining values' setup stays plain int code for the same reason.
 *
 * <p>What C2 makes of {@link #compress} (JDK 17.0.15, printed with {@code -XX:CompileCommand=print} and disassembled
 * with llvm-objdump): each round is 48 {@code vpaddd}, 40 xors (28 of them merged into {@code vpternlogd} with
 * AVX-512) and 32 rotations of three instructions each, {@code vpsrld}, {@code vpslld} and {@code vpor}, with AVX2 and
 * with AVX-512 alike: JDK 17's C2 makes no {@code vprord} of the shift pair, nor of {@code lanewise(ROR)} (same code,
 * same speed). The sixteen rows and the temporaries do not fit the registers: a round holds some 490 moves of 256-bit
 * rows to and from the stack with AVX2 (16 registers) and some 350 of 512-bit ones with AVX-512 (32). Rotations by 16
 * and 8 as a constant byte shuffle ({@code reinterpretAsBytes().rearrange(...)}) compile, with AVX2, to the general
 * cross-lane byte shuffle (two {@code vpshufb}, {@code vperm2i128}, {@code vpaddb}, {@code vpblendvb} a rotation) and
 * ran at 0.87 GB/s against 1.36-1.47 with shifts under {@code -XX:UseAVX=2}; with AVX-512 they are one {@code vpermb},
 * but spill more and ran at 1.27 against 1.7 on 512-bit vectors. So the rotations stay shifts.
 *
 * <p>A tree's parents, one compression per chunk, go to {@link LaneChunkHasher}'s loops, 128 to 16 at a time, where
 * the CPU runs them fast: one by one on the scalar core they had cost a quarter of this back end's speed (a 128 MiB
 * buffer through the tree hasher: 2.45 GB/s with them side by side, about 2.0 before).
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

  /**
   * Parents go to the lane loops where they pay (a parent per chunk, one at a time on the scalar core, cost this back
   * end a quarter of its speed); with them the tree hasher stages 256 chunks, so a group's 255 parents are 240 on
   * 16 lanes or more.
   */
  private final ChunkHasher parents = LaneChunkHasher.supported() ? new LaneChunkHasher() : null;

  @Override
  public void hashParents(int[] cvs, int off, int count, int[] out, int outOff) {
    if (parents != null) {
      parents.hashParents(cvs, off, count, out, outOff);
    } else {
      ChunkHasher.super.hashParents(cvs, off, count, out, outOff);
    }
  }

  @Override
  public int groupChunks() {
    return parents != null ? LaneChunkHasher.LANES : ChunkHasher.super.groupChunks();
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
      compress();
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

  /** Plain array stores on purpose: no IntVector outside {@link #compress} (see the class comment). */
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

  /**
   * Compresses the current block of every lane: the sixteen state rows are loaded into sixteen locals, the seven rounds
   * run on them (the message rows come from {@link #m} by the round's schedule), and the new chaining values are
   * stored. Each quarter-round is written out in place, rotations as two shifts and an or: a helper taking an
   * IntVector is boxed once C2's inlining budget runs out.
   */
  private void compress() {
    IntVector v0 = IntVector.fromArray(S, v, 0 * LANES);
    IntVector v1 = IntVector.fromArray(S, v, 1 * LANES);
    IntVector v2 = IntVector.fromArray(S, v, 2 * LANES);
    IntVector v3 = IntVector.fromArray(S, v, 3 * LANES);
    IntVector v4 = IntVector.fromArray(S, v, 4 * LANES);
    IntVector v5 = IntVector.fromArray(S, v, 5 * LANES);
    IntVector v6 = IntVector.fromArray(S, v, 6 * LANES);
    IntVector v7 = IntVector.fromArray(S, v, 7 * LANES);
    IntVector v8 = IntVector.fromArray(S, v, 8 * LANES);
    IntVector v9 = IntVector.fromArray(S, v, 9 * LANES);
    IntVector v10 = IntVector.fromArray(S, v, 10 * LANES);
    IntVector v11 = IntVector.fromArray(S, v, 11 * LANES);
    IntVector v12 = IntVector.fromArray(S, v, 12 * LANES);
    IntVector v13 = IntVector.fromArray(S, v, 13 * LANES);
    IntVector v14 = IntVector.fromArray(S, v, 14 * LANES);
    IntVector v15 = IntVector.fromArray(S, v, 15 * LANES);
    for (int r = 0; r < 7; r++) {
      int[] s = Compress.SCHEDULE[r];
      // column 0: rows 0, 4, 8, 12, message words s[0] and s[1]
      v0 = v0.add(v4).add(IntVector.fromArray(S, m, s[0] * LANES));
      v12 = v12.lanewise(VectorOperators.XOR, v0);
      v12 = v12.lanewise(VectorOperators.LSHR, 16).or(v12.lanewise(VectorOperators.LSHL, 16));
      v8 = v8.add(v12);
      v4 = v4.lanewise(VectorOperators.XOR, v8);
      v4 = v4.lanewise(VectorOperators.LSHR, 12).or(v4.lanewise(VectorOperators.LSHL, 20));
      v0 = v0.add(v4).add(IntVector.fromArray(S, m, s[1] * LANES));
      v12 = v12.lanewise(VectorOperators.XOR, v0);
      v12 = v12.lanewise(VectorOperators.LSHR, 8).or(v12.lanewise(VectorOperators.LSHL, 24));
      v8 = v8.add(v12);
      v4 = v4.lanewise(VectorOperators.XOR, v8);
      v4 = v4.lanewise(VectorOperators.LSHR, 7).or(v4.lanewise(VectorOperators.LSHL, 25));
      // column 1: rows 1, 5, 9, 13, message words s[2] and s[3]
      v1 = v1.add(v5).add(IntVector.fromArray(S, m, s[2] * LANES));
      v13 = v13.lanewise(VectorOperators.XOR, v1);
      v13 = v13.lanewise(VectorOperators.LSHR, 16).or(v13.lanewise(VectorOperators.LSHL, 16));
      v9 = v9.add(v13);
      v5 = v5.lanewise(VectorOperators.XOR, v9);
      v5 = v5.lanewise(VectorOperators.LSHR, 12).or(v5.lanewise(VectorOperators.LSHL, 20));
      v1 = v1.add(v5).add(IntVector.fromArray(S, m, s[3] * LANES));
      v13 = v13.lanewise(VectorOperators.XOR, v1);
      v13 = v13.lanewise(VectorOperators.LSHR, 8).or(v13.lanewise(VectorOperators.LSHL, 24));
      v9 = v9.add(v13);
      v5 = v5.lanewise(VectorOperators.XOR, v9);
      v5 = v5.lanewise(VectorOperators.LSHR, 7).or(v5.lanewise(VectorOperators.LSHL, 25));
      // column 2: rows 2, 6, 10, 14, message words s[4] and s[5]
      v2 = v2.add(v6).add(IntVector.fromArray(S, m, s[4] * LANES));
      v14 = v14.lanewise(VectorOperators.XOR, v2);
      v14 = v14.lanewise(VectorOperators.LSHR, 16).or(v14.lanewise(VectorOperators.LSHL, 16));
      v10 = v10.add(v14);
      v6 = v6.lanewise(VectorOperators.XOR, v10);
      v6 = v6.lanewise(VectorOperators.LSHR, 12).or(v6.lanewise(VectorOperators.LSHL, 20));
      v2 = v2.add(v6).add(IntVector.fromArray(S, m, s[5] * LANES));
      v14 = v14.lanewise(VectorOperators.XOR, v2);
      v14 = v14.lanewise(VectorOperators.LSHR, 8).or(v14.lanewise(VectorOperators.LSHL, 24));
      v10 = v10.add(v14);
      v6 = v6.lanewise(VectorOperators.XOR, v10);
      v6 = v6.lanewise(VectorOperators.LSHR, 7).or(v6.lanewise(VectorOperators.LSHL, 25));
      // column 3: rows 3, 7, 11, 15, message words s[6] and s[7]
      v3 = v3.add(v7).add(IntVector.fromArray(S, m, s[6] * LANES));
      v15 = v15.lanewise(VectorOperators.XOR, v3);
      v15 = v15.lanewise(VectorOperators.LSHR, 16).or(v15.lanewise(VectorOperators.LSHL, 16));
      v11 = v11.add(v15);
      v7 = v7.lanewise(VectorOperators.XOR, v11);
      v7 = v7.lanewise(VectorOperators.LSHR, 12).or(v7.lanewise(VectorOperators.LSHL, 20));
      v3 = v3.add(v7).add(IntVector.fromArray(S, m, s[7] * LANES));
      v15 = v15.lanewise(VectorOperators.XOR, v3);
      v15 = v15.lanewise(VectorOperators.LSHR, 8).or(v15.lanewise(VectorOperators.LSHL, 24));
      v11 = v11.add(v15);
      v7 = v7.lanewise(VectorOperators.XOR, v11);
      v7 = v7.lanewise(VectorOperators.LSHR, 7).or(v7.lanewise(VectorOperators.LSHL, 25));
      // diagonal 0: rows 0, 5, 10, 15, message words s[8] and s[9]
      v0 = v0.add(v5).add(IntVector.fromArray(S, m, s[8] * LANES));
      v15 = v15.lanewise(VectorOperators.XOR, v0);
      v15 = v15.lanewise(VectorOperators.LSHR, 16).or(v15.lanewise(VectorOperators.LSHL, 16));
      v10 = v10.add(v15);
      v5 = v5.lanewise(VectorOperators.XOR, v10);
      v5 = v5.lanewise(VectorOperators.LSHR, 12).or(v5.lanewise(VectorOperators.LSHL, 20));
      v0 = v0.add(v5).add(IntVector.fromArray(S, m, s[9] * LANES));
      v15 = v15.lanewise(VectorOperators.XOR, v0);
      v15 = v15.lanewise(VectorOperators.LSHR, 8).or(v15.lanewise(VectorOperators.LSHL, 24));
      v10 = v10.add(v15);
      v5 = v5.lanewise(VectorOperators.XOR, v10);
      v5 = v5.lanewise(VectorOperators.LSHR, 7).or(v5.lanewise(VectorOperators.LSHL, 25));
      // diagonal 1: rows 1, 6, 11, 12, message words s[10] and s[11]
      v1 = v1.add(v6).add(IntVector.fromArray(S, m, s[10] * LANES));
      v12 = v12.lanewise(VectorOperators.XOR, v1);
      v12 = v12.lanewise(VectorOperators.LSHR, 16).or(v12.lanewise(VectorOperators.LSHL, 16));
      v11 = v11.add(v12);
      v6 = v6.lanewise(VectorOperators.XOR, v11);
      v6 = v6.lanewise(VectorOperators.LSHR, 12).or(v6.lanewise(VectorOperators.LSHL, 20));
      v1 = v1.add(v6).add(IntVector.fromArray(S, m, s[11] * LANES));
      v12 = v12.lanewise(VectorOperators.XOR, v1);
      v12 = v12.lanewise(VectorOperators.LSHR, 8).or(v12.lanewise(VectorOperators.LSHL, 24));
      v11 = v11.add(v12);
      v6 = v6.lanewise(VectorOperators.XOR, v11);
      v6 = v6.lanewise(VectorOperators.LSHR, 7).or(v6.lanewise(VectorOperators.LSHL, 25));
      // diagonal 2: rows 2, 7, 8, 13, message words s[12] and s[13]
      v2 = v2.add(v7).add(IntVector.fromArray(S, m, s[12] * LANES));
      v13 = v13.lanewise(VectorOperators.XOR, v2);
      v13 = v13.lanewise(VectorOperators.LSHR, 16).or(v13.lanewise(VectorOperators.LSHL, 16));
      v8 = v8.add(v13);
      v7 = v7.lanewise(VectorOperators.XOR, v8);
      v7 = v7.lanewise(VectorOperators.LSHR, 12).or(v7.lanewise(VectorOperators.LSHL, 20));
      v2 = v2.add(v7).add(IntVector.fromArray(S, m, s[13] * LANES));
      v13 = v13.lanewise(VectorOperators.XOR, v2);
      v13 = v13.lanewise(VectorOperators.LSHR, 8).or(v13.lanewise(VectorOperators.LSHL, 24));
      v8 = v8.add(v13);
      v7 = v7.lanewise(VectorOperators.XOR, v8);
      v7 = v7.lanewise(VectorOperators.LSHR, 7).or(v7.lanewise(VectorOperators.LSHL, 25));
      // diagonal 3: rows 3, 4, 9, 14, message words s[14] and s[15]
      v3 = v3.add(v4).add(IntVector.fromArray(S, m, s[14] * LANES));
      v14 = v14.lanewise(VectorOperators.XOR, v3);
      v14 = v14.lanewise(VectorOperators.LSHR, 16).or(v14.lanewise(VectorOperators.LSHL, 16));
      v9 = v9.add(v14);
      v4 = v4.lanewise(VectorOperators.XOR, v9);
      v4 = v4.lanewise(VectorOperators.LSHR, 12).or(v4.lanewise(VectorOperators.LSHL, 20));
      v3 = v3.add(v4).add(IntVector.fromArray(S, m, s[15] * LANES));
      v14 = v14.lanewise(VectorOperators.XOR, v3);
      v14 = v14.lanewise(VectorOperators.LSHR, 8).or(v14.lanewise(VectorOperators.LSHL, 24));
      v9 = v9.add(v14);
      v4 = v4.lanewise(VectorOperators.XOR, v9);
      v4 = v4.lanewise(VectorOperators.LSHR, 7).or(v4.lanewise(VectorOperators.LSHL, 25));
    }
    v0.lanewise(VectorOperators.XOR, v8).intoArray(cv, 0 * LANES);
    v1.lanewise(VectorOperators.XOR, v9).intoArray(cv, 1 * LANES);
    v2.lanewise(VectorOperators.XOR, v10).intoArray(cv, 2 * LANES);
    v3.lanewise(VectorOperators.XOR, v11).intoArray(cv, 3 * LANES);
    v4.lanewise(VectorOperators.XOR, v12).intoArray(cv, 4 * LANES);
    v5.lanewise(VectorOperators.XOR, v13).intoArray(cv, 5 * LANES);
    v6.lanewise(VectorOperators.XOR, v14).intoArray(cv, 6 * LANES);
    v7.lanewise(VectorOperators.XOR, v15).intoArray(cv, 7 * LANES);
  }
}
