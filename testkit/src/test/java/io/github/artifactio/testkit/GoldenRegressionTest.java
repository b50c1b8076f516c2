package io.github.artifactio.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.artifactio.engine.column.Column;
import io.github.artifactio.engine.column.ColumnType;
import io.github.artifactio.engine.table.TableWriter;
import io.github.artifactio.engine.table.WriteOptions;
import io.github.artifactio.testkit.gen.ColumnDecl;
import io.github.artifactio.testkit.gen.Nulls;
import io.github.artifactio.testkit.gen.TableShape;
import io.github.artifactio.testkit.gen.Tables;
import io.github.artifactio.testkit.golden.GoldenFiles;
import io.github.artifactio.testkit.property.Gen;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The engine's output for a fixed table of every kind, against the golden committed in src/test/golden. */
class GoldenRegressionTest {
  @TempDir Path dir;

  /** 40 rows of every kind, nulls in the nullable ones, drawn from a fixed seed by the testkit's own generators. */
  static List<Column> everyKind() {
    Gen<List<Column>> gen = s -> {
      List<Column> cols = new ArrayList<>();
      for (ColumnType k : ColumnType.values()) {
        ColumnDecl d = new ColumnDecl(k.name().toLowerCase(), k, k.nullable() ? Nulls.SOMETIMES : Nulls.NEVER);
        cols.add(s.draw(Tables.column(d, 40, TableShape.small())));
      }
      return cols;
    };
    return gen.sample(20261130, 1).get(0);
  }

  @Test
  void a_table_of_every_kind_writes_the_golden_artifact() {
    Path out = dir.resolve("every-kind.parquet");
    TableWriter.writeTable(out, everyKind(), WriteOptions.builder().rowGroupRows(16).build());
    ArtifactAssertions.assertMatchesGolden(out, "every-kind");
  }

  @AfterAll
  static void every_golden_is_referenced() {
    assertEquals(List.of(), GoldenFiles.defaults().reportUnreferenced());
  }
}
