package io.github.artifactio.engine.hash;

import io.github.artifactio.engine.ArtifactException;
import io.github.artifactio.engine.EngineContext;
import io.github.artifactio.engine.internal.blake3.Backends;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.lang.module.ModuleFinder;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Hashes many files at the fastest speed this machine offers, with no setup from the user.
 *
 * <p>The Vector API back end (2-4x the scalar one) needs a JVM started with {@code --add-modules
 * jdk.incubator.vector}, which a Maven build, a test runner or {@code java -jar} does not give without flags the user
 * must set; the lane-loop back end needs nothing and comes close to it on x86 CPUs with AVX-512 (1.85 against 2.0
 * GB/s a core). So: when this JVM has either, the files are hashed here, each spread over the context's
 * threads; when it has only the scalar one, or the lane loops on a CPU with AVX2 but not AVX-512 (where they run at
 * 0.6x the vector back end, {@link #childPays}), and the files hold at least {@link Builder#forkAbove(long) forkAbove}
 * bytes, and the JDK has the incubator module, they are hashed in a child JVM started with it ({@link HashMain}, the
 * engine's jar only on its class path, as surefire forks its test JVMs), which pays its start (about 0.3 s) back above
 * that size; below it, or when the child cannot start, here on the back end this JVM has. Every way gives the same digests;
 * {@link Result#how()} says which ran. With the lane-loop back end on AVX-512 a fresh JVM hashed a page-cached 2 GiB
 * file in 1.67-1.72 s against 2.02-2.09 s in the vector child (2026-12-02, 2-thread context), so there it does not
 * fork.
 */
public final class FileHashing {
  /** How the files were hashed. */
  public enum How {
    /** In this JVM, with the back end it has ({@link Blake3#backend()}). */
    IN_PROCESS,
    /** In a child JVM started with {@code --add-modules jdk.incubator.vector}. */
    FORKED
  }

  /** The digests, in the order of the files asked for, and how they were taken. */
  public record Result(Map<Path, ContentHash> digests, How how, String backend) {
    public Result {
      digests = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(digests));
    }
  }

  /**
   * The default size above which a scalar JVM forks a vector one. Measured on the 2-vCPU build machine, quiet
   * (2026-12-01, one page-cached file, a 2-thread context, medians of 3 to 5): the child costs about 0.65 s before its
   * first useful byte (JVM start, the Vector API's classes, C2 compiling the vector loops while it hashes), so the
   * scalar JVM stays ahead up to 1 GiB (1.36 s here against 1.98 s forked) and the child wins at 2 GiB (2.57 s
   * against 2.18 s). 256 MiB, the first guess, made a 256 MiB hash 3.5x slower.
   */
  public static final long DEFAULT_FORK_ABOVE = 1536L << 20;

  private final EngineContext context;
  private final long forkAbove;
  private final boolean fork;

  private FileHashing(Builder b) {
    this.context = b.context;
    this.forkAbove = b.forkAbove;
    this.fork = b.fork;
  }

  public static Builder builder() {
    return new Builder();
  }

  /** Hashes {@code files}; a file that cannot be read is an {@link ArtifactException} naming it. */
  public Result hash(List<Path> files) {
    long total = 0;
    for (Path f : files) {
      try {
        total += Files.size(f);
      } catch (IOException e) {
        throw new ArtifactException(f, "hashing failed: " + e, e);
      }
    }
    if (fork && childPays(Blake3.backend(), Backends.useAvx()) && total >= forkAbove && vectorModuleInJdk()) {
      Optional<Map<Path, ContentHash>> forked = forked(files);
      if (forked.isPresent()) {
        return new Result(forked.get(), How.FORKED, "vector");
      }
    }
    Map<Path, ContentHash> out = new LinkedHashMap<>();
    for (Path f : files) {
      out.put(f, Blake3.hashFile(f, context));
    }
    return new Result(out, How.IN_PROCESS, Blake3.backend());
  }

  /**
   * Whether a child JVM with the Vector API pays, past {@code forkAbove}, for a JVM hashing on {@code backend} with
   * {@code useAvx} ({@link Backends#useAvx()}): from the scalar back end always; from the lane loops only where C2
   * emits AVX2 and no AVX-512 ({@code UseAVX} 2), where each of the loops' rotations is two shifts and an or and
   * the vector back end ran 1.7x their speed (0.66 against 0.39 GB/s a thread on a 2-core AMD EPYC with AVX2); with
   * AVX-512 C2 rotates in one instruction and the lane loops keep up with a child that must first start.
   */
  static boolean childPays(String backend, int useAvx) {
    return backend.equals("scalar") || backend.equals("lanes") && useAvx == 2;
  }

  /** Whether this JDK ships {@code jdk.incubator.vector} (its boot layer may still lack it). */
  static boolean vectorModuleInJdk() {
    return ModuleFinder.ofSystem().find("jdk.incubator.vector").isPresent();
  }

  /**
   * The digests from a child JVM, or empty when it could not give them all (it did not start, ended early, or a file
   * failed there; this JVM then hashes the files itself and reports what it finds).
   */
  private Optional<Map<Path, ContentHash>> forked(List<Path> files) {
    Optional<String> classpath = engineClasspath();
    if (classpath.isEmpty()) {
      return Optional.empty();
    }
    List<String> cmd = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "--add-modules", "jdk.incubator.vector", "-XX:+UseSerialGC", "-Xshare:auto", "-cp", classpath.get(),
        HashMain.class.getName(), Integer.toString(Math.max(1, context.threads() + 1)));
    Process p;
    try {
      p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD).start();
    } catch (IOException e) {
      return Optional.empty();
    }
    try {
      try (Writer in = new OutputStreamWriter(p.getOutputStream(), StandardCharsets.UTF_8)) {
        for (Path f : files) {
          in.write(f.toAbsolutePath().toString());
          in.write('\n');
        }
      }
      Map<String, ContentHash> byPath = new LinkedHashMap<>();
      try (BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
        for (String line = out.readLine(); line != null; line = out.readLine()) {
          int tab = line.indexOf('\t');
          if (tab == 64) {
            byPath.put(line.substring(65), new ContentHash(line.substring(0, 64)));
          }
        }
      }
      if (!p.waitFor(1, TimeUnit.MINUTES) || p.exitValue() != 0) {
        return Optional.empty();
      }
      Map<Path, ContentHash> digests = new LinkedHashMap<>();
      for (Path f : files) {
        ContentHash h = byPath.get(f.toAbsolutePath().toString());
        if (h == null) {
          return Optional.empty();
        }
        digests.put(f, h);
      }
      return Optional.of(digests);
    } catch (IOException | RuntimeException e) {
      return Optional.empty();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return Optional.empty();
    } finally {
      p.destroyForcibly();
    }
  }

  /** The engine's own jar (or classes folder): all {@link HashMain} needs. */
  static Optional<String> engineClasspath() {
    try {
      var source = FileHashing.class.getProtectionDomain().getCodeSource();
      if (source == null || source.getLocation() == null) {
        return Optional.empty();
      }
      return Optional.of(Path.of(source.getLocation().toURI()).toString());
    } catch (URISyntaxException | RuntimeException e) {
      return Optional.empty();
    }
  }

  /** Options of {@link FileHashing}. */
  public static final class Builder {
    private EngineContext context = EngineContext.serial();
    private long forkAbove = DEFAULT_FORK_ABOVE;
    private boolean fork = true;

    private Builder() {}

    /** The threads that hash in this JVM (and how many the child uses: these plus one). */
    public Builder context(EngineContext context) {
      this.context = Objects.requireNonNull(context, "context");
      return this;
    }

    /** The total size from which a JVM without the vector back end hashes in a child JVM that has it. */
    public Builder forkAbove(long bytes) {
      if (bytes < 0) {
        throw new IllegalArgumentException("forkAbove must be at least 0 but was " + bytes);
      }
      this.forkAbove = bytes;
      return this;
    }

    /** Whether a child JVM may be started at all (default true). */
    public Builder fork(boolean fork) {
      this.fork = fork;
      return this;
    }

    public FileHashing build() {
      return new FileHashing(this);
    }
  }
}
