package io.github.artifactio.engine.table;

import io.github.artifactio.engine.ArtifactException;
import io.github.artifactio.engine.internal.io.AtomicFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Publishing a file that already exists under another name, atomically: {@link #publishCopyOf} hard-links the source
 * to a temporary name beside the destination where the filesystem allows, byte-copies it otherwise, and renames the
 * result into place. The destination holds the old file or the whole new one, never a partial copy.
 */
public final class Publication {
  /** How a copy was published; {@link #reportName()} is the Rust engine's {@code stats.publish} value. */
  public enum FileCopy {
    HARD_LINK("hard_link"),
    BYTE_COPY("byte_copy");

    private final String reportName;

    FileCopy(String reportName) {
      this.reportName = reportName;
    }

    public String reportName() {
      return reportName;
    }
  }

  private Publication() {}

  /** Publishes {@code source}'s bytes at {@code destination}; returns whether it linked or copied. */
  public static FileCopy publishCopyOf(Path source, Path destination) {
    if (!Files.isRegularFile(source)) {
      throw new ArtifactException(source, "publishing a copy: no such file");
    }
    try (AtomicFile out = AtomicFile.create(destination)) {
      FileCopy how = out.linkOrCopy(source) ? FileCopy.HARD_LINK : FileCopy.BYTE_COPY;
      out.publish();
      return how;
    }
  }

  /** The same, always byte-copying (for sources that must not share an inode with the destination). */
  public static FileCopy publishByteCopyOf(Path source, Path destination) {
    if (!Files.isRegularFile(source)) {
      throw new ArtifactException(source, "publishing a copy: no such file");
    }
    try (AtomicFile out = AtomicFile.create(destination)) {
      try {
        Files.copy(source, out.temporary(), StandardCopyOption.REPLACE_EXISTING);
      } catch (IOException e) {
        throw new ArtifactException(destination, "publishing a copy of " + source + ": " + e, e);
      }
      out.publish();
      return FileCopy.BYTE_COPY;
    }
  }
}
