package io.github.artifactio.engine.internal.blake3;

import java.lang.reflect.Constructor;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Chooses the back end once per JVM: the Vector API one when {@code jdk.incubator.vector} is in the boot layer (the JVM
 * was started with {@code --add-modules jdk.incubator.vector}) and the CPU has 256-bit vectors (512-bit ones where it
 * has them); else the lane-loop one ({@link LaneChunkHasher}, vectorised by C2 itself) where the JVM and CPU make it
 * pay; else the scalar one. {@value #BACKEND_PROPERTY} may name {@code scalar} or {@code lanes} to force one of those
 * two (tests, benchmarks); the vector one still wins when its module is loaded.
 *
 * <p>The choice is made on first use of {@link #best()}, {@link #bestName()} or {@link #vector()}, not when this class
 * loads: asking the JVM for its flags costs some 20 ms, which a JVM that only hashes a path or a configuration (inputs
 * too short to reach the lanes, see {@link #SCALAR_ONLY_BYTES}) need not pay.
 *
 * <p>The vector class is only ever named as a string: without the module, loading it would fail with
 * {@code NoClassDefFoundError}, so it must never be linked from here. Both back ends give the same digests.
 */
public final class Backends {
  private static final String VECTOR_CLASS = "io.github.artifactio.engine.internal.blake3.VectorChunkHasher";

  /** Forces the back end used without the Vector API: {@code scalar} or {@code lanes}. */
  public static final String BACKEND_PROPERTY = "artifact-io.blake3.backend";

  /**
   * Inputs of at most this many bytes hash on the scalar core whatever the back end: the narrowest wide path takes
   * eight whole chunks side by side (the 256-bit vector back end; the lane loops take {@code
   * LaneChunkHasher.MIN_LANES}), and the last chunk of an input is always compressed on its own.
   */
  public static final int SCALAR_ONLY_BYTES = 8 * Compress.CHUNK_LEN;

  /** The choice, made when first asked for. */
  private static final class Chosen {
    static final Supplier<ChunkHasher> VECTOR = loadVector();
    static final Supplier<ChunkHasher> BEST =
        VECTOR != null ? VECTOR : withoutVector(System.getProperty(BACKEND_PROPERTY, ""));
    static final String BEST_NAME = BEST.get().name();
  }

  /** Done once, when first asked for ({@link #prepare}). */
  private static final class Prepared {
    static final boolean DONE = hashOneGroup();

    static void ensure() {
      // the class initialiser hashed, once; a thread arriving meanwhile waits for it
    }

    private static boolean hashOneGroup() {
      ChunkHasher h = best();
      int chunks = h.groupChunks();
      // whole chunks only: the lane back end primes its loops on its first call of this size (LaneChunkHasher.prime)
      h.hashChunks(new byte[chunks * Compress.CHUNK_LEN], 0, chunks, 0, new int[8 * chunks], 0);
      return true;
    }
  }

  /**
   * Hashes one group of chunks on the best back end, once per JVM: the lane back end primes its loops for C2 on its
   * first group ({@link LaneChunkHasher}), the vector one is counted towards its compilation. A thread arriving while
   * another prepares waits for it.
   */
  public static void prepare() {
    Prepared.ensure();
  }

  /** A new instance of the best back end available in this JVM. */
  public static ChunkHasher best() {
    return Chosen.BEST.get();
  }

  /**
   * The back end for an input of {@code length} bytes: the scalar one when the input is too short to reach any other's
   * wide path ({@link #SCALAR_ONLY_BYTES}; same speed, and no choice to make), else {@link #best()}.
   */
  public static ChunkHasher forLength(long length) {
    return length <= SCALAR_ONLY_BYTES ? scalar() : best();
  }

  /**
   * The name of the back end {@link #best()} returns: {@code "vector-512"}, {@code "vector-256"}, {@code "lanes"} or
   * {@code "scalar"}.
   */
  public static String bestName() {
    return Chosen.BEST_NAME;
  }

  /** The scalar back end, always available (for tests and benchmarks that compare back ends). */
  public static ChunkHasher scalar() {
    return new ScalarChunkHasher();
  }

  /**
   * The lane-loop back end. It runs, with the same digests, in any JVM; it is only fast where C2 vectorises it, which
   * {@link #best()} checks before choosing it.
   */
  public static ChunkHasher lanes() {
    return new LaneChunkHasher();
  }

  /**
   * The back end for a JVM without the Vector API, given {@value #BACKEND_PROPERTY}'s value ({@code ""} when unset):
   * public for the test that pins its refusal of other names.
   */
  public static Supplier<ChunkHasher> withoutVector(String forced) {
    switch (forced) {
      case ScalarChunkHasher.NAME:
        return ScalarChunkHasher::new;
      case LaneChunkHasher.NAME:
        return LaneChunkHasher::new;
      case "":
        return LaneChunkHasher.supported() ? LaneChunkHasher::new : ScalarChunkHasher::new;
      default:
        throw new IllegalArgumentException(
            BACKEND_PROPERTY + " is '" + forced + "'; it may be 'scalar' or 'lanes' (or unset, to choose by the CPU)");
    }
  }

  /**
   * This JVM's {@code UseAVX}: 3 where C2 emits AVX-512 (a lane loop's rotation is one instruction), 2 where it emits
   * AVX2 at most (two shifts and an or), lower or 0 elsewhere (no AVX2, not x86, not HotSpot). Asked of the JVM once.
   */
  public static int useAvx() {
    return LaneChunkHasher.useAvx();
  }

  /** A factory of the vector back end, when this JVM can run it. */
  public static Optional<Supplier<ChunkHasher>> vector() {
    return Optional.ofNullable(Chosen.VECTOR);
  }

  private static Supplier<ChunkHasher> loadVector() {
    if (ModuleLayer.boot().findModule("jdk.incubator.vector").isEmpty()) {
      return null;
    }
    try {
      Class<?> type = Class.forName(VECTOR_CLASS, true, Backends.class.getClassLoader());
      if (!(Boolean) type.getDeclaredMethod("supported").invoke(null)) {
        return null;
      }
      Constructor<?> constructor = type.getDeclaredConstructor();
      constructor.newInstance(); // fail here, once, rather than in the first hasher
      return () -> {
        try {
          return (ChunkHasher) constructor.newInstance();
        } catch (ReflectiveOperationException e) {
          throw new IllegalStateException("creating the vector BLAKE3 back end", e);
        }
      };
    } catch (LinkageError | ReflectiveOperationException e) {
      // the module is there but the back end cannot run: the scalar one gives the same digests, only slower
      return null;
    }
  }

  private Backends() {}
}
