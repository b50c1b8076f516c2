package io.github.artifactio.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.artifactio.engine.column.Int64Column;
import io.github.artifactio.engine.table.TableWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opentest4j.AssertionFailedError;

class ArtifactAssertionsTest {
  @TempDir Path dir;

  @Test
  void two_writes_of_the_same_columns_are_the_same_bytes() {
    Path a = dir.resolve("a.parquet");
    Path b = dir.resolve("b.parquet");
    TableWriter.writeTable(a, List.of(Int64Column.of("id", 1, 2, 3)));
    TableWriter.writeTable(b, List.of(Int64Column.of("id", 1, 2, 3)));
    ArtifactAssertions.assertSameBytes(a, b);
  }

  @Test
  void a_difference_is_reported_with_its_offset_sizes_and_digests() throws IOException {
    Path a = dir.resolve("a.bin");
    Path b = dir.resolve("b.bin");
    Files.write(a, new byte[] {1, 2, 3, 4});
    Files.write(b, new byte[] {1, 2, 9, 4, 5});
    AssertionFailedError e = assertThrows(AssertionFailedError.class, () -> ArtifactAssertions.assertSameBytes(a, b));
    assertTrue(e.getMessage().startsWith("artifacts differ from byte 2: " + a + " (4 bytes, blake3 "), e.getMessage());
    assertEquals(2, ArtifactAssertions.firstDifference(a, b));
  }

  @Test
  void a_file_that_is_a_prefix_of_the_other_differs_at_its_end() throws IOException {
    Path a = dir.resolve("a.bin");
    Path b = dir.resolve("b.bin");
    Files.write(a, new byte[70_000]);
    Files.write(b, new byte[70_001]);
    assertEquals(70_000, ArtifactAssertions.firstDifference(a, b));
  }
}
