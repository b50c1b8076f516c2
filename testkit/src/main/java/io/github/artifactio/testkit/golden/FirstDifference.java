package io.github.artifactio.testkit.golden;

import io.github.artifactio.engine.column.Column;
import io.github.artifactio.engine.table.Table;
import io.github.artifactio.engine.table.TableFile;
import io.github.artifactio.testkit.gen.TableCase;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Where two artifacts that should hold the same bytes first part, said at the level a reader of the pipeline thinks
 * in, with the golden comparison's layers in their order: the writer fingerprint (settings that shape the bytes), the
 * structure (schema, row counts, row-group boundaries, per-chunk codec and encodings, footer metadata), the pages
 * (where each column chunk's pages start), then the values (the first row group, column and row that differ, with
 * both values). When all of those agree, the difference is in bytes no layer shows (compressed page bytes, statistics,
 * index contents), and the first differing byte is named instead.
 */
public final class FirstDifference {
  private FirstDifference() {}

  /**
   * A one-line description of the first difference between {@code expected} and {@code actual}, or null when no layer
   * shows one or either file is not a readable Parquet file (then only the bytes can be compared). Never throws.
   */
  public static String between(Path expected, Path actual) {
    ArtifactFacts e;
    ArtifactFacts a;
    try {
      e = ArtifactFacts.of(expected);
      a = ArtifactFacts.of(actual);
    } catch (RuntimeException x) {
      return null;
    }
    String settings = settings(e.fingerprint().get("writer_settings"), a.fingerprint().get("writer_settings"));
    if (settings != null) {
      return settings;
    }
    for (Map.Entry<String, String> f : e.fingerprint().entrySet()) {
      String other = a.fingerprint().get(f.getKey());
      if (!Objects.equals(f.getValue(), other)) {
        return "writer fingerprint " + f.getKey() + ": " + f.getValue() + " vs " + other;
      }
    }
    String structure = firstLine(e.structure(), a.structure());
    if (structure != null) {
      return "structure: " + structure;
    }
    String pages = pages(expected, actual);
    if (pages != null) {
      return pages;
    }
    return values(expected, actual, e.rows());
  }

  /** The first writer setting (by key) whose value differs, or null when both are the same JSON. */
  private static String settings(String e, String a) {
    if (Objects.equals(e, a)) {
      return null;
    }
    try {
      com.fasterxml.jackson.databind.ObjectMapper json = new com.fasterxml.jackson.databind.ObjectMapper();
      com.fasterxml.jackson.databind.JsonNode x = json.readTree(e == null || e.isEmpty() ? "{}" : e);
      com.fasterxml.jackson.databind.JsonNode y = json.readTree(a == null || a.isEmpty() ? "{}" : a);
      java.util.SortedSet<String> keys = new java.util.TreeSet<>();
      x.fieldNames().forEachRemaining(keys::add);
      y.fieldNames().forEachRemaining(keys::add);
      for (String k : keys) {
        if (!Objects.equals(x.get(k), y.get(k))) {
          return "writer setting " + k + ": " + x.get(k) + " vs " + y.get(k);
        }
      }
      return null;
    } catch (java.io.IOException | RuntimeException notJson) {
      return "writer settings: " + e + " vs " + a;
    }
  }

  private static String firstLine(List<String> e, List<String> a) {
    for (int i = 0; i < Math.max(e.size(), a.size()); i++) {
      String x = i < e.size() ? e.get(i) : "<nothing>";
      String y = i < a.size() ? a.get(i) : "<nothing>";
      if (!x.equals(y)) {
        return x + " vs " + y;
      }
    }
    return null;
  }

  /** The first row group and column whose pages start at other rows. */
  private static String pages(Path expected, Path actual) {
    try {
      List<TableFile> e = TableFile.openWithOffsetIndex(expected).rowGroupParts();
      List<TableFile> a = TableFile.openWithOffsetIndex(actual).rowGroupParts();
      for (int g = 0; g < Math.min(e.size(), a.size()); g++) {
        for (String c : e.get(g).columnNames()) {
          long[] pe = e.get(g).pageStarts(c);
          long[] pa = a.get(g).pageStarts(c);
          if (!Arrays.equals(pe, pa)) {
            return "row group " + g + ", column '" + c + "': pages start at rows " + Arrays.toString(pe) + " vs "
                + Arrays.toString(pa) + " (" + pe.length + " vs " + pa.length + " pages)";
          }
        }
      }
      return null;
    } catch (RuntimeException x) {
      return null; // no offset index, or a column without pages to list: the values layer still speaks
    }
  }

  /** The first row group, column and row whose values differ. */
  private static String values(Path expected, Path actual, long rows) {
    List<Column> e;
    List<Column> a;
    try {
      e = Table.read(expected).columns();
      a = Table.read(actual).columns();
    } catch (RuntimeException x) {
      return null;
    }
    long[] groups = TableFile.open(expected).rowGroupRows();
    for (int c = 0; c < Math.min(e.size(), a.size()); c++) {
      Column x = e.get(c);
      Column y = a.get(c);
      if (x.equals(y)) {
        continue;
      }
      for (int r = 0; r < Math.min(x.length(), y.length()); r++) {
        String vx = TableCase.value(x, r);
        String vy = TableCase.value(y, r);
        if (!vx.equals(vy)) {
          long start = 0;
          int g = 0;
          while (g < groups.length - 1 && start + groups[g] <= r) {
            start += groups[g++];
          }
          return "row group " + g + ", column '" + x.name() + "', row " + r + " (row " + (r - start)
              + " of the row group): " + vx + " vs " + vy;
        }
      }
    }
    return null;
  }
}
