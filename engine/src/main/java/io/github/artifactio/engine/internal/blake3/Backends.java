package io.github.artifactio.engine.internal.blake3;

import java.lang.reflect.Constructor;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Chooses the back end once per JVM: the Vector API one when {@code jdk.incubator.vector} is in the boot layer (the JVM
 * was started with {@code --add-modules jdk.incubator.vector}) and the CPU has 256-bit vectors (512-bit ones where it
 * has them), else the scalar one.
 *
 * <p>The vector class is only ever named as a string: without the module, loading it would fail with
 * {@code NoClassDefFoundError}, so it must never be linked from here. Both back ends give the same digests.
 */
public final class Backends {
  private static final String VECTOR_CLASS = "io.github.artifactio.engine.internal.blake3.VectorChunkHasher";

  private static final Supplier<ChunkHasher> VECTOR = loadVector();
  private static final String BEST_NAME = VECTOR != null ? VECTOR.get().name() : ScalarChunkHasher.NAME;

  /** A new instance of the best back end available in this JVM. */
  public static ChunkHasher best() {
    return VECTOR != null ? VECTOR.get() : new ScalarChunkHasher();
  }

  /** The name of the back end {@link #best()} returns: {@code "vector-512"}, {@code "vector-256"} or {@code "scalar"}. */
  public static String bestName() {
    return BEST_NAME;
  }

  /** The scalar back end, always available (for tests and benchmarks that compare back ends). */
  public static ChunkHasher scalar() {
    return new ScalarChunkHasher();
  }

  /** A factory of the vector back end, when this JVM can run it. */
  public static Optional<Supplier<ChunkHasher>> vector() {
    return Optional.ofNullable(VECTOR);
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
