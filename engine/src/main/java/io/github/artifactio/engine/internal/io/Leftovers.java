package io.github.artifactio.engine.internal.io;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Temporary files that a killed writer left beside a destination, and their removal.
 *
 * <p>A writer that dies without running its cleanup ({@code kill -9}, a power loss, an {@code OutOfMemoryError} in
 * the wrong place) leaves {@code <name>.tmp-<host>-<pid>-<n>} behind; nothing else would ever remove it. Before a
 * writer reserves its own temporary name, it removes those of the same destination whose writing process is gone:
 * written on this host (the host tag is a hash of the host name, so a writer on another machine sharing the folder
 * is never judged by a process table it cannot see), not by this process, and either no process of that pid runs
 * here or the one that does started after the file was last written (the pid was reused). Names from before the host
 * tag ({@code <name>.tmp-<pid>-<n>}) are judged as this host's. Every removal is logged (logger
 * {@code io.github.artifactio.engine}, level INFO) with the file and the pid.
 */
public final class Leftovers {
  private static final System.Logger LOG = System.getLogger("io.github.artifactio.engine");
  static final long PID = ProcessHandle.current().pid();
  static final String HOST = hostTag();
  private static final Pattern NAME = Pattern.compile("\\.tmp-(?:([0-9a-f]{8})-)?(\\d+)-(\\d+)");

  private Leftovers() {}

  /** The temporary-name infix of this process: {@code .tmp-<host>-<pid>-}. */
  static String prefix() {
    return ".tmp-" + HOST + "-" + PID + "-";
  }

  /**
   * Removes the temporary files of {@code destination} left by writers that are gone, and returns them. Never fails:
   * a file that cannot be removed or judged is left as it is.
   */
  public static List<Path> sweep(Path destination) {
    List<Path> removed = new ArrayList<>();
    Path folder = destination.getParent();
    if (folder == null || !Files.isDirectory(folder)) {
      return removed;
    }
    String name = destination.getFileName().toString();
    try (DirectoryStream<Path> entries = Files.newDirectoryStream(folder, globEscape(name) + ".tmp-*")) {
      for (Path p : entries) {
        String rest = p.getFileName().toString().substring(name.length());
        Matcher m = NAME.matcher(rest);
        if (!m.matches()) {
          continue;
        }
        String host = m.group(1);
        long pid = Long.parseLong(m.group(2));
        if (host != null && !host.equals(HOST) || pid == PID || !orphaned(p, pid)) {
          continue;
        }
        try {
          if (Files.deleteIfExists(p)) {
            removed.add(p);
            LOG.log(System.Logger.Level.INFO, "removed " + p + ", a temporary file of " + destination
                + " left by process " + pid + ", which no longer runs");
          }
        } catch (IOException e) {
          LOG.log(System.Logger.Level.WARNING, "could not remove the leftover " + p + ": " + e);
        }
      }
    } catch (IOException | RuntimeException e) {
      LOG.log(System.Logger.Level.DEBUG, "not sweeping " + folder + ": " + e);
    }
    return removed;
  }

  /** Whether no process of {@code pid} runs here, or the one that does started after {@code file} was written. */
  static boolean orphaned(Path file, long pid) throws IOException {
    Optional<ProcessHandle> h = ProcessHandle.of(pid);
    if (h.isEmpty() || !h.get().isAlive()) {
      return true;
    }
    Optional<Instant> started = h.get().info().startInstant();
    FileTime written = Files.getLastModifiedTime(file);
    return started.isPresent() && started.get().isAfter(written.toInstant().plusSeconds(1));
  }

  private static String hostTag() {
    String host;
    try {
      host = InetAddress.getLocalHost().getHostName();
    } catch (IOException | RuntimeException e) {
      host = System.getenv().getOrDefault("HOSTNAME", "localhost");
    }
    return String.format(Locale.ROOT, "%08x", host.hashCode());
  }

  /** {@code name} as a glob that matches only itself. */
  private static String globEscape(String name) {
    StringBuilder b = new StringBuilder();
    for (char c : name.toCharArray()) {
      if ("*?[]{}\\".indexOf(c) >= 0) {
        b.append('\\');
      }
      b.append(c);
    }
    return b.toString();
  }
}
