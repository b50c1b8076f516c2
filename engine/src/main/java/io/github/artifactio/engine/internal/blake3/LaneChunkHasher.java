package io.github.artifactio.engine.internal.blake3;

import java.lang.management.ManagementFactory;
import java.util.Arrays;

/**
 * The portable wide back end: up to {@value #LANES} chunks hashed side by side, one lane per chunk, in plain Java loops
 * over the lanes that HotSpot's C2 turns into the CPU's vector instructions by itself (superword auto-vectorisation).
 * No {@code jdk.incubator.vector}, so it runs in any JVM, Maven's included.
 *
 * <p>Code shape, measured on JDK 17 on this project's AVX-512 machine: a block's sixteen state words are sixteen
 * {@code int[LANES]} rows and its message words sixteen more, transposed from the chunks; each loop over the lanes runs
 * two quarter-rounds ({@link #quarterRounds}). That shape hashes at 1.85 GB/s a core against the scalar core's 0.53,
 * and C2 compiles it in 0.2 s. One quarter-round per loop ran at 1.0-1.5 GB/s (twice the loads and stores); four per
 * loop at 1.77, but took C2 1.0-2.8 s per method to compile, seconds in which a fresh JVM hashed at 0.1 GB/s (a
 * 2 GiB file took 9 s); a loop holding a whole round or the whole block is never vectorised (its unrolled body passes
 * C2's limits) and ran at 0.35-0.5. Fewer lanes pay less (128 lanes 1.55 GB/s, 64 lanes 1.15, 16 lanes 0.67) and 512
 * lanes fall out of the first-level cache (1.37). Lane counts under {@value #MIN_LANES} go to the scalar core: a loop
 * that short never reaches its vector body.
 *
 * <p>What C2 makes of {@link #quarterRounds} (JDK 17.0.15; its machine code printed with {@code
 * -XX:CompileCommand=print}, disassembled with llvm-objdump, as Debian's hsdis lacks the entry point JDK 17 loads):
 * with {@code UseAVX=3} (AVX-512) the vector loop takes 16 lanes a step in zmm registers, 12 {@code vpaddd}, 8
 * {@code vpxord}, 10 loads and stores, and each of the 8 rotations is one {@code vprord}; with {@code UseAVX=2} (AVX2)
 * it takes 8 lanes a step in ymm registers, and each rotation is {@code vpsrld}, {@code vpslld} and {@code vpor}
 * (superword has no byte shuffle, so rotations by 16 and 8 are no {@code vpshufb} either), plus 12 moves of the row
 * pointers between general and vector registers a step, as twelve rows do not fit the general registers. That is 2.4
 * vector instructions a lane per two quarter-rounds against 6.75: on the AVX2 EPYC these loops ran at 0.39 GB/s a thread, the vector
 * back end at 0.66, so {@code FileHashing} and the launcher give such a CPU the vector back end where they can. On
 * this project's AVX-512 machine {@code -XX:UseAVX=2} measured 1.1-1.15 GB/s against 1.2-1.3 with AVX-512; its
 * 48 KiB first-level data cache holds the 40 KiB of rows, the 32 KiB of AMD's Zen 1-4 cores do not (a likely part of
 * the EPYC's lower figure, not measured). The state rows as one array, each loop given its rows' offsets (to spare the
 * pointer moves), is not vectorised at all: C2 cannot tell rows of one array apart by offsets it does not know; it
 * ran at 0.26 GB/s.
 *
 * <p>It pays only where C2 has integer vectors of 256 bits or more with a fast rotate or shift (x86 with AVX2); with
 * {@code -XX:UseAVX=1} the same loops ran at 0.28 GB/s, under the scalar core, so {@link #supported} asks the JVM.
 * Instances hold the rows (40 KiB) and are not thread-safe, as {@link ChunkHasher} says.
 */
final class LaneChunkHasher implements ChunkHasher {
  static final String NAME = "lanes";
  /** Chunks hashed side by side: 256 KiB of input, rows of 1 KiB each, all of them inside a 32 KiB L1 per step. */
  static final int LANES = 256;
  /** Below this many chunks the scalar core is faster. */
  static final int MIN_LANES = 16;

  /** state word {@code w} of lane {@code l} at {@code v[w][l]}; the rows are made when first needed */
  private int[][] v;
  /** message word {@code w} of the current block of lane {@code l} at {@code m[w][l]} */
  private int[][] m;
  /** chaining value word {@code w} of lane {@code l} at {@code cv[w][l]} */
  private int[][] cv;

