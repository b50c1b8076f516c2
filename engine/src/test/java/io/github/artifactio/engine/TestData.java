package io.github.artifactio.engine;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * The repository's {@code testdata/} folder, as the parent POM hands it to the tests ({@code artifact-io.testdata}).
 * A missing folder or file fails the test that asked for it: the data belongs to the project, so its absence is a
 * broken build, never a reason to skip.
 */
public final class TestData {
  private TestData() {}

  /** The folder itself; fails when the property is unset or names no folder. */
  public static Path root() {
    String dir = System.getProperty("artifact-io.testdata");
    if (dir == null || dir.isEmpty()) {
      throw new IllegalStateException(
          "the system property artifact-io.testdata is not set: run the tests through Maven, whose parent POM sets it"
              + " to the repository's testdata/ folder");
    }
    Path root = Path.of(dir);
    if (!Files.isDirectory(root)) {
      throw new IllegalStateException("artifact-io.testdata names " + root + ", which is not a folder");
    }
    return root;
  }

  /** A file or folder under {@code testdata/}, which must exist. */
  public static Path path(String relative) {
    Path p = root().resolve(relative);
    if (!Files.exists(p)) {
      throw new IllegalStateException("test data " + relative + " is missing from " + root());
    }
    return p;
  }

  /** Every {@code .parquet} file under {@code testdata/} (every writer's, hostile ones too), in path order. */
  public static List<Path> parquetFiles() throws IOException {
    try (Stream<Path> all = Files.walk(root())) {
      return all.filter(p -> p.toString().endsWith(".parquet")).sorted().toList();
    }
  }

  /** A file of the parquet-testing copy, for example {@code parquetTesting("data/alltypes_plain.parquet")}. */
  public static Path parquetTesting(String relative) {
    return path("parquet-testing/" + relative);
  }
}
