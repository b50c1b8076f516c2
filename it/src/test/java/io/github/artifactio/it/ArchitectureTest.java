package io.github.artifactio.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.artifactio.it.JavaSources.Source;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Predicate;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The project's boundaries, checked on every source file of every module (main and test): who may reach into the
 * engine's internals, who may speak to parquet-java, what the checks and the command line may know of Maven. A
 * violation fails with the files that cross the line. Each exception is listed below with its reason, and the lists
 * are checked both ways: an excepted file that no longer crosses the line (or no longer exists) fails too, so they
 * only shrink.
 */
class ArchitectureTest {
  static final String ENGINE_INTERNAL = "io.github.artifactio.engine.internal";
  static final String ENGINE_PARQUET = "io.github.artifactio.engine.internal.parquet";
  static final String CHECKS = "io.github.artifactio.checks";
  /** The most main-code files (package-info aside) one package may hold before it wants splitting by direction. */
  static final int MAX_PACKAGE_FILES = 25;

  /**
   * Which of the engine's Parquet packages each may use: data flows one way. {@code format} (the footer model, the
   * Thrift schema and its checks) and {@code encode} (values and levels into page bytes) stand alone; writing builds on
   * both and never reads; reading builds on the format and never writes; the splice copies what the format describes
   * and neither encodes nor decodes.
   */
  static final Map<String, List<String>> PARQUET_DIRECTIONS = Map.of(
      "format", List.of(),
      "encode", List.of(),
      "write", List.of("format", "encode"),
      "read", List.of("format"),
      "splice", List.of("format"));

  /**
   * Which of the checks' packages each may use: the findings vocabulary ({@code result}) stands alone; the
   * configuration builds on it; the rules on both; the reports on the findings alone; the gate itself (the package
   * {@code checks}) on all of them, and none of them on the gate but the sharded work ({@code shard}), which splits
   * and merges the gate's runs for the front ends, above the gate as they are.
   */
  static final Map<String, List<String>> CHECKS_DIRECTIONS = Map.of(
      "result", List.of(),
      "config", List.of("result"),
      "rules", List.of("result", "config"),
      "report", List.of("result"),
      "shard", List.of("result", "report"));
  static final String PARQUET_JAVA = "org.apache.parquet";
  static final String MAVEN = "org.apache.maven";
  /** The modules both front ends share or that must run without Maven: the checks, the command line and Spark's. */
  static final List<String> MAVEN_FREE_MODULES = List.of("checks", "cli", "spark");

  /** Sources outside the engine that may still use an engine-internal package, with why. */
  static final Map<String, String> INTERNAL_EXCEPTIONS = Map.of(
      // the parquet-java ColumnReader oracle lives in the engine's test jar beside the internal footer it reads
      "it/src/test/java/io/github/artifactio/it/interop/PolarsInteropTest.java",
      "the engine test jar's parquet-java oracle (ColumnReaderOracle)");

