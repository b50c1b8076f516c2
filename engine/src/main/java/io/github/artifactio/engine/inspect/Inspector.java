package io.github.artifactio.engine.inspect;

import io.github.artifactio.engine.ArtifactException;
import io.github.artifactio.engine.column.Column;
import io.github.artifactio.engine.internal.parquet.format.Schemas;
import io.github.artifactio.engine.internal.parquet.read.ParquetFile;
import io.github.artifactio.engine.table.ColumnSpec;
import io.github.artifactio.engine.table.TableFile;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.IntFunction;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * {@code inspect}: an artifact's schema with Arrow types and nullability, row count, row groups, every column chunk's
 * codec, encodings, page indexes and statistics, the key-value metadata with {@code ARROW:schema} decoded, and the
 * first rows. Only the footer and the leading row group are read.
 *
 * <p>Unlike the Rust engine's, a failure to format any part is an error, never a silently missing section: a missing
 * head would otherwise pass for an empty table. A column the engine does not read (a type it has no kind for, such
 * as DECIMAL or INT96, or a codec it does not decode) is shown in the schema and the footer like any other; its head
 * cells read {@code (not read)} and the report says why, the other columns' values are shown.
 */
public final class Inspector {
  /** How many rows the head shows. */
  public static final int HEAD_ROWS = 10;

  /** A head cell of a column the engine did not read; the report says why below the head. */
  static final String NOT_READ = "(not read)";

  private Inspector() {}

  /** The report as text. */
  public static String inspect(Path path) {
    InspectReport report = describe(path);
    try {
      return report.render();
    } catch (RuntimeException e) {
      throw new ArtifactException(path, "inspect: formatting the report failed: " + e, e);
    }
  }

  /** The report as data. */
  public static InspectReport describe(Path path) {
    ParquetFile file = ParquetFile.open(path);
    TableFile handle = TableFile.open(path);
    try {
      SortedMap<String, String> kv = new TreeMap<>(file.metadata());
      String arrowSchema = kv.remove(Schemas.ARROW_SCHEMA_KEY);
      List<String> arrow = new ArrayList<>();
      if (arrowSchema != null) {
        describeArrow(arrowSchema, arrow);
      }
      // column by column, so that one column the engine cannot read (a codec, a type it has no kind for) costs only
      // its own cells: the head shows the rest and says why that one is missing
      List<String> headColumns = new ArrayList<>();
      List<Column> cols = new ArrayList<>();
      Map<String, String> notRead = new LinkedHashMap<>();
      for (ColumnSpec s : file.specs()) {
        headColumns.add(s.name());
        Column col = null;
        if (s.decodedAs() == null) {
          notRead.put(s.name(), "the engine has no column kind for " + s.parquetType());
        } else {
          try {
            col = file.read(List.of(s), HEAD_ROWS).get(0);
          } catch (ArtifactException e) {
            // the report names the file and lists the column: the rest of the location, then what is wrong
            notRead.put(s.name(), e.messageWithoutFile(s.name()));
          }
        }
        cols.add(col);
      }
      // at most HEAD_ROWS of what the reads returned, or of the file's rows when no column was read
      int n = (int) Math.min(HEAD_ROWS, cols.stream().filter(c -> c != null).mapToLong(Column::length).min()
          .orElse(file.rows()));
      List<IntFunction<String>> cells = new ArrayList<>();
      for (Column col : cols) {
        cells.add(col == null ? r -> NOT_READ : Cells.of(col));
      }
      List<List<String>> head = new ArrayList<>();
      for (int r = 0; r < n; r++) {
        List<String> row = new ArrayList<>();
        for (IntFunction<String> cell : cells) {
          row.add(cell.apply(r));
        }
        head.add(row);
      }
      return new InspectReport(
          path,
          file.rows(),
          file.createdBy(),
          file.specs(),
          handle.rowGroups(),
          kv,
          arrow,
          headColumns,
          head,
          notRead);
    } catch (ArtifactException e) {
      throw e;
    } catch (RuntimeException e) {
      throw new ArtifactException(path, "inspect: " + e, e);
    }
  }

  /** Without Arrow's {@code Schema} class, whose initialiser would take a third of a second (Schemas). */
  private static void describeArrow(String arrowSchema, List<String> out) {
    for (Field f : Schemas.decodeArrowFields(arrowSchema)) {
      describeField(f, "", out);
    }
    Schemas.decodeArrowMetadata(arrowSchema).forEach((k, v) -> out.add("metadata " + k + " = " + v));
  }

  private static void describeField(Field f, String indent, List<String> out) {
    out.add(indent + f.getName() + ": " + f.getType() + (f.isNullable() ? " (nullable)" : ""));
    for (Field child : f.getChildren()) {
      describeField(child, indent + "  ", out);
    }
  }
}
