package io.github.artifactio.engine.hash;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.artifactio.engine.internal.blake3.Backends;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Which back end a JVM without the Vector API chooses, asked of child JVMs started with the flags that decide it: the
 * lane loops only where C2 vectorises them (they run at a fifth of the scalar core's speed where it does not).
 */
class Blake3BackendChoiceTest {
  private static boolean x86() {
    String arch = System.getProperty("os.arch", "");
    return arch.equals("amd64") || arch.equals("x86_64");
  }

  private static String backendOf(String... jvmArgs) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(List.of(jvmArgs));
    command.addAll(List.of("-cp", System.getProperty("java.class.path"), BackendProbe.class.getName()));
    Process child = new ProcessBuilder(command).redirectErrorStream(true).start();
    String out = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
    if (!child.waitFor(60, TimeUnit.SECONDS)) {
      child.destroyForcibly();
      throw new AssertionError("the child JVM did not end: " + command);
    }
    assertEquals(0, child.exitValue(), out);
    return out;
  }

  @Test
  void a_jvm_with_its_own_default_flags_chooses_what_this_one_would() throws Exception {
    assertEquals(Backends.withoutVector("").get().name(), backendOf());
  }

  @Test
  void a_jvm_without_avx2_keeps_the_scalar_back_end() throws Exception {
    assumeTrue(x86(), "UseAVX is an x86 flag");
    assertEquals("scalar", backendOf("-XX:UseAVX=1"));
  }

  @Test
  void an_interpreted_or_c1_only_jvm_keeps_the_scalar_back_end() throws Exception {
    assertEquals("scalar", backendOf("-Xint"));
    assertEquals("scalar", backendOf("-XX:TieredStopAtLevel=1"));
  }

  @Test
  void the_property_forces_either_back_end_whatever_the_cpu() throws Exception {
    assertEquals("scalar", backendOf("-Dartifact-io.blake3.backend=scalar"));
    assertEquals("lanes", backendOf("-XX:TieredStopAtLevel=1", "-Dartifact-io.blake3.backend=lanes"));
  }
}
