package io.github.artifactio.engine.hash;

import io.github.artifactio.engine.ArtifactException;
import java.nio.file.Path;

/**
 * A file whose size or modification time is not the one its plan recorded: hashing it now would give the digest of
 * other bytes than the plan's, so it gives this error and no digest.
 */
public class FileChangedException extends ArtifactException {
  private static final long serialVersionUID = 1L;

  private final FileStamp planned;
  private final FileStamp found;

  public FileChangedException(Path file, FileStamp planned, FileStamp found) {
    super(file, detail(planned, found));
    this.planned = planned;
    this.found = found;
  }

  private static String detail(FileStamp planned, FileStamp found) {
    if (planned.size() != found.size()) {
      return "changed since it was planned: its size was " + planned.size() + " bytes, now " + found.size();
    }
    return "changed since it was planned: it was modified at " + planned.mtime() + ", now at " + found.mtime();
  }

  public FileStamp planned() {
    return planned;
  }

  public FileStamp found() {
    return found;
  }
}
