package io.github.artifactio.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Only the engine's concurrency package ({@code engine.internal.concurrent}) hands work to another thread or makes
 * one; everything else, in every module, goes through an {@code EngineContext}. (The rule belongs in the project's
 * architecture test; it lives here until that test exists.)
 */
class ThreadBoundaryTest {
  @Test
  void only_the_engines_concurrency_package_submits_tasks_or_creates_threads() throws IOException {
    Path root = RepositoryPathsTest.root();
    List<Path> read = ThreadBoundary.sources(root);
    assertTrue(read.size() > 150, "the guard read only " + read.size() + " sources");
    assertTrue(read.contains(root.resolve(ThreadBoundary.ALLOWED + "Workers.java")), "Workers.java is read");
    assertEquals(List.of(), ThreadBoundary.scan(root));
  }

  @Test
  void every_exempt_line_is_still_there() throws IOException {
    Path root = RepositoryPathsTest.root();
    for (ThreadBoundary.Exempt e : ThreadBoundary.EXEMPT) {
      List<String> lines = java.nio.file.Files.readAllLines(root.resolve(e.file())).stream().map(String::trim).toList();
      assertTrue(lines.contains(e.line()), e + ": drop it from ThreadBoundary.EXEMPT");
    }
  }

  // the guard itself, on scratch sources: the offending calls are in strings here, which the guard blanks out

  @Test
  void a_thread_an_executor_or_a_hand_off_outside_the_package_is_found_with_its_file_and_line() {
    String scratch = "class A {\n  void f(Runnable r, java.util.concurrent.ExecutorService pool) {\n"
        + "    new Thread(r).start();\n    pool.submit(r);\n    pool.execute(r);\n"
        + "    var p = java.util.concurrent.Executors.newFixedThreadPool(2);\n"
        + "    java.util.concurrent.CompletableFuture.runAsync(r);\n"
        + "    java.util.List.of(1).parallelStream();\n  }\n}\n";
    List<ThreadBoundary.Finding> found = ThreadBoundary.scan("maven-plugin/src/main/java/A.java", scratch);
    assertEquals(
        List.of(
            "maven-plugin/src/main/java/A.java:3: creates a thread: new Thread(r).start();",
            "maven-plugin/src/main/java/A.java:4: submits a task: pool.submit(r);",
            "maven-plugin/src/main/java/A.java:5: executes a task: pool.execute(r);",
            "maven-plugin/src/main/java/A.java:6: makes an executor: var p = java.util.concurrent.Executors"
                + ".newFixedThreadPool(2);",
            "maven-plugin/src/main/java/A.java:7: runs asynchronously: java.util.concurrent.CompletableFuture"
                + ".runAsync(r);",
            "maven-plugin/src/main/java/A.java:8: uses a parallel stream: java.util.List.of(1).parallelStream();"),
        found.stream().map(ThreadBoundary.Finding::toString).toList());
    assertEquals(
        List.of(),
        ThreadBoundary.scan(ThreadBoundary.ALLOWED + "Workers.java", scratch),
        "the concurrency package may");
  }

  @Test
  void comments_strings_and_jdbc_statements_are_not_hand_offs() {
    String text = "class A {\n  /** Uses {@code Executors.newFixedThreadPool} and new Thread( */\n"
        + "  void f(java.sql.Statement s) throws Exception {\n"
        + "    s.execute(\"SET threads = 1\"); // not pool.submit(r)\n"
        + "    String t = \"new Thread(r)\";\n  }\n}\n";
    assertEquals(List.of(), ThreadBoundary.scan("it/src/main/java/A.java", text));
  }
}
