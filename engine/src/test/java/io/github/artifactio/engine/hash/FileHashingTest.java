package io.github.artifactio.engine.hash;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.artifactio.engine.ArtifactException;
import io.github.artifactio.engine.internal.blake3.Backends;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Many files hashed at vector speed without setup: here when this JVM can, in a child JVM when it pays. */
class FileHashingTest {
  @TempDir Path dir;

  private List<Path> files() throws Exception {
    List<Path> out = new ArrayList<>();
    int[] sizes = {0, 1, (1 << 20) + 5, 3 << 20};
    for (int i = 0; i < sizes.length; i++) {
      out.add(Files.write(dir.resolve("file " + i + ".bin"), TestInputs.random(i, sizes[i])));
    }
    return out;
  }

  private static void sameAsHashFile(Map<Path, ContentHash> digests, List<Path> files) {
    assertEquals(files, List.copyOf(digests.keySet()));
    for (Path f : files) {
      assertEquals(Blake3.hashFile(f), digests.get(f), f.toString());
    }
  }

  @Test
  void past_the_threshold_a_jvm_without_the_vector_back_end_hashes_in_a_vector_child_with_the_same_digests()
      throws Exception {
    List<Path> files = files();
    FileHashing.Result r = FileHashing.builder().forkAbove(0).build().hash(files);
    sameAsHashFile(r.digests(), files);
    if (FileHashing.childPays(Blake3.backend(), Backends.useAvx()) && FileHashing.vectorModuleInJdk()) {
      assertEquals(FileHashing.How.FORKED, r.how());
      assertEquals("vector", r.backend());
    } else {
      // this JVM has the vector back end (the surefire executions that add the module), or lane loops that keep up
      // with it (AVX-512): no child
      assertEquals(FileHashing.How.IN_PROCESS, r.how());
    }
  }

  @Test
  void a_lane_loop_jvm_forks_a_vector_child_only_where_c2_has_avx2_but_not_avx_512() {
    // UseAVX 2: each of the lane loops' rotations is two shifts and an or; 3: one vprord, and they keep up
    assertTrue(FileHashing.childPays("lanes", 2));
    assertFalse(FileHashing.childPays("lanes", 3));
    assertTrue(FileHashing.childPays("scalar", 3), "the scalar back end always gains from the vector one");
    assertTrue(FileHashing.childPays("scalar", 0));
    assertFalse(FileHashing.childPays("vector-256", 2), "a JVM that has the vector back end keeps it");
  }

  @Test
  void below_the_threshold_or_with_forking_off_the_files_are_hashed_here() throws Exception {
    List<Path> files = files();
    FileHashing.Result small = FileHashing.builder().build().hash(files);
    assertEquals(FileHashing.How.IN_PROCESS, small.how());
    assertEquals(Blake3.backend(), small.backend());
    sameAsHashFile(small.digests(), files);
    FileHashing.Result off = FileHashing.builder().forkAbove(0).fork(false).build().hash(files);
    assertEquals(FileHashing.How.IN_PROCESS, off.how());
    sameAsHashFile(off.digests(), files);
  }

  @Test
  void a_file_that_cannot_be_hashed_is_an_error_naming_it_whichever_jvm_tried_first() throws Exception {
    List<Path> files = new ArrayList<>(files());
    Path folder = Files.createDirectory(dir.resolve("a folder"));
    files.add(folder);
    ArtifactException e = assertThrows(ArtifactException.class,
        () -> FileHashing.builder().forkAbove(0).build().hash(files));
    assertTrue(e.getMessage().contains(folder.toString()), e.getMessage());
    Path missing = dir.resolve("missing.bin");
    ArtifactException m = assertThrows(ArtifactException.class,
        () -> FileHashing.builder().build().hash(List.of(missing)));
    assertTrue(m.getMessage().startsWith(missing + ": hashing failed: "), m.getMessage());
  }
}