  /**
   * Makes the rows (40 KiB) the first time lanes are hashed: a hasher of a few bytes, the most common kind (a path,
   * a configuration), never needs them.
   */
  private void rows() {
    if (v == null) {
      v = new int[16][LANES];
      m = new int[16][LANES];
      cv = new int[8][LANES];
    }
  }

  /**
   * Whether C2 will vectorise the lane loops into something faster than the scalar core: a HotSpot JVM on x86-64 with
   * AVX2 or better ({@code UseAVX} 2 or 3), superword on, vectors of at least 128 bits, and C2 itself (not an
   * interpreter-only or C1-only JVM). Anything it cannot read (another JVM, another CPU) answers no: the scalar core
   * gives the same digests. Other CPUs (aarch64) may well gain too, but nothing here has measured them.
   */
  static boolean supported() {
    return Support.LANES_PAY;
  }

  /**
   * The JVM's {@code UseAVX} (2: AVX2, 3: AVX-512), or 0 where it has none (another CPU, another JVM). With 3 C2
   * turns each rotation into one {@code vprord}, with 2 into two shifts and an or (class comment).
   */
  static int useAvx() {
    return Support.USE_AVX;
  }

  /** The answers of {@link #supported} and {@link #useAvx}, asked of the JVM once (a vector hasher asks for each). */
  private static final class Support {
    static final int USE_AVX = askUseAvx();
    static final boolean LANES_PAY = askJvm();
  }

  private static int askUseAvx() {
    try {
      String arch = System.getProperty("os.arch", "");
      if (!arch.equals("amd64") && !arch.equals("x86_64")) {
        return 0;
      }
      var vm = ManagementFactory.getPlatformMXBean(com.sun.management.HotSpotDiagnosticMXBean.class);
      return Integer.parseInt(vm.getVMOption("UseAVX").getValue());
    } catch (RuntimeException | LinkageError e) {
      // no such option (another JVM), no management module, a security manager
      return 0;
    }
  }

  private static boolean askJvm() {
    try {
      if (Support.USE_AVX < 2 || System.getProperty("java.vm.info", "").contains("interpreted")) {
        return false;
      }
      var vm = ManagementFactory.getPlatformMXBean(com.sun.management.HotSpotDiagnosticMXBean.class);
      return Boolean.parseBoolean(vm.getVMOption("UseSuperWord").getValue())
          && Integer.parseInt(vm.getVMOption("MaxVectorSize").getValue()) >= 16
          && Integer.parseInt(vm.getVMOption("TieredStopAtLevel").getValue()) >= 4;
    } catch (RuntimeException | LinkageError e) {
      // no such option (another JVM), no management module, a security manager: stay with the scalar core
      return false;
    }
  }

  @Override
  public void hashChunks(byte[] in, int off, int count, long counter, int[] cvs, int cvsOff) {
    int done = 0;
    while (count - done >= MIN_LANES) {
      int n = Math.min(LANES, count - done);
      hashLanes(in, off + done * Compress.CHUNK_LEN, n, counter + done, cvs, cvsOff + 8 * done);
      done += n;
    }
    for (int i = done; i < count; i++) {
      Compress.fullChunk(in, off + i * Compress.CHUNK_LEN, counter + i, cvs, cvsOff + 8 * i);
    }
  }

  @Override
  public int groupChunks() {
    return LANES;
  }

  @Override
  public String name() {
    return NAME;
  }

  /** {@code n} whole chunks, {@code MIN_LANES <= n <= LANES}, one per lane. */
  private void hashLanes(byte[] in, int off, int n, long counter, int[] cvs, int cvsOff) {
    Primed.ensure();
    rows();
    for (int w = 0; w < 8; w++) {
      Arrays.fill(cv[w], 0, n, Compress.IV[w]);
    }
    for (int b = 0; b < Compress.BLOCKS_PER_CHUNK; b++) {
      loadMessage(in, off + b * Compress.BLOCK_LEN, n);
      int flags = (b == 0 ? Compress.CHUNK_START : 0) | (b == Compress.BLOCKS_PER_CHUNK - 1 ? Compress.CHUNK_END : 0);
      compress(n, counter, 1, flags);
    }
    storeCvs(n, cvs, cvsOff);
  }

