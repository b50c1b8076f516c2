package io.github.artifactio.it.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class MachineTest {
  @Test
  void bench_jvm_args_are_split_at_blanks_and_none_when_unset() {
    String before = System.getProperty(Machine.JVM_ARGS);
    try {
      System.setProperty(Machine.JVM_ARGS, " -XX:UseAVX=2   -Dbench.rounds=3 ");
      assertEquals(List.of("-XX:UseAVX=2", "-Dbench.rounds=3"), Machine.jvmArgs());
      System.setProperty(Machine.JVM_ARGS, "");
      assertEquals(List.of(), Machine.jvmArgs());
      System.clearProperty(Machine.JVM_ARGS);
      assertEquals(List.of(), Machine.jvmArgs());
    } finally {
      if (before == null) {
        System.clearProperty(Machine.JVM_ARGS);
      } else {
        System.setProperty(Machine.JVM_ARGS, before);
      }
    }
  }

  @Test
  void the_machine_object_names_cpu_jvm_commit_and_load_before_and_after() {
    ObjectNode m = Machine.describe(new double[] {1.5, 1.25, 1.0});
    List<String> fields = new ArrayList<>();
    m.fieldNames().forEachRemaining(fields::add);
    assertEquals(List.of("cpu_model", "nproc", "cpu_flags", "use_avx", "java_version", "java_vm", "git_commit",
        "jvm_args", "load_before", "load_after", "date"), fields);
    assertEquals(Runtime.getRuntime().availableProcessors(), m.get("nproc").asInt());
    assertEquals(1.25, m.get("load_before").get("load_5m").asDouble());
    assertEquals(System.getProperty("java.version"), m.get("java_version").asText());
    // the build runs inside the clone, so git (where installed) names its commit
    assertTrue(m.get("git_commit").asText().matches("[0-9a-f]{4,40}|unknown"), m.get("git_commit").asText());
  }

  @Test
  void use_avx_is_this_jvms_effective_value_on_x86_and_unknown_elsewhere() {
    String avx = Machine.vmOption("UseAVX");
    String arch = System.getProperty("os.arch");
    if (arch.equals("amd64") || arch.equals("x86_64")) {
      assertTrue(avx.matches("[0-3]"), avx);
    } else {
      assertEquals("unknown", avx);
    }
  }
}
