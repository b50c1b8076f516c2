package io.github.artifactio.checks;

/**
 * A goal selected no file while {@code failIfNoFiles} is on: a folder that does not exist or a file set that matches
 * nothing is far more often a wrong path than a run with nothing to check, and a check of nothing must not pass. The
 * message names the paths and the globs.
 */
public final class NoFilesException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public NoFilesException(String message) {
    super(message);
  }
}
