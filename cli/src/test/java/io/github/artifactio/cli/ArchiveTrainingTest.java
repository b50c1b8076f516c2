package io.github.artifactio.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The launcher's first run trains its archive on every command (the archive then holds each command's classes): each
 * command of the training passes on the training's own artifact, and its folder is gone afterwards.
 */
class ArchiveTrainingTest {
  @Test
  void every_command_of_the_training_passes_and_its_folder_is_deleted() throws IOException {
    Path tmp = Path.of(System.getProperty("java.io.tmpdir"));
    List<Path> before = trainingFolders(tmp);
    Map<String, Integer> codes = ArchiveTraining.run();
    assertEquals(List.of("validate", "verify-manifest", "inspect", "hash", "concat", "concat --axis columns"),
        List.copyOf(codes.keySet()));
    codes.forEach((command, code) -> assertEquals(Main.PASS, code, command + " exits " + code));
    assertEquals(before, trainingFolders(tmp), "the training's folder is deleted");
  }

  private static List<Path> trainingFolders(Path tmp) throws IOException {
    try (Stream<Path> s = Files.list(tmp)) {
      return s.filter(p -> p.getFileName().toString().startsWith("artifact-io-archive-training")).sorted().toList();
    }
  }
}
