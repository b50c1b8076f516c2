package io.github.artifactio.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.artifactio.engine.table.Fixtures;
import io.github.artifactio.engine.table.TableWriter;
import io.github.artifactio.engine.table.WriteOptions;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Proves two promises in separate JVMs whose classpath is exactly the engine's runtime classpath (what a stage that
 * depends on the engine gets): a write and a read need no Hadoop jar, and the same columns give the same bytes in
 * different JVMs (no timestamps, no hash-ordered maps in the footer).
 */
class RuntimeClasspathTest {
  static final int ROWS = 9000;

  @TempDir Path dir;

  @Test
  void the_runtime_classpath_has_no_hadoop_jar() throws IOException {
    for (String entry : runtimeClasspath()) {
      assertFalse(new File(entry).getName().startsWith("hadoop-"), entry);
    }
  }

  @Test
  void a_write_and_a_read_run_without_hadoop_and_two_jvms_write_the_same_bytes() throws Exception {
    Path a = dir.resolve("a.parquet");
    Path b = dir.resolve("b.parquet");
    fork(a);
    fork(b);
    Path here = dir.resolve("here.parquet");
    TableWriter.writeTable(
        here, Fixtures.everyKind(ROWS, 2026), WriteOptions.builder().rowGroupRows(4000).metadata("k", "v").build());
    byte[] bytes = Files.readAllBytes(a);
    assertArrayEquals(bytes, Files.readAllBytes(b), "two JVMs");
    assertArrayEquals(bytes, Files.readAllBytes(here), "a forked JVM and this one");
  }

  private static List<String> runtimeClasspath() throws IOException {
    String file = System.getProperty("artifact-io.runtimeClasspathFile");
    assertTrue(file != null, "surefire sets artifact-io.runtimeClasspathFile");
    String cp = Files.readString(Path.of(file), StandardCharsets.UTF_8).trim();
    return Arrays.asList(cp.split(File.pathSeparator));
  }

  private void fork(Path out) throws Exception {
    List<String> cp = new ArrayList<>(runtimeClasspath());
    cp.add(System.getProperty("artifact-io.classesDir"));
    cp.add(System.getProperty("artifact-io.testClassesDir"));
    ChildProcess.Result child = ChildProcess.run(
        new ProcessBuilder(ChildProcess.javaBinary(), "-cp", String.join(File.pathSeparator, cp),
            ForkedWriteMain.class.getName(), out.toString(), Integer.toString(ROWS))
            .redirectErrorStream(true),
        Duration.ofSeconds(120));
    String output = child.stdout();
    assertEquals(0, child.exitCode(), output);
    assertTrue(output.contains("ok " + ROWS), output);
  }
}
