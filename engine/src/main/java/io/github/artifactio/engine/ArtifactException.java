package io.github.artifactio.engine;

import java.nio.file.Path;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * Every error the engine reports about an artifact: the message names the file, and where it applies the column,
 * the row group and the (0-based, whole-file) row; the same facts are available as fields for tools that collect
 * findings.
 *
 * <p>Unchecked on purpose: a stage cannot recover from a malformed artifact, and the call sites that can (the Maven
 * plugin, a validator) catch this one type.
 */
public class ArtifactException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final transient Path file;
  private final String column;
  private final Integer rowGroup;
  private final Long row;

  public ArtifactException(Path file, String message) {
    this(file, null, null, null, message, null);
  }

  public ArtifactException(Path file, String message, Throwable cause) {
    this(file, null, null, null, message, cause);
  }

  /** An error located in a column, and where known a row group and a file row ({@code null} where not). */
  public ArtifactException(Path file, String column, Integer rowGroup, Long row, String message) {
    this(file, column, rowGroup, row, message, null);
  }

  public ArtifactException(
      Path file, String column, Integer rowGroup, Long row, String message, Throwable cause) {
    super(message, cause);
    this.file = file;
    this.column = column;
    this.rowGroup = rowGroup;
    this.row = row;
  }

  /** The artifact the error is about, when there is one. */
  public Optional<Path> file() {
    return Optional.ofNullable(file);
  }

  /** The column the error is about, when it is about one. */
  public Optional<String> column() {
    return Optional.ofNullable(column);
  }

  /** The 0-based row group the error is about, when it is about one. */
  public OptionalInt rowGroup() {
    return rowGroup == null ? OptionalInt.empty() : OptionalInt.of(rowGroup);
  }

  /** The 0-based row of the whole file the error is about, when it is about one. */
  public OptionalLong row() {
    return row == null ? OptionalLong.empty() : OptionalLong.of(row);
  }
}
