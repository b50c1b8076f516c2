package io.github.artifactio.engine.internal.parquet.splice;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.artifactio.engine.ArtifactException;
import io.github.artifactio.engine.column.Float64Column;
import io.github.artifactio.engine.column.Int64Column;
import io.github.artifactio.engine.concat.Axis;
import io.github.artifactio.engine.concat.ConcatOptions;
import io.github.artifactio.engine.concat.ConcatResult;
import io.github.artifactio.engine.hash.Blake3;
import io.github.artifactio.engine.table.TableWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A concatenation of one input: linked or copied, then checked, and published only when unchanged. */
class SingleInputTest {
  @TempDir Path dir;

  private Path input() {
    Path p = dir.resolve("in.parquet");
    TableWriter.writeTable(p, List.of(new Int64Column("id", new long[] {1, 2, 3}),
        new Float64Column("x", new double[] {0.5, 1.5, 2.5})));
    return p;
  }

  @Test
  void one_input_is_published_whole_with_its_digest() {
    Path in = input();
    Path out = dir.resolve("out/one.parquet");
    ConcatResult r = SingleInput.publish(out, RowSplice.readInput(in, 0, out), Axis.ROWS,
        ConcatOptions.builder().report(false).build());
    assertEquals(Blake3.hashFile(in), r.contentHash());
    assertEquals(3, r.rows());
    assertTrue(Files.exists(out));
  }

  /** The input's size and time are taken when its footer is read; a change before its bytes are read is refused. */
  @Test
  void an_input_that_changed_since_its_footer_was_read_is_refused_and_nothing_is_published() throws IOException {
    Path in = input();
    Path out = dir.resolve("out/one.parquet");
    SpliceInput read = RowSplice.readInput(in, 0, out);
    byte[] before = Files.readAllBytes(in);
    Files.setLastModifiedTime(in, FileTime.fromMillis(Files.getLastModifiedTime(in).toMillis() + 3_600_000));
    ArtifactException e = assertThrows(ArtifactException.class,
        () -> SingleInput.publish(out, read, Axis.COLUMNS, ConcatOptions.builder().report(false).build()));
    assertTrue(e.getMessage().startsWith(in + ": the file changed while it was copied (" + before.length
        + " bytes modified "), e.getMessage());
    assertTrue(e.getMessage().endsWith("); nothing was published"), e.getMessage());
    assertFalse(Files.exists(out), "nothing at the destination");
    try (Stream<Path> files = Files.list(out.getParent())) {
      assertEquals(List.of(), files.toList(), "no temporary file is left");
    }
    assertArrayEquals(before, Files.readAllBytes(in), "the input is untouched");
  }
}
