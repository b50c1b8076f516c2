package io.github.artifactio.checks.config;

import io.github.artifactio.checks.result.ConfigurationException;
import io.github.artifactio.engine.sidecar.SchemaId;
import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * A named set of expectations about the files a glob selects: declared columns (Arrow type, nullability), whether
 * other columns are allowed, row-count bounds, the expected schema identifier, and value-level checks (contiguous
 * ids, ascending values, references). Written in the POM, in a JSON file ({@link Contracts#parseJson}), or built in
 * ({@link Contracts#builtIn}).
 *
 * @param files the glob, relative to the checked folder, of the files the contract applies to
 * @param checks the value-level checks the contract switches on, for the same files
 */
public record Contract(
    String name,
    String files,
    List<Column> columns,
    boolean allowOtherColumns,
    Long minRows,
    Long maxRows,
    SchemaId schema,
    List<CheckConfig> checks) {

  /**
   * A declared column.
   *
   * @param type the Arrow type as {@code inspect} prints it ({@code UInt32}, {@code Float64}, {@code Utf8},
   *     {@code List(Float32)}), or null for any
   * @param nullable the declared nullability, or null for either
   */
  public record Column(String name, String type, Boolean nullable) {
    public Column {
      if (name == null || name.isBlank()) {
        throw new ConfigurationException("a contract column has no name");
      }
    }

    String fingerprint() {
      return name + ":" + type + ":" + nullable;
    }
  }

  public Contract {
    if (name == null || name.isBlank()) {
      throw new ConfigurationException("a contract has no name");
    }
    files = files == null || files.isBlank() ? "**/*.parquet" : files;
    columns = List.copyOf(columns == null ? List.of() : columns);
    checks = List.copyOf(checks == null ? List.of() : checks);
    if (minRows != null && maxRows != null && minRows > maxRows) {
      throw new ConfigurationException(
          "contract '" + name + "': minRows " + minRows + " is greater than maxRows " + maxRows);
    }
    if (columns.isEmpty() && checks.isEmpty() && minRows == null && maxRows == null && schema == null
        && allowOtherColumns) {
      throw new ConfigurationException("contract '" + name + "' declares nothing: no columns, rows, schema or checks");
    }
    Objects.requireNonNull(name);
  }

  /** Whether the contract itself declares anything for the {@code contract} rule to check. */
  public boolean hasShape() {
    return !columns.isEmpty() || minRows != null || maxRows != null || schema != null || !allowOtherColumns;
  }

  public String fingerprint() {
    return name + "[files=" + files + ",columns=" + columns.stream().map(Column::fingerprint)
        .collect(Collectors.joining(",")) + ",others=" + allowOtherColumns + ",rows=" + minRows + ".." + maxRows
        + ",schema=" + schema + "]";
  }
}
