package io.github.artifactio.engine.table;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.artifactio.engine.column.Column;
import io.github.artifactio.engine.column.Int64Column;
import io.github.artifactio.engine.column.OptUtf8Column;
import io.github.artifactio.engine.column.Utf8Column;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * stringsInterned takes ids from a chunk's dictionary where it has one; the ids and values are those of numbering the
 * column's strings by first appearance, row by row, whatever the pages' encodings.
 */
class StringsInternedTest {
  @TempDir Path dir;

  /** The reference: the column's values numbered by first appearance (what stringsInterned returned before). */
  static StringsInterned byFirstAppearance(String[] values) {
    Map<String, Integer> seen = new LinkedHashMap<>();
    int[] ids = new int[values.length];
    for (int i = 0; i < values.length; i++) {
      ids[i] = seen.computeIfAbsent(values[i], v -> seen.size());
    }
    return new StringsInterned(ids, new ArrayList<>(seen.keySet()));
  }

  static void assertSame(StringsInterned expected, StringsInterned actual) {
    assertEquals(expected.values(), actual.values());
    assertArrayEquals(expected.ids(), actual.ids());
  }

  /**
   * 3 row groups of 100,000 rows. "few": 60 values, dictionary-encoded throughout. "fallback": each row group starts
   * with 20,000 rows of 100 values, then mostly unique 24-letter strings (the dictionary outgrows its 1 MiB and the
   * writer falls back to PLAIN mid-chunk) with every 7th row one of the 100 values again, so a value is met both
   * through the dictionary and through PLAIN pages.
   */
  private Path write(boolean optional) {
    int rows = 300_000;
    SplittableRandom r = new SplittableRandom(7);
    String[] few = new String[rows];
    String[] fallback = new String[rows];
    long[] id = new long[rows];
    char[] letters = new char[24];
    for (int i = 0; i < rows; i++) {
      id[i] = i;
      few[i] = "value-" + r.nextInt(60);
      if (i % 100_000 < 20_000 || i % 7 == 0) {
        fallback[i] = "common-" + r.nextInt(100);
      } else {
        for (int k = 0; k < letters.length; k++) {
          letters[k] = (char) ('a' + r.nextInt(26));
        }
        fallback[i] = new String(letters);
      }
    }
    List<Column> cols = optional
        ? List.of(new Int64Column("id", id), OptUtf8Column.of("few", few), OptUtf8Column.of("fallback", fallback))
        : List.of(new Int64Column("id", id), Utf8Column.of("few", few), Utf8Column.of("fallback", fallback));
    Path p = dir.resolve(optional ? "opt.parquet" : "req.parquet");
    TableWriter.writeTable(p, cols, WriteOptions.builder().rowGroupRows(100_000).build());
    return p;
  }

  @Test
  void dictionary_chunks_and_chunks_that_fall_back_to_plain_intern_as_numbering_by_first_appearance_does() {
    Path p = write(false);
    for (boolean[] kinds : Layouts.dictionaryAndPlainPages(p, "few")) {
      assertTrue(kinds[0] && !kinds[1], "'few' is dictionary-encoded throughout");
    }
    for (boolean[] kinds : Layouts.dictionaryAndPlainPages(p, "fallback")) {
      assertTrue(kinds[0] && kinds[1], "'fallback' has dictionary and PLAIN pages in every chunk");
    }
    TableFile f = TableFile.open(p);
    for (String column : List.of("few", "fallback")) {
      assertSame(byFirstAppearance(f.get(column, As.UTF8)), f.stringsInterned(column));
      TableFile span = f.span(12_345, 250_000); // starts and ends inside row groups, after a page of the fallback
      assertSame(byFirstAppearance(span.get(column, As.UTF8)), span.stringsInterned(column));
    }
  }

  @Test
  void an_optional_string_column_without_nulls_interns_the_same_way() {
    Path p = write(true);
    TableFile f = TableFile.open(p);
    for (String column : List.of("few", "fallback")) {
      assertSame(byFirstAppearance(f.get(column, As.OPT_UTF8).toStrings()), f.stringsInterned(column));
    }
  }
}
