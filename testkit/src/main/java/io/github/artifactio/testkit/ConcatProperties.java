package io.github.artifactio.testkit;

import io.github.artifactio.engine.column.Column;
import io.github.artifactio.engine.concat.Axis;
import io.github.artifactio.engine.concat.Concat;
import io.github.artifactio.engine.concat.ConcatOptions;
import io.github.artifactio.engine.concat.ConcatResult;
import io.github.artifactio.engine.concat.Provenance;
import io.github.artifactio.engine.table.Batch;
import io.github.artifactio.engine.table.BatchReader;
import io.github.artifactio.engine.table.RowSelection;
import io.github.artifactio.engine.table.Table;
import io.github.artifactio.engine.table.TableFile;
import io.github.artifactio.engine.table.TableWriter;
import io.github.artifactio.testkit.gen.SplitCase;
import io.github.artifactio.testkit.gen.TableCase;
import io.github.artifactio.testkit.property.Gen;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.opentest4j.AssertionFailedError;

/**
 * The engine's concatenation properties over generated {@link SplitCase}s, one assertion each: made by
 * {@link ArtifactProperties#ofConcat}. A table cut into row parts (each written with its own options and chunking)
 * spliced back, or cut into column groups (each written with its own options, the same row-group cap) joined back,
 * must read as the table; the same inputs must give the same bytes; the provenance must map every row back. Every
 * failure is shrunk and saved by {@link FailureArchive}.
 */
public final class ConcatProperties {
  private final Gen<SplitCase> cases;
  private Integer tries;
  private Long seed;

  ConcatProperties(Gen<SplitCase> cases) {
    this.cases = Objects.requireNonNull(cases, "cases");
  }

  public ConcatProperties tries(int tries) {
    this.tries = tries;
    return this;
  }

  public ConcatProperties seed(long seed) {
    this.seed = seed;
    return this;
  }

  /**
   * The spliced row parts read as the table (floats by bit pattern, nulls distinct), and a selection over the
   * output's page index returns exactly the selected rows.
   */
  public void assertSplicedReadsAsTable() {
    run("splice-reads-as-table", (c, dir) -> {
      Path out = splice(c, dir, "spliced.parquet");
      ArtifactAssertions.assertSameColumns(c.table().columns(), Table.read(out).columns());
      assertSelection(c, out);
    });
  }

  /** The joined column groups read as the table. */
  public void assertJoinedReadsAsTable() {
    run("join-reads-as-table", (c, dir) -> {
      Path out = join(c, dir, "joined.parquet");
      ArtifactAssertions.assertSameColumns(c.table().columns(), Table.read(out).columns());
    });
  }

  /** Two splices and two joins of the same inputs are the same bytes (whatever the buffer size). */
  public void assertDeterministic() {
    run("concat-deterministic", (c, dir) -> {
      List<Path> parts = rowParts(c, dir);
      Path a = dir.resolve("a/out.parquet");
      Path b = dir.resolve("b/out.parquet");
      Concat.concat(a, parts, Axis.ROWS, ConcatOptions.builder().bufferBytes(1 << 20).build());
      Concat.concat(b, parts, Axis.ROWS, ConcatOptions.defaults());
      ArtifactAssertions.assertSameBytes(a, b);
      List<Path> groups = columnGroups(c, dir);
      Path ja = dir.resolve("a/joined.parquet");
      Path jb = dir.resolve("b/joined.parquet");
      Concat.concat(ja, groups, Axis.COLUMNS, ConcatOptions.builder().bufferBytes(1 << 20).build());
      Concat.concat(jb, groups, Axis.COLUMNS, ConcatOptions.defaults());
      ArtifactAssertions.assertSameBytes(ja, jb);
    });
  }

  /** Every output row of a splice maps back, through the footer's provenance alone, to the input row it came from. */
  public void assertProvenanceMapsEveryRow() {
    run("provenance-maps-every-row", (c, dir) -> {
      List<Path> parts = rowParts(c, dir);
      Path out = dir.resolve("spliced.parquet");
      Concat.concat(out, parts, Axis.ROWS, ConcatOptions.defaults());
      Provenance p = Provenance.read(out).orElse(null);
      int[] sizes = c.rowParts();
      int[] firsts = new int[sizes.length];
      for (int i = 1; i < sizes.length; i++) {
        firsts[i] = firsts[i - 1] + sizes[i - 1];
      }
      for (long row = 0; row < c.table().rows(); row++) {
        int input;
        long inputRow;
        if (p == null) { // one input: linked or copied whole, the footer is the input's
          input = 0;
          inputRow = row;
        } else {
          Provenance.Origin o = p.origin(row);
          input = o.input();
          inputRow = o.row();
          if (!o.path().equals(parts.get(input).getFileName().toString())) {
            throw new AssertionFailedError("row " + row + " maps to path " + o.path() + ", not " + parts.get(input));
          }
        }
        if (firsts[input] + inputRow != row) {
          throw new AssertionFailedError("output row " + row + " maps to input " + input + " row " + inputRow
              + ", which is table row " + (firsts[input] + inputRow));
        }
      }
    });
  }

