package io.github.artifactio.engine.internal.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.artifactio.engine.ArtifactException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The temporary file behind every publication: synced early or at publication, renamed whole, never half there. */
class AtomicFileTest {
  @TempDir Path dir;

  @Test
  void a_file_synced_ahead_of_publication_is_published_whole_and_leaves_no_temporary_name() throws IOException {
    Path out = dir.resolve("a.parquet");
    Files.write(out, new byte[] {9});
    AtomicFile f = AtomicFile.create(out);
    Files.write(f.temporary(), new byte[] {1, 2, 3});
    f.sync();
    assertArrayEquals(new byte[] {9}, Files.readAllBytes(out), "nothing at the destination before the rename");
    f.publish(true);
    assertArrayEquals(new byte[] {1, 2, 3}, Files.readAllBytes(out));
    assertFalse(Files.exists(f.temporary()));
  }

  @Test
  void a_sync_that_fails_removes_the_temporary_file_and_names_the_destination() throws IOException {
    Path out = dir.resolve("b.parquet");
    AtomicFile f = AtomicFile.create(out);
    Files.write(f.temporary(), new byte[] {1});
    Files.delete(f.temporary()); // gone before the sync: the open for the sync fails
    ArtifactException e = assertThrows(ArtifactException.class, f::sync);
    assertTrue(e.getMessage().startsWith(out + ": syncing " + f.temporary() + ": java.nio.file.NoSuchFileException"),
        e.getMessage());
    assertFalse(Files.exists(out));
  }
}