  @Override
  public void hashParents(int[] cvs, int off, int count, int[] out, int outOff) {
    int done = 0;
    while (count - done >= MIN_LANES) {
      int n = Math.min(LANES, count - done);
      rows();
      for (int l = 0; l < n; l++) {
        int p = off + 16 * (done + l);
        for (int w = 0; w < 16; w++) {
          m[w][l] = cvs[p + w];
        }
      }
      for (int w = 0; w < 8; w++) {
        Arrays.fill(cv[w], 0, n, Compress.IV[w]);
      }
      compress(n, 0, 0, Compress.PARENT);
      storeCvs(n, out, outOff + 8 * done);
      done += n;
    }
    if (done < count) {
      ChunkHasher.super.hashParents(cvs, off + 16 * done, count - done, out, outOff + 8 * done);
    }
  }

  /**
   * One compression on {@code n} lanes: the chaining values in {@code cv}, the message in {@code m}, lane {@code l}'s
   * counter {@code counter + l * step}; the new chaining values replace the old in {@code cv}.
   */
  private void compress(int n, long counter, int step, int flags) {
    if (n == 0) {
      return; // a priming call (prime)
    }
    for (int w = 0; w < 8; w++) {
      System.arraycopy(cv[w], 0, v[w], 0, n);
    }
    for (int w = 0; w < 4; w++) {
      Arrays.fill(v[8 + w], 0, n, Compress.IV[w]);
    }
    int[] lo = v[12];
    int[] hi = v[13];
    for (int l = 0; l < n; l++) {
      long c = counter + (long) l * step;
      lo[l] = (int) c;
      hi[l] = (int) (c >>> 32);
    }
    Arrays.fill(v[14], 0, n, Compress.BLOCK_LEN);
    Arrays.fill(v[15], 0, n, flags);
    for (int[] s : Compress.SCHEDULE) {
      // the four columns, then the four diagonals
      quarterRounds(v[0], v[4], v[8], v[12], m[s[0]], m[s[1]], v[1], v[5], v[9], v[13], m[s[2]], m[s[3]], n);
      quarterRounds(v[2], v[6], v[10], v[14], m[s[4]], m[s[5]], v[3], v[7], v[11], v[15], m[s[6]], m[s[7]], n);
      quarterRounds(v[0], v[5], v[10], v[15], m[s[8]], m[s[9]], v[1], v[6], v[11], v[12], m[s[10]], m[s[11]], n);
      quarterRounds(v[2], v[7], v[8], v[13], m[s[12]], m[s[13]], v[3], v[4], v[9], v[14], m[s[14]], m[s[15]], n);
    }
    for (int w = 0; w < 8; w++) {
      int[] out = cv[w];
      int[] a = v[w];
      int[] c = v[w + 8];
      for (int l = 0; l < n; l++) {
        out[l] = a[l] ^ c[l];
      }
    }
  }

  /** Lane {@code l}'s chaining value to {@code out[outOff+8*l..+8)}. */
  private void storeCvs(int n, int[] out, int outOff) {
    if (n == 0) {
      return; // a priming call (prime)
    }
    for (int l = 0; l < n; l++) {
      for (int w = 0; w < 8; w++) {
        out[outOff + 8 * l + w] = cv[w][l];
      }
    }
  }

  /** The words of block {@code blockOff} of each of the {@code n} chunks from {@code blockOff}, one lane per chunk. */
  private void loadMessage(byte[] in, int blockOff, int n) {
    if (n == 0) {
      return; // a priming call (prime)
    }
    for (int l = 0; l < n; l++) {
      int p = blockOff + l * Compress.CHUNK_LEN;
      for (int w = 0; w < 16; w++) {
        m[w][l] = (int) Compress.LE_INT.get(in, p + 4 * w);
      }
    }
  }

  /** Primes the lane loops once per JVM, before the first lanes are hashed ({@link #prime}). */
  private static final class Primed {
    static final boolean DONE = prime();

    static void ensure() {
      // the class initialiser primed, once; a thread arriving meanwhile waits for it
    }
  }

  /** Real calls of each lane loop while priming: enough for C1's code to be in and counted for C2 (see prime). */
  private static final int PRIME_CYCLES = 150;
  /** Calls on no lane for each real one: they count as calls and leave the loop's trip-count profile alone. */
  private static final int EMPTY_CALLS = 80;

