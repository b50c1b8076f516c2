package io.github.artifactio.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.artifactio.engine.EngineContext;
import io.github.artifactio.engine.column.Column;
import io.github.artifactio.engine.concat.Axis;
import io.github.artifactio.engine.concat.Concat;
import io.github.artifactio.engine.concat.ConcatOptions;
import io.github.artifactio.engine.table.DuckDbValues;
import io.github.artifactio.engine.table.TableFile;
import io.github.artifactio.engine.table.TableWriter;
import io.github.artifactio.testkit.gen.SplitCase;
import io.github.artifactio.testkit.gen.TableShape;
import io.github.artifactio.testkit.gen.Tables;
import io.github.artifactio.testkit.gen.WriteCase;
import io.github.artifactio.testkit.property.Gen;
import io.github.artifactio.testkit.property.Property;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.ThrowingConsumer;

/**
 * The engine-facing properties ({@link EngineByteIdentityTest}, {@link EngineConcatTest}) compare the engine with
 * itself: one write with another, a spliced file read back by the engine's own reader. Here a share of the same
 * generated cases goes through DuckDB (its own Parquet reader, C++, no code shared with the engine or parquet-java),
 * which must read every written, spliced and joined file as the generated table, value by value, floats by bits.
 */
class EngineDuckDbOracleTest {
  private static final Gen<WriteCase> SMALL = Tables.writeCases(TableShape.small());
  private static final Gen<WriteCase> LARGE = Tables.writeCases(TableShape.DEFAULT.withMaxColumns(3));
  private static final Gen<SplitCase> SPLITS = SplitCase.cases(TableShape.small());

  private static Connection db;

  @BeforeAll
  static void open() throws SQLException {
    db = DriverManager.getConnection("jdbc:duckdb:");
  }

  @AfterAll
  static void close() throws SQLException {
    if (db != null) {
      db.close();
    }
  }

  @Test
  void duckdb_reads_a_table_the_engine_wrote_in_chunks_on_a_pool_as_the_table() {
    Property.forAll(SMALL).named("duckdb-reads-written").tries(40).check(inTemp(this::writeAndRead));
    Property.forAll(LARGE).named("duckdb-reads-written-large").tries(3).check(inTemp(this::writeAndRead));
  }

  @Test
  void duckdb_reads_a_splice_of_row_parts_and_a_join_of_column_groups_as_the_table() {
    Property.forAll(SPLITS).named("duckdb-reads-concatenated").tries(30).check(inTemp((c, dir) -> {
      List<Column> table = c.table().columns();
      Path spliced = dir.resolve("spliced.parquet");
      Concat.concat(spliced, ConcatProperties.rowParts(c, dir), Axis.ROWS, ConcatOptions.defaults());
      DuckDbValues.assertReadsAs(db, spliced, table);
      Path joined = dir.resolve("joined.parquet");
      Concat.concat(joined, columnGroups(c, dir), Axis.COLUMNS, ConcatOptions.defaults());
      DuckDbValues.assertReadsAs(db, joined, table);
    }));
  }

  /** The case's table written in its chunks, on a pool of its thread count, with its options. */
  private void writeAndRead(WriteCase c, Path dir) throws SQLException {
    Path p = dir.resolve("t.parquet");
    try (EngineContext pool = EngineContext.create("oracle", c.threads());
        TableWriter w = TableWriter.open(p, c.options(), pool)) {
      int at = 0;
      for (int size : c.chunks()) {
        w.write(c.table().slice(at, at + size));
        at += size;
      }
      w.finish();
    }
    assertEquals(c.table().rows(), TableFile.open(p).rows());
    DuckDbValues.assertReadsAs(db, p, c.table().columns());
  }

  /** The column groups, each written with its own options and the case's common row-group cap. */
  private static List<Path> columnGroups(SplitCase c, Path dir) {
    List<Path> out = new ArrayList<>();
    int from = 0;
    int[] sizes = c.columnParts();
    for (int g = 0; g < sizes.length; g++) {
      Path p = dir.resolve("group-" + g + ".parquet");
      TableWriter.writeTable(p, c.table().columns().subList(from, from + sizes[g]), c.groupOptions().get(g));
      out.add(p);
      from += sizes[g];
    }
    return out;
  }

  private interface Check<C> {
    void run(C value, Path dir) throws Exception;
  }

  /** Each try in a temporary folder of its own, deleted after it. */
  private static <C> ThrowingConsumer<C> inTemp(Check<C> check) {
    return c -> {
      Path dir = Files.createTempDirectory("artifactio-duckdb-oracle");
      try {
        check.run(c, dir);
      } finally {
        PropertyRunner.deleteTree(dir);
      }
    };
  }
}
