package io.github.artifactio.engine.inspect;

import io.github.artifactio.engine.ArtifactException;
import io.github.artifactio.engine.column.Column;
import io.github.artifactio.engine.internal.parquet.ParquetFile;
import io.github.artifactio.engine.table.ColumnSpec;
import io.github.artifactio.engine.table.TableFile;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.IntFunction;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * {@code inspect}: an artifact's schema with Arrow types and nullability, row count, row groups, every column chunk's
 * codec, encodings, page indexes and statistics, the key-value metadata with {@code ARROW:schema} decoded, and the
 * first rows. Only the footer and the leading row group are read.
 *
 * <p>Unlike the Rust engine's, a failure to format any part is an error, never a silently missing section: a missing
 * head would otherwise pass for an empty table.
 */
public final class Inspector {
  /** How many rows the head shows. */
  public static final int HEAD_ROWS = 10;

  private Inspector() {}

  /** The report as text. */
  public static String inspect(Path path) {
    InspectReport report = describe(path);
    try {
      return report.render();
    } catch (RuntimeException e) {
      throw new ArtifactException(path, "inspect " + path + ": formatting the report failed: " + e, e);
    }
  }

  /** The report as data. */
  public static InspectReport describe(Path path) {
    ParquetFile file = ParquetFile.open(path);
    TableFile handle = TableFile.open(path);
    try {
      SortedMap<String, String> kv = new TreeMap<>(file.metadata());
      kv.remove(io.github.artifactio.engine.table.WriteOptions.ARROW_SCHEMA_KEY);
      List<String> arrow = new ArrayList<>();
      file.arrowSchema().ifPresent(s -> describeArrow(s, arrow));
      List<ColumnSpec> readable = new ArrayList<>();
      for (ColumnSpec s : file.specs()) {
        if (s.decodedAs() != null) {
          readable.add(s);
        }
      }
      List<Column> cols = List.of();
      String unreadable = null;
      try {
        cols = readable.isEmpty() ? List.of() : file.read(readable, HEAD_ROWS);
      } catch (ArtifactException e) {
        // the footer is still worth showing: say why there are no rows instead of failing the whole inspect
        unreadable = e.getMessage();
        readable.clear();
      }
      int n = unreadable != null ? 0
          : (int) Math.min(HEAD_ROWS, cols.isEmpty() ? Math.min(HEAD_ROWS, file.rows()) : cols.get(0).length());
      List<String> headColumns = new ArrayList<>();
      List<List<String>> head = new ArrayList<>();
      for (int r = 0; r < n; r++) {
        head.add(new ArrayList<>());
      }
      int c = 0;
      for (ColumnSpec s : file.specs()) {
        headColumns.add(s.name());
        Column col = s.decodedAs() != null && unreadable == null ? cols.get(c++) : null;
        IntFunction<String> cells = col == null ? r -> "(" + s.arrowType() + ": not read)" : Cells.of(col);
        for (int r = 0; r < n; r++) {
          head.get(r).add(cells.apply(r));
        }
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
          unreadable);
    } catch (ArtifactException e) {
      throw e;
    } catch (RuntimeException e) {
      throw new ArtifactException(path, "inspect " + path + ": " + e, e);
    }
  }

  private static void describeArrow(Schema s, List<String> out) {
    for (Field f : s.getFields()) {
      describeField(f, "", out);
    }
    s.getCustomMetadata().forEach((k, v) -> out.add("metadata " + k + " = " + v));
  }

  private static void describeField(Field f, String indent, List<String> out) {
    out.add(indent + f.getName() + ": " + f.getType() + (f.isNullable() ? " (nullable)" : ""));
    for (Field child : f.getChildren()) {
      describeField(child, indent + "  ", out);
    }
  }
}
