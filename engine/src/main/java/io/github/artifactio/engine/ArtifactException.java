package io.github.artifactio.engine;

import java.nio.file.Path;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * Every error the engine reports about an artifact: what is wrong ({@link #detail()}) and where, as fields: the file
 * and, where they apply, the column, the row group and the (0-based, whole-file) row.
 *
 * <p>The message is rendered from those, in one format for every error (the shape of the checks module's findings):
 * {@code FILE, column 'c', row group g, row r: DETAIL}, each location part present only where it is known, and the
 * detail alone when none is. A throw site therefore passes the detail in its own words and the location as fields,
 * never the file name in the text; a page stays in the detail ({@code data page 3 ...}), as no field holds it.
 *
 * <p>Unchecked on purpose: a stage cannot recover from a malformed artifact, and the call sites that can (the Maven
 * plugin, a validator) catch this one type.
 */
public class ArtifactException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  // not final: located(...) fills in what a caller further up knows (see there)
  private transient Path file;
  private String column;
  private Integer rowGroup;
  private Long row;
  private final String detail;

  public ArtifactException(Path file, String detail) {
    this(file, null, null, null, detail, null);
  }

  public ArtifactException(Path file, String detail, Throwable cause) {
    this(file, null, null, null, detail, cause);
  }

  /** An error located in a column, and where known a row group and a file row ({@code null} where not). */
  public ArtifactException(Path file, String column, Integer rowGroup, Long row, String detail) {
    this(file, column, rowGroup, row, detail, null);
  }

  public ArtifactException(
      Path file, String column, Integer rowGroup, Long row, String detail, Throwable cause) {
    super(detail, cause);
    this.file = file;
    this.column = column;
    this.rowGroup = rowGroup;
    this.row = row;
    this.detail = detail;
  }

  /**
   * The location parts this error does not know yet, filled in from a caller that knows more (a reader rethrowing a
   * decoder's error with its column and row group); the parts it knows stay as they are. Returns this exception, so
   * the type and the stack trace of where the problem was found are kept, and the text is never nested. Call it
   * only on an exception just caught, before it is rethrown.
   */
  public ArtifactException located(Path file, String column, Integer rowGroup, Long row) {
    if (this.file == null) {
      this.file = file;
    }
    if (this.column == null) {
      this.column = column;
    }
    if (this.rowGroup == null) {
      this.rowGroup = rowGroup;
    }
    if (this.row == null) {
      this.row = row;
    }
    return this;
  }

  /** What is wrong, without the location: the message is the location, then this. */
  public String detail() {
    return detail;
  }

  /** {@code FILE, column 'c', row group g, row r: DETAIL}, with only the location parts that are known. */
  @Override
  public String getMessage() {
    return render(true, null);
  }

  /**
   * The message without the file, {@code column 'c', row group g, row r: DETAIL} (the detail alone where nothing
   * else is known): for a report that names the file already, as a validator's findings do.
   */
  public String messageWithoutFile() {
    return render(false, null);
  }

  /**
   * The message for a report that names the file and {@code column} already (a column's entry in a listing): the
   * column is left out when it is that one and named when it is another.
   */
  public String messageWithoutFile(String column) {
    return render(false, column);
  }

  private String render(boolean withFile, String knownColumn) {
    StringBuilder b = new StringBuilder();
    if (withFile && file != null) {
      b.append(file);
    }
    if (column != null && !column.equals(knownColumn)) {
      separate(b).append("column '").append(column).append('\'');
    }
    if (rowGroup != null) {
      separate(b).append("row group ").append(rowGroup);
    }
    if (row != null) {
      separate(b).append("row ").append(row);
    }
    return b.length() == 0 ? detail : b.append(": ").append(detail).toString();
  }

  private static StringBuilder separate(StringBuilder b) {
    return b.length() == 0 ? b : b.append(", ");
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
