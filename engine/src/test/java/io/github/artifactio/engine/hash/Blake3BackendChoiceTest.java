package io.github.artifactio.engine.hash;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.artifactio.engine.ChildProcess;
import io.github.artifactio.engine.internal.blake3.Backends;
import java.time.Duration;
import java.util.List;
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

  private static String backendOf(String... jvmArgs) {
    return probe(List.of(jvmArgs));
  }

  private static String probe(List<String> jvmArgs, String... args) {
    ChildProcess.Result child =
        ChildProcess.run(new ProcessBuilder(ChildProcess.java(jvmArgs, BackendProbe.class, args))
            .redirectErrorStream(true), Duration.ofSeconds(60));
    assertEquals(0, child.exitCode(), child.output());
    return child.stdout().trim();
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
  void a_jvm_told_to_emit_avx2_at_most_reads_use_avx_2_and_keeps_the_lane_loops() throws Exception {
    // UseAVX=2 is how an AVX-512 machine runs as an AVX2 one; FileHashing forks a vector child from such a JVM
    assumeTrue(x86() && Backends.useAvx() >= 2, "a CPU with AVX2");
    assertEquals("2", probe(List.of("-XX:UseAVX=2"), "useAvx"));
    assertEquals("lanes", backendOf("-XX:UseAVX=2"));
    assertEquals("1", probe(List.of("-XX:UseAVX=1"), "useAvx"));
  }

  @Test
  void an_interpreted_or_c1_only_jvm_keeps_the_scalar_back_end() throws Exception {
    assertEquals("scalar", backendOf("-Xint"));
    assertEquals("scalar", backendOf("-XX:TieredStopAtLevel=1"));
  }

  @Test
  void a_jvm_that_hashes_only_short_inputs_never_makes_the_choice() throws Exception {
    // the choice asks the JVM for its flags through a management bean (some 20 ms): a path or a configuration, too
    // short for any wide back end, hashes on the scalar core without it
    List<String> logLoads = List.of("-Xlog:class+load=info");
    int shortest = Backends.SCALAR_ONLY_BYTES;
    String out = probe(logLoads, String.valueOf(shortest));
    assertTrue(out.contains("digest " + Blake3.hashBytes(BackendProbe.input(shortest)).hex()), out);
    assertFalse(out.contains("Backends$Chosen"), "no choice made for " + shortest + " bytes");
    assertFalse(out.contains("HotSpotDiagnosticMXBean"), "no flag asked for " + shortest + " bytes");
    String longer = probe(logLoads, String.valueOf(shortest + 1));
    assertTrue(longer.contains("digest " + Blake3.hashBytes(BackendProbe.input(shortest + 1)).hex()), longer);
    assertTrue(longer.contains("Backends$Chosen"), "one byte more may reach a wide back end: the choice is made");
  }

  @Test
  void the_property_forces_either_back_end_whatever_the_cpu() throws Exception {
    assertEquals("scalar", backendOf("-Dartifact-io.blake3.backend=scalar"));
    assertEquals("lanes", backendOf("-XX:TieredStopAtLevel=1", "-Dartifact-io.blake3.backend=lanes"));
  }
}
