package io.github.artifactio.spark;

import io.github.artifactio.cli.Main;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;
import org.apache.spark.sql.SparkSession;

/** What the Spark tests share: one local session per test class, and the command line run in this JVM. */
final class SparkTests {
  private SparkTests() {}

  /** Spark in this JVM on two threads, without its web UI, bound to the loopback address. */
  static SparkSession session() {
    return SparkSession.builder().master("local[2]").appName("artifact-io tests").config("spark.ui.enabled", "false")
        .config("spark.driver.bindAddress", "127.0.0.1").config("spark.driver.host", "127.0.0.1")
        .config("spark.sql.shuffle.partitions", "2").getOrCreate();
  }

  /** What the command line printed and returned. */
  record Cli(int code, String out, String err) {}

  static Cli cli(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = Main.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
    return new Cli(code, out.toString(), err.toString());
  }

  /** The command line's version, as its reports name it: the Spark runs that are compared with it name it too. */
  static String cliVersion() {
    return cli("--version").out().trim().substring("artifact-io ".length());
  }

  /** The options of a Spark run whose reports name the command line as the tool, to compare them byte for byte. */
  static SparkOptions.Builder asTheCli() {
    return SparkOptions.builder().tool("artifact-io-cli", cliVersion()).execution("cli");
  }

  static void deleteTree(Path p) throws IOException {
    if (!Files.exists(p)) {
      return;
    }
    try (Stream<Path> s = Files.walk(p)) {
      for (Path q : s.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(q);
      }
    }
  }

  /** A report's text with its timings removed (the JUnit XML's {@code time} attributes). */
  static String withoutTimes(Path report) throws IOException {
    return Files.readString(report).replaceAll(" time=\"[0-9.]+\"", "");
  }
}