  /** Every property above. */
  public void assertAll() {
    assertSplicedReadsAsTable();
    assertJoinedReadsAsTable();
    assertDeterministic();
    assertProvenanceMapsEveryRow();
  }

  /** The row parts of {@code c} in {@code dir}, each written with its own options and chunking. */
  static List<Path> rowParts(SplitCase c, Path dir) {
    List<Path> out = new ArrayList<>();
    int from = 0;
    int[] sizes = c.rowParts();
    for (int i = 0; i < sizes.length; i++) {
      Path p = dir.resolve("part-" + i + ".parquet");
      try (TableWriter w = TableWriter.open(p, c.partOptions().get(i))) {
        int at = from;
        for (int size : c.partChunks().get(i)) {
          w.write(c.table().slice(at, at + size));
          at += size;
        }
        w.finish();
      }
      out.add(p);
      from += sizes[i];
    }
    return out;
  }

  private static Path splice(SplitCase c, Path dir, String name) {
    Path out = dir.resolve(name);
    ConcatResult r = Concat.concat(out, rowParts(c, dir), Axis.ROWS, ConcatOptions.defaults());
    if (r.rows() != c.table().rows()) {
      throw new AssertionFailedError("spliced " + r.rows() + " rows of " + c.table().rows());
    }
    return out;
  }

  private static List<Path> columnGroups(SplitCase c, Path dir) {
    List<Path> groups = new ArrayList<>();
    int from = 0;
    int[] sizes = c.columnParts();
    for (int g = 0; g < sizes.length; g++) {
      Path p = dir.resolve("group-" + g + ".parquet");
      List<Column> cols = c.table().columns().subList(from, from + sizes[g]);
      TableWriter.writeTable(p, cols, c.groupOptions().get(g));
      groups.add(p);
      from += sizes[g];
    }
    return groups;
  }

  private static Path join(SplitCase c, Path dir, String name) {
    Path out = dir.resolve(name);
    Concat.concat(out, columnGroups(c, dir), Axis.COLUMNS, ConcatOptions.defaults());
    return out;
  }

  /** Reads the case's selection through the output's page index and compares every kept row. */
  private static void assertSelection(SplitCase c, Path out) {
    boolean[] keep = c.keep();
    long[] kept = java.util.stream.IntStream.range(0, keep.length).filter(i -> keep[i]).asLongStream().toArray();
    int k = 0;
    try (BatchReader r = TableFile.openWithOffsetIndex(out).selected(RowSelection.ofMask(keep), null, 257)) {
      while (r.hasNext()) {
        Batch b = r.next();
        List<Column> cols = b.columns();
        int n = cols.get(0).length();
        for (int i = 0; i < n; i++, k++) {
          if (k >= kept.length) {
            throw new AssertionFailedError("the selection returned more than its " + kept.length + " rows");
          }
          int row = (int) kept[k];
          for (int col = 0; col < cols.size(); col++) {
            Column want = c.table().columns().get(col).slice(row, row + 1);
            Column got = cols.get(col).slice(i, i + 1);
            if (!want.equals(got)) {
              throw new AssertionFailedError("selected row " + row + " of column '" + want.name() + "': expected "
                  + TableCase.value(want, 0) + " but got " + TableCase.value(got, 0));
            }
          }
        }
      }
    }
    if (k != kept.length) {
      throw new AssertionFailedError("the selection returned " + k + " of its " + kept.length + " rows");
    }
  }

  private void run(String name, PropertyRunner.Check<SplitCase> check) {
    PropertyRunner.run(name, cases, tries, seed, check, SplitCase::table, c -> Map.of(
        "row_parts", Arrays.toString(c.rowParts()),
        "column_parts", Arrays.toString(c.columnParts()),
        "join_cap", Integer.toString(c.joinCap())));
  }
}