  /** Sources outside the engine's internal Parquet package that may use parquet-java, with why. */
  static final Map<String, String> PARQUET_JAVA_EXCEPTIONS = Map.ofEntries(
      // the benchmarks' peer arms: parquet-java itself, measured beside the engine
      Map.entry("it/src/main/java/io/github/artifactio/it/bench/ReadBench.java",
          "parquet-java's ColumnReader arm and ParquetWriter file"),
      Map.entry("it/src/main/java/io/github/artifactio/it/bench/ChannelInputFile.java",
          "ReadBench's parquet-java input"),
      Map.entry("it/src/main/java/io/github/artifactio/it/bench/SnappyPages.java", "ReadBench's parquet-java codecs"),
      Map.entry("it/src/main/java/io/github/artifactio/it/bench/ColumnFloor.java",
          "ReadBench's floor: where a column's pages lie, from parquet-java's footer and page headers, untimed"),
      Map.entry("it/src/main/java/io/github/artifactio/it/bench/TimingBench.java",
          "parquet-java's ParquetWriter/Reader"),
      Map.entry("it/src/main/java/io/github/artifactio/it/bench/WriteBench.java", "parquet-java's ParquetWriter arm"),
      Map.entry("it/src/main/java/io/github/artifactio/it/bench/ConcatPeers.java",
          "parquet-java's ParquetRewriter arm"),
      // test-scope oracles: an independent reader or writer of the bytes the engine reads and writes
      Map.entry("engine/src/test/java/io/github/artifactio/engine/TestFiles.java",
          "Thrift footers and page headers, broken on purpose (also for the plugin's tests, through the test jar)"),
      Map.entry("engine/src/test/java/io/github/artifactio/engine/layout/FileLayoutTest.java", "parquet-java's footer"),
      Map.entry("engine/src/test/java/io/github/artifactio/engine/layout/PageWalkTest.java",
          "parquet-java's offset index"),
      Map.entry("engine/src/test/java/io/github/artifactio/engine/table/ColumnOrderTest.java", "the Thrift footer"),
      Map.entry("engine/src/test/java/io/github/artifactio/engine/table/PageEncodingTest.java",
          "the Thrift footer, column indexes and page headers of the engine's own pages"),
      Map.entry("engine/src/test/java/io/github/artifactio/engine/concat/ConcatInteropTest.java",
          "parquet-java's reading of spliced footers, offset and column indexes"),
      Map.entry("engine/src/test/java/io/github/artifactio/engine/concat/ReencodeDuckdbTest.java",
          "a DuckDB file's Thrift footer given an Arrow schema, as an Arrow writer declares one"),
      Map.entry("engine/src/test/java/io/github/artifactio/engine/concat/Damage.java",
          "parquet-java's offset index and Thrift page headers, to damage a chosen page"),
      Map.entry("engine/src/test/java/io/github/artifactio/engine/table/Layouts.java", "parquet-java's footer"),
      Map.entry("engine/src/test/java/io/github/artifactio/engine/read/CorruptMetadataTest.java",
          "footers and page headers changed by one field, in their Thrift structures"),
      Map.entry("engine/src/test/java/io/github/artifactio/engine/read/DeclaredSizesTest.java",
          "footers declaring hostile sizes and shapes, in their Thrift structures"),
      Map.entry("checks/src/test/java/io/github/artifactio/checks/BadFilesTest.java",
          "footers and page headers changed by one field, in their Thrift structures"),
      Map.entry("it/src/test/java/io/github/artifactio/it/fuzz/Mutator.java",
          "the mutation campaign's Thrift edits of footers and page headers"),
      Map.entry("it/src/test/java/io/github/artifactio/it/fuzz/HostileFiles.java",
          "the hostile fixtures: files built page by page from Thrift structures, footers edited"));

  static List<Source> sources;

  @BeforeAll
  static void read() throws IOException {
    sources = JavaSources.read(RepositoryPathsTest.root());
    assertTrue(sources.size() > 250, "read only " + sources.size() + " sources");
  }

  /**
   * The files matching {@code where} that use {@code prefix}, less the excepted ones; the exceptions must still use it.
   */
  static List<String> violations(Predicate<Source> where, String prefix, Map<String, String> exceptions) {
    TreeSet<String> crossing = new TreeSet<>();
    for (Source s : sources) {
      if (where.test(s) && s.uses(prefix)) {
        crossing.add(s.file());
      }
    }
    TreeSet<String> stale = new TreeSet<>(exceptions.keySet());
    stale.removeAll(crossing);
    assertEquals(new TreeSet<>(), stale, "excepted files that no longer use " + prefix + ": drop them from the list");
    crossing.removeAll(exceptions.keySet());
    return List.copyOf(crossing);
  }

  @Test
  void nothing_outside_the_engine_uses_an_engine_internal_package() {
    assertEquals(List.of(), violations(s -> !s.module().equals("engine"), ENGINE_INTERNAL, INTERNAL_EXCEPTIONS));
  }

  @Test
  void only_the_engines_internal_parquet_packages_use_parquet_java() {
    Predicate<Source> outside = s -> !(s.module().equals("engine") && inside(s.pkg(), ENGINE_PARQUET));
    assertEquals(List.of(), violations(outside, PARQUET_JAVA, PARQUET_JAVA_EXCEPTIONS));
  }

  @Test
  void the_parquet_packages_use_each_other_only_in_the_direction_data_flows() {
    assertEquals(List.of(), crossings("engine", ENGINE_PARQUET, PARQUET_DIRECTIONS));
  }

  @Test
  void the_rules_use_neither_the_reports_nor_the_gate_and_nothing_below_the_gate_uses_it() {
    assertEquals(List.of(), crossings("checks", CHECKS, CHECKS_DIRECTIONS));
    List<String> usingTheGate = new ArrayList<>();
    for (Source s : sources) {
      if (s.module().equals("checks") && !s.test() && !s.pkg().equals(CHECKS) && !s.pkg().equals(CHECKS + ".shard")
          && s.usesClassesOf(CHECKS)) {
        usingTheGate.add(s.file() + " uses " + CHECKS);
      }
    }
    assertEquals(List.of(), usingTheGate);
  }

