package io.github.artifactio.engine.concat;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.artifactio.engine.ArtifactException;
import io.github.artifactio.engine.table.Fixtures;
import io.github.artifactio.engine.table.Table;
import io.github.artifactio.engine.table.TableWriter;
import io.github.artifactio.engine.table.WriteOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The dataset form: the concatenation plus linked shared inputs, guarded by fingerprints checked at open. */
class ConcatDatasetTest {
  @TempDir Path dir;
  List<Path> parts;
  Path library;
  Path folder;

  @BeforeEach
  void inputs() {
    parts = Parts.write(dir, Fixtures.everyKind(3000, 8), new int[] {0, 1000, 3000},
        WriteOptions.builder().rowGroupRows(500).build());
    library = dir.resolve("library.parquet");
    TableWriter.writeTable(library, Fixtures.everyKind(40_000, 3)); // larger than the 1 MiB fingerprint window
    folder = dir.resolve("datasets/run-1");
  }

  private ConcatDataset.Built build() {
    return ConcatDataset.build(folder, "psms.parquet", parts, Axis.ROWS, ConcatOptions.defaults(), List.of(library));
  }

  @Test
  void the_folder_holds_the_concatenation_and_a_hard_link_to_the_shared_input() throws IOException {
    ConcatDataset.Built b = build();
    assertEquals(3000, Table.read(b.table()).rows());
    assertEquals("hard_link", b.linked().get(0).publish());
    assertTrue(Files.isSameFile(library, folder.resolve("linked/library.parquet")));
    ConcatDataset.Opened o = ConcatDataset.open(folder);
    assertEquals(folder.resolve("psms.parquet"), o.table());
    assertEquals(Fingerprint.of(library), o.linked().get(0).fingerprint());
    try (Stream<Path> s = Files.list(folder.getParent())) {
      assertEquals(List.of("run-1"), s.map(p -> p.getFileName().toString()).toList(), "no temporary folder left");
    }
  }

  @Test
  void an_input_rewritten_in_place_through_the_other_link_is_found_at_open_with_what_changed() throws IOException {
    build();
    Fingerprint recorded = Fingerprint.of(library);
    byte[] bytes = Files.readAllBytes(library);
    bytes[bytes.length - 9] ^= 0x40; // inside the footer length: the size stays, the tail changes
    Files.write(library, bytes); // the same inode: the dataset's link sees it
    ArtifactException e = assertThrows(ArtifactException.class, () -> ConcatDataset.open(folder));
    Fingerprint now = Fingerprint.of(library);
    assertEquals(folder.resolve("linked/library.parquet") + ": the linked file changed since dataset " + folder
        + " was built: its"
        + " last 1048576 bytes hash to " + now.tail() + ", recorded " + recorded.tail(), e.getMessage());
    assertEquals(folder.resolve("linked/library.parquet"), e.file().orElseThrow());
  }

  @Test
  void a_changed_size_and_a_missing_file_are_named() throws IOException {
    build();
    long size = Files.size(library);
    Files.write(library, new byte[] {1, 2, 3}, java.nio.file.StandardOpenOption.APPEND);
    ArtifactException grown = assertThrows(ArtifactException.class, () -> ConcatDataset.open(folder));
    assertEquals(folder.resolve("linked/library.parquet") + ": the linked file changed since dataset " + folder
        + " was built: its"
        + " size is " + (size + 3) + " bytes, recorded " + size, grown.getMessage());
    Files.delete(folder.resolve("linked/library.parquet"));
    ArtifactException gone = assertThrows(ArtifactException.class, () -> ConcatDataset.open(folder));
    assertEquals(folder.resolve("linked/library.parquet") + ": the linked file changed since dataset " + folder
        + " was built: it"
        + " is missing", gone.getMessage());
  }

  @Test
  void a_failed_build_leaves_the_previous_dataset_and_a_good_one_replaces_it() throws IOException {
    build();
    byte[] before = Files.readAllBytes(folder.resolve("psms.parquet"));
    Path missing = dir.resolve("missing.parquet");
    assertThrows(ArtifactException.class, () -> ConcatDataset.build(folder, "psms.parquet", List.of(parts.get(0),
        missing), Axis.ROWS, ConcatOptions.defaults(), List.of(library)));
    assertArrayEquals(before, Files.readAllBytes(folder.resolve("psms.parquet")));
    ConcatDataset.build(folder, "psms.parquet", List.of(parts.get(1), parts.get(0)), Axis.ROWS,
        ConcatOptions.defaults(), List.of());
    assertEquals(3000, Table.read(folder.resolve("psms.parquet")).rows());
    assertTrue(ConcatDataset.open(folder).linked().isEmpty());
    try (Stream<Path> s = Files.list(folder.getParent())) {
      assertEquals(List.of("run-1"), s.map(p -> p.getFileName().toString()).toList(), "old and temporary removed");
    }
  }
}
