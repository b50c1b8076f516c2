package io.github.artifactio.engine.table;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.artifactio.engine.ArtifactException;
import io.github.artifactio.engine.column.Int64Column;
import io.github.artifactio.engine.table.Publication.FileCopy;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The Rust engine's publication tests, ported. */
class PublicationTest {
  @TempDir Path dir;

  @Test
  void two_writers_for_one_destination_get_different_temporary_files() throws IOException {
    Path p = dir.resolve("t.parquet");
    try (TableWriter a = TableWriter.open(p, WriteOptions.defaults());
        TableWriter b = TableWriter.open(p, WriteOptions.defaults())) {
      a.write(List.of(Int64Column.of("id", 1)));
      b.write(List.of(Int64Column.of("id", 2)));
      try (Stream<Path> s = Files.list(dir)) {
        List<Path> temps = s.toList();
        assertEquals(2, temps.size(), temps.toString());
        assertTrue(temps.stream().allMatch(t -> t.getFileName().toString().startsWith("t.parquet.tmp-")));
      }
      b.finish();
      a.finish();
    }
    assertArrayEquals(new long[] {1}, Table.read(p).get("id", As.INT64), "the last to finish wins, whole");
  }

  @Test
  void a_write_without_the_syncs_publishes_the_same_bytes_and_leaves_no_temporary_file() throws IOException {
    Path durable = dir.resolve("durable.parquet");
    Path scratch = dir.resolve("scratch.parquet");
    List<io.github.artifactio.engine.column.Column> t = Fixtures.everyKind(500, 3);
    TableWriter.writeTable(durable, t);
    WriteOptions noSync = WriteOptions.builder().durable(false).build();
    assertTrue(WriteOptions.defaults().durable());
    assertEquals(false, noSync.durable());
    TableWriter.writeTable(scratch, t, noSync);
    assertArrayEquals(Files.readAllBytes(durable), Files.readAllBytes(scratch));
    try (Stream<Path> s = Files.list(dir)) {
      assertEquals(2, s.count(), "no temporary file is left");
    }
  }

  @Test
  void a_failed_publication_leaves_the_previous_result_in_place() throws IOException {
    Path p = dir.resolve("t.parquet");
    TableWriter.writeTable(p, List.of(Int64Column.of("id", 1)));
    byte[] before = Files.readAllBytes(p);
    try (TableWriter w = TableWriter.open(p, WriteOptions.defaults())) {
      w.write(List.of(Int64Column.of("id", 2)));
      // the destination turns into a non-empty folder: the rename must fail
      Files.delete(p);
      Files.createDirectories(p.resolve("x"));
      assertThrows(ArtifactException.class, w::finish);
    }
    assertTrue(Files.isDirectory(p));
    Files.delete(p.resolve("x"));
    Files.delete(p);
    Files.write(p, before);
    try (Stream<Path> s = Files.list(dir)) {
      assertEquals(List.of(p), s.toList(), "no temporary file is left");
    }
  }

  @Test
  void a_successful_publication_replaces_the_previous_file() {
    Path p = dir.resolve("t.parquet");
    TableWriter.writeTable(p, List.of(Int64Column.of("id", 1)));
    TableWriter.writeTable(p, List.of(Int64Column.of("id", 2, 3)));
    assertArrayEquals(new long[] {2, 3}, Table.read(p).get("id", As.INT64));
  }

  @Test
  void a_published_copy_is_the_source_bytes_by_link_and_by_copy() throws IOException {
    Path src = dir.resolve("src.parquet");
    TableWriter.writeTable(src, List.of(Int64Column.of("id", 1, 2, 3)));
    Path linked = dir.resolve("out/linked.parquet");
    assertEquals(FileCopy.HARD_LINK, Publication.publishCopyOf(src, linked));
    assertEquals("hard_link", FileCopy.HARD_LINK.reportName());
    assertArrayEquals(Files.readAllBytes(src), Files.readAllBytes(linked));
    assertEquals(Files.getAttribute(src, "unix:ino"), Files.getAttribute(linked, "unix:ino"));
    Path copied = dir.resolve("out/copied.parquet");
    assertEquals(FileCopy.BYTE_COPY, Publication.publishByteCopyOf(src, copied));
    assertArrayEquals(Files.readAllBytes(src), Files.readAllBytes(copied));
    assertNotEquals(Files.getAttribute(src, "unix:ino"), Files.getAttribute(copied, "unix:ino"));
  }

  @Test
  void republishing_either_name_leaves_the_other_file_alone() throws IOException {
    Path a = dir.resolve("a.parquet");
    TableWriter.writeTable(a, List.of(Int64Column.of("id", 1)));
    Path b = dir.resolve("b.parquet");
    Publication.publishCopyOf(a, b);
    Publication.publishCopyOf(a, b); // same inode already: the rename is a no-op, the temporary name must go
    TableWriter.writeTable(a, List.of(Int64Column.of("id", 9)));
    assertArrayEquals(
        new long[] {1}, Table.read(b).get("id", As.INT64), "a new a is a new inode; b keeps the old bytes");
    TableWriter.writeTable(b, List.of(Int64Column.of("id", 5)));
    assertArrayEquals(new long[] {9}, Table.read(a).get("id", As.INT64));
    try (Stream<Path> s = Files.list(dir)) {
      assertEquals(2, s.count(), "no temporary file is left");
    }
  }

  @Test
  void a_failed_copy_leaves_the_destination_as_it_was() throws IOException {
    Path dst = dir.resolve("dst.parquet");
    TableWriter.writeTable(dst, List.of(Int64Column.of("id", 4)));
    byte[] before = Files.readAllBytes(dst);
    Path missing = dir.resolve("missing.parquet");
    ArtifactException e = assertThrows(ArtifactException.class, () -> Publication.publishCopyOf(missing, dst));
    assertEquals(missing + ": publishing a copy: no such file", e.getMessage());
    assertArrayEquals(before, Files.readAllBytes(dst));
  }
}
