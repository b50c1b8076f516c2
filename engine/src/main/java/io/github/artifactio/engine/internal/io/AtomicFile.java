package io.github.artifactio.engine.internal.io;

import io.github.artifactio.engine.ArtifactException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A file that appears at its destination whole or not at all.
 *
 * <p>Bytes go to a temporary name in the destination's own folder (so the final rename never crosses a filesystem):
 * {@code <name>.tmp-<host>-<pid>-<n>}, where {@code n} is unique within the process, so two writers of one destination
 * never share a temporary file; before reserving it, the temporary files of the same destination left by writers that
 * were killed are removed ({@link Leftovers}). {@link #publish()} renames it into place, replacing what was there;
 * {@link #close()} without a publish deletes the temporary file and leaves the destination as it was. The destination
 * is never removed first, so a reader sees either the previous file or the new one.
 */
public final class AtomicFile implements AutoCloseable {
  private static final AtomicLong COUNTER = new AtomicLong();

  private final Path destination;
  private final Path temporary;
  private boolean published;
  /** The temporary file was synced by {@link #sync()}: publish need not sync it again. */
  private boolean synced;

  private AtomicFile(Path destination, Path temporary) {
    this.destination = destination;
    this.temporary = temporary;
  }

  /**
   * Reserves a temporary name beside {@code destination}, creating the destination's parent folders (a failure to
   * create them is an error here, not a surprise at the first write).
   */
  public static AtomicFile create(Path destination) {
    Path dest = destination.toAbsolutePath().normalize();
    Path parent = dest.getParent();
    try {
      if (parent != null) {
        Files.createDirectories(parent);
      }
    } catch (IOException e) {
      throw new ArtifactException(
          destination, "creating its folder " + parent + ": " + e, e);
    }
    Leftovers.sweep(dest);
    Path tmp = temporaryName(dest);
    return new AtomicFile(dest, tmp);
  }

  /** The temporary name for {@code dest}: unique per call within this process, in the same folder. */
  static Path temporaryName(Path dest) {
    return dest.resolveSibling(dest.getFileName() + Leftovers.prefix() + COUNTER.incrementAndGet());
  }

  /**
   * Fills the temporary file with {@code source}'s bytes: a hard link where the filesystem allows (no byte is
   * copied), else a byte copy (another filesystem, or one without hard links). Returns whether it linked.
   */
  public boolean linkOrCopy(Path source) {
    try {
      Files.createLink(temporary, source);
      return true;
    } catch (IOException | UnsupportedOperationException linkRefused) {
      try {
        Files.copy(source, temporary, StandardCopyOption.REPLACE_EXISTING);
        return false;
      } catch (IOException e) {
        throw new ArtifactException(destination, "publishing a copy of " + source + ": " + e, e);
      }
    }
  }

  public Path destination() {
    return destination;
  }

  public Path temporary() {
    return temporary;
  }

  public boolean isPublished() {
    return published;
  }

  /**
   * Makes the temporary file durable, renames it into place (replacing any previous file at the destination), and
   * makes the rename durable: after a crash the destination holds the old file or the whole new one.
   */
  public void publish() {
    publish(true);
  }

  /**
   * Renames the temporary file into place; {@code durable} first syncs it to the device and afterwards syncs the
   * folder. Without the syncs the rename is still atomic for every running process, but after a power loss or a
   * kernel crash the destination may hold the previous file, or a file of the new name whose blocks never reached the
   * disk.
   */
  public void publish(boolean durable) {
    if (published) {
      throw new IllegalStateException("already published: " + destination);
    }
    try {
      if (durable && !synced) {
        syncTemporary();
      }
      try {
        Files.move(temporary, destination, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(temporary, destination, StandardCopyOption.REPLACE_EXISTING);
      }
      published = true;
      // rename(2) does nothing when both names are already one inode (republishing a hard link of the same file):
      // the temporary name would then stay behind
      Files.deleteIfExists(temporary);
      if (durable) {
        syncFolder(destination.getParent());
      }
    } catch (IOException e) {
      deleteQuietly(temporary);
      throw new ArtifactException(destination, "publishing " + temporary + " under this name: " + e, e);
    }
  }

  /**
   * Syncs the temporary file to the device now, ahead of {@link #publish(boolean) publish(true)}, which then only
   * renames and syncs the folder: a caller with other work to finish (a digest still being taken on another thread)
   * lets the device write while that work runs. The file must not be written after this.
   */
  public void sync() {
    try {
      syncTemporary();
      synced = true;
    } catch (IOException e) {
      deleteQuietly(temporary);
      throw new ArtifactException(destination, "syncing " + temporary + ": " + e, e);
    }
  }

  private void syncTemporary() throws IOException {
    // READ is enough for fsync, and works for a hard link to a read-only source
    try (FileChannel ch = FileChannel.open(temporary, StandardOpenOption.READ)) {
      ch.force(true);
    }
  }

  /** Deletes the temporary file unless it was published; the destination is left untouched. */
  @Override
  public void close() {
    if (!published) {
      deleteQuietly(temporary);
    }
  }

  /** Linux needs the folder synced for a rename to survive a crash; where a folder cannot be opened, skip it. */
  private static void syncFolder(Path folder) {
    if (folder == null) {
      return;
    }
    try (FileChannel ch = FileChannel.open(folder, StandardOpenOption.READ)) {
      ch.force(true);
    } catch (IOException | UnsupportedOperationException ignored) {
      // not every platform opens folders; the rename itself is still atomic
    }
  }

  private static void deleteQuietly(Path p) {
    try {
      Files.deleteIfExists(p);
    } catch (IOException | UncheckedIOException ignored) {
      // best effort: the temporary name is unique, so a leftover never shadows a real artifact
    }
  }

}
