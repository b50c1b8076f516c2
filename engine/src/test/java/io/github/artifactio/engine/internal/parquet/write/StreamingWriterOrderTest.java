package io.github.artifactio.engine.internal.parquet.write;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import io.github.artifactio.engine.column.Column;
import io.github.artifactio.engine.column.Float64Column;
import io.github.artifactio.engine.column.Int32Column;
import io.github.artifactio.engine.column.Int64Column;
import io.github.artifactio.engine.column.ListFloat32Column;
import io.github.artifactio.engine.column.Utf8Column;
import java.util.List;
import org.junit.jupiter.api.Test;

class StreamingWriterOrderTest {
  @Test
  void a_pool_is_given_the_heaviest_columns_first_and_ties_keep_schema_order() {
    List<Column> chunk =
        List.of(
            Int32Column.of("id", 1, 2, 3),
            Int64Column.of("a", 1, 2, 3),
            Utf8Column.of("name", "a fairly long name", "another fairly long name", "and a third"),
            Float64Column.of("b", 1, 2, 3),
            ListFloat32Column.of("trace", new float[16], new float[16], new float[16]));
    assertArrayEquals(new int[] {4, 2, 1, 3, 0}, StreamingWriter.heaviestFirst(chunk, 0, 3));
  }
}
