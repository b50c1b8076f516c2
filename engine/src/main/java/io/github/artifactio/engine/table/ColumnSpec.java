package io.github.artifactio.engine.table;

import io.github.artifactio.engine.column.ColumnType;
import java.util.Objects;
import java.util.Optional;

/**
 * A column as a file declares it: its name, its Arrow type as an Arrow reader would type it (from the footer's
 * {@code ARROW:schema} where there is one, else from the Parquet schema), its nullability, its Parquet leaf, and the
 * model kind the engine decodes it into. {@code LargeUtf8} decodes as {@link ColumnType#UTF8} and keeps its Arrow name
 * here, so a contract check can still tell the two apart.
 *
 * @param decodedAs the kind the readers produce, or {@code null} when the engine has no kind for the column
 */
public record ColumnSpec(
    String name, String arrowType, boolean nullable, String parquetType, ColumnType decodedAs) {
  public ColumnSpec {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(arrowType, "arrowType");
    Objects.requireNonNull(parquetType, "parquetType");
  }

  /** The model kind the readers produce, empty where the column's type is outside the model. */
  public Optional<ColumnType> kind() {
    return Optional.ofNullable(decodedAs);
  }

  /** Arrow type plus {@code (nullable)}, as {@code inspect} prints it. */
  public String describe() {
    return arrowType + (nullable ? " (nullable)" : "");
  }
}
