package io.github.artifactio.checks.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.concurrent.TimeUnit;

/**
 * What the file system says about a file without reading it: size, modification time in nanoseconds and inode (the
 * file key where the platform has no {@code unix:ino}). Equal identities mean "unchanged" for the cache, as they do
 * for make, spotless and git's index.
 */
public record FileIdentity(long size, long modifiedNanos, String inode) {
  public static FileIdentity of(Path file) throws IOException {
    BasicFileAttributes a = Files.readAttributes(file, BasicFileAttributes.class);
    String inode;
    try {
      inode = String.valueOf(Files.getAttribute(file, "unix:ino"));
    } catch (UnsupportedOperationException | IllegalArgumentException e) {
      inode = String.valueOf(a.fileKey());
    }
    return new FileIdentity(a.size(), a.lastModifiedTime().to(TimeUnit.NANOSECONDS), inode);
  }

  @Override
  public String toString() {
    return size + ":" + modifiedNanos + ":" + inode;
  }
}