  /**
   * Has HotSpot compile the lane loops with C2 soon after the first lanes arrive, as normal compilations, not
   * on-stack-replacement ones. A lane loop runs its 256 lanes a call, so its loop counter reaches C2's back-edge
   * threshold (Tier4BackEdgeThreshold, 40,000) after some 160 calls, long before its call count reaches the least a
   * normal compilation waits for (Tier4MinInvocationThreshold, 600): C2 first compiled an on-stack-replacement version
   * of {@link #quarterRounds}, which serves only the one call it was made in, and only then the version every later
   * call runs. On the machine's two cores, beside two hashing threads, that took C2 0.47 s and 0.21 s, and the loops
   * ran C1's slow code until 1.0 s (the compilation log of {@code hash} of a 151 MB file, {@code
   * -XX:+LogCompilation}). Priming calls each loop on all its lanes, then 80 times on none: those calls return before
   * the loop, so they raise the call count without touching the loop's profile (C2 unrolls no further than the trip
   * count a profile shows: a first try, priming on 48 lanes, hashed some 30% slower once compiled). From some 60 cycles after C1's code is in,
   * the normal compilation is queued first, and while it is queued C2 queues no other. It costs some 10 ms once, and
   * {@code hash} of the concat benchmark's eight 151 MB inputs as a whole process took a median 1.94 s against 2.36 s
   * unprimed (1.73 against 2.11 with {@code -XX:UseAVX=2}), the same run, 5 runs each; hashing once compiled ran at
   * the same speed either way.
   */
  private static boolean prime() {
    int[][] r = new int[12][LANES];
    for (int c = 0; c < PRIME_CYCLES; c++) {
      quarterRounds(r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7], r[8], r[9], r[10], r[11], LANES);
      for (int i = 0; i < EMPTY_CALLS; i++) {
        quarterRounds(r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7], r[8], r[9], r[10], r[11], 0);
      }
    }
    LaneChunkHasher h = new LaneChunkHasher();
    h.rows();
    byte[] in = new byte[LANES * Compress.CHUNK_LEN];
    int[] cvs = new int[8 * LANES];
    for (int c = 0; c < PRIME_CYCLES; c++) {
      h.compress(LANES, c, 1, 0);
      for (int i = 0; i < EMPTY_CALLS; i++) {
        h.compress(0, c, 1, 0);
      }
    }
    for (int c = 0; c < PRIME_CYCLES; c++) {
      h.loadMessage(in, 0, LANES);
      h.storeCvs(LANES, cvs, 0);
      for (int i = 0; i < EMPTY_CALLS; i++) {
        h.loadMessage(in, 0, 0);
        h.storeCvs(0, cvs, 0);
      }
    }
    return true;
  }

  /**
   * Two quarter-rounds on {@code n} lanes: state rows {@code (a0, b0, c0, d0)} with message rows {@code x0, y0}, and
   * {@code (a1, b1, c1, d1)} with {@code x1, y1}. Two per loop is the shape that pays (class comment).
   */
  private static void quarterRounds(int[] a0, int[] b0, int[] c0, int[] d0, int[] x0, int[] y0,
      int[] a1, int[] b1, int[] c1, int[] d1, int[] x1, int[] y1, int n) {
    if (n == 0) {
      return; // a priming call (prime): counted as a call, and the loop's profile untouched
    }
    for (int l = 0; l < n; l++) {
      int a = a0[l] + b0[l] + x0[l];
      int d = Integer.rotateRight(d0[l] ^ a, 16);
      int c = c0[l] + d;
      int b = Integer.rotateRight(b0[l] ^ c, 12);
      a += b + y0[l];
      d = Integer.rotateRight(d ^ a, 8);
      c += d;
      b = Integer.rotateRight(b ^ c, 7);
      a0[l] = a;
      b0[l] = b;
      c0[l] = c;
      d0[l] = d;
      a = a1[l] + b1[l] + x1[l];
      d = Integer.rotateRight(d1[l] ^ a, 16);
      c = c1[l] + d;
      b = Integer.rotateRight(b1[l] ^ c, 12);
      a += b + y1[l];
      d = Integer.rotateRight(d ^ a, 8);
      c += d;
      b = Integer.rotateRight(b ^ c, 7);
      a1[l] = a;
      b1[l] = b;
      c1[l] = c;
      d1[l] = d;
    }
  }
}
