package io.github.artifactio.engine.table;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.artifactio.engine.ChildProcess;
import io.github.artifactio.engine.ForkedChunkedWriteMain;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A chunked write holds one row group of encoded pages and one input chunk, never the table: 3,000,000 rows of
 * random values (about 140 MB, nothing compresses them) are written in 65,536-row chunks and 131,072-row groups (about
 * 6 MB each) by a JVM started with {@code -Xmx64m}.
 */
class WriteMemoryTest {
  static final long ROWS = 3_000_000;

  @TempDir Path dir;

  @Test
  void a_chunked_write_of_more_than_twice_the_heap_runs_in_a_64_mib_jvm() throws Exception {
    Path out = dir.resolve("big.parquet");
    String output = fork(out);
    assertTrue(output.contains("ok " + ROWS + " rows in a heap of at most "), output);
    assertTrue(Files.size(out) > 2L * (64 << 20), "the file is " + Files.size(out) + " bytes");
    assertEquals(ROWS, TableFile.open(out).rows());
  }

  private static String fork(Path out) throws Exception {
    String file = System.getProperty("artifact-io.runtimeClasspathFile");
    List<String> cp = new ArrayList<>(List.of(Files.readString(Path.of(file), StandardCharsets.UTF_8).trim()
        .split(File.pathSeparator)));
    cp.add(System.getProperty("artifact-io.classesDir"));
    cp.add(System.getProperty("artifact-io.testClassesDir"));
    String java = ChildProcess.javaBinary();
    List<String> cmd = List.of(java, "-Xmx64m", "-cp", String.join(File.pathSeparator, cp),
        ForkedChunkedWriteMain.class.getName(), out.toString(), Long.toString(ROWS));
    ChildProcess.Result child =
        ChildProcess.run(new ProcessBuilder(cmd).redirectErrorStream(true), Duration.ofSeconds(300));
    assertEquals(0, child.exitCode(), child.output());
    return child.stdout().trim();
  }
}