  @Test
  void no_main_package_holds_more_than_about_25_files() {
    Map<String, Integer> counts = new TreeMap<>();
    for (Source s : sources) {
      if (!s.test() && !s.file().endsWith("/package-info.java")) {
        counts.merge(s.module() + " " + s.pkg(), 1, Integer::sum);
      }
    }
    Map<String, Integer> over = new TreeMap<>(counts);
    over.values().removeIf(n -> n <= MAX_PACKAGE_FILES);
    assertEquals(Map.of(), over, "split these by the direction their data flows");
    assertTrue(counts.size() >= 25, "counted only " + counts.keySet());
  }

  /**
   * The main sources of {@code module} in a subpackage of {@code parent} that use a sibling subpackage {@code allowed}
   * does not list, as "file uses package" lines; every listed subpackage must exist.
   */
  static List<String> crossings(String module, String parent, Map<String, List<String>> allowed) {
    List<String> out = new ArrayList<>();
    TreeSet<String> seen = new TreeSet<>();
    for (Source s : sources) {
      if (!s.module().equals(module) || s.test() || !s.pkg().startsWith(parent + ".")) {
        continue;
      }
      String mine = s.pkg().substring(parent.length() + 1).split("\\.")[0];
      seen.add(mine);
      for (String other : allowed.keySet()) {
        if (!other.equals(mine) && !allowed.getOrDefault(mine, List.of()).contains(other)
            && s.uses(parent + "." + other)) {
          out.add(s.file() + " uses " + parent + "." + other);
        }
      }
    }
    assertTrue(seen.containsAll(allowed.keySet()), "packages " + allowed.keySet() + " not all found in " + seen);
    assertEquals(new TreeSet<>(allowed.keySet()), seen, "every subpackage of " + parent + " has its directions");
    return out;
  }

  static boolean inside(String pkg, String parent) {
    return pkg.equals(parent) || pkg.startsWith(parent + ".");
  }

  @Test
  void the_checks_and_the_command_line_know_nothing_of_maven() {
    // one code path for both front ends: the plugin maps Maven onto the checks module, the command line runs without
    // a Maven type on its class path (CliJarIT also looks inside the jar)
    Predicate<Source> free = s -> MAVEN_FREE_MODULES.contains(s.module());
    assertEquals(List.of(), violations(free, MAVEN, Map.of()));
  }

  // ---- issue 11 item 2 (threads) goes here: only the engine's internal concurrency package submits tasks or creates
  // threads (Thread, ExecutorService.submit/execute, CompletableFuture.*Async, Executors.new*, ForkJoinPool).

  // the checker itself: what counts as a use

  @Test
  void an_import_and_a_qualified_name_are_uses_a_comment_and_a_string_are_not() {
    Source imports = JavaSources.of("testkit/src/main/java/A.java", "testkit", false,
        "package io.github.artifactio.testkit;\n"
            + "import io.github.artifactio.engine.internal.parquet.read.Scan;\nclass A {}\n");
    assertTrue(imports.uses(ENGINE_INTERNAL));
    assertEquals("io.github.artifactio.testkit", imports.pkg());
    Source qualified = JavaSources.of("it/src/main/java/B.java", "it", false,
        "class B { Object o = new org.apache.parquet.format.PageHeader(); }");
    assertTrue(qualified.uses(PARQUET_JAVA));
    Source mentions = JavaSources.of("maven-plugin/src/main/java/C.java", "maven-plugin", false,
        "/** Not org.apache.parquet, see io.github.artifactio.engine.internal */\nclass C {\n"
            + "  // org.apache.maven.Foo\n  String s = \"org.apache.parquet.format.FileMetaData\";\n"
            + "  char q = '\\\"';\n  String t = \"\"\"\n    org.apache.maven\n    \"\"\";\n}\n");
    assertFalse(mentions.uses(PARQUET_JAVA) || mentions.uses(ENGINE_INTERNAL) || mentions.uses(MAVEN),
        mentions.code());
    assertFalse(JavaSources.of("x/A.java", "x", false, "import org.apache.parquetx.Y;").uses(PARQUET_JAVA));
  }

  @Test
  void the_checked_sources_span_every_module_main_and_test() {
    Map<String, Integer> counts = new TreeMap<>();
    for (Source s : sources) {
      counts.merge(s.module() + (s.test() ? " test" : " main"), 1, Integer::sum);
    }
    for (String module : JavaSources.MODULES) {
      assertTrue(counts.getOrDefault(module + " main", 0) > 0 && counts.getOrDefault(module + " test", 0) > 0,
          counts.toString());
    }
  }
}
