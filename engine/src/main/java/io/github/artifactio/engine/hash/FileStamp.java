package io.github.artifactio.engine.hash;

import io.github.artifactio.engine.ArtifactException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.concurrent.TimeUnit;

/**
 * What a plan records of a file so that a part hashed later, or on another machine, can tell the file has not
 * changed since: its size and its modification time, in nanoseconds since the epoch (as fine as the file system
 * keeps it).
 */
public record FileStamp(long size, long mtimeNanos) {
  /** The stamp {@code file} has now; a file that cannot be read is an {@link ArtifactException} naming it. */
  public static FileStamp of(Path file) {
    try {
      return new FileStamp(Files.size(file), Files.getLastModifiedTime(file).to(TimeUnit.NANOSECONDS));
    } catch (IOException e) {
      throw new ArtifactException(file, "cannot read its size and modification time: " + e, e);
    }
  }

  /** The modification time as an ISO-8601 instant ({@code 2026-12-06T02:30:00.123456789Z}). */
  public String mtime() {
    return Instant.ofEpochSecond(Math.floorDiv(mtimeNanos, 1_000_000_000L), Math.floorMod(mtimeNanos, 1_000_000_000L))
        .toString();
  }

  /** {@code size 12 bytes, modified 2026-...Z}: how messages name a stamp. */
  @Override
  public String toString() {
    return "size " + size + " bytes, modified " + mtime();
  }
}
