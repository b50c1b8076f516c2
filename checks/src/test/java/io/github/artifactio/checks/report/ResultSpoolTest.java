package io.github.artifactio.checks.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.artifactio.checks.result.Finding;
import io.github.artifactio.checks.result.RuleResult;
import io.github.artifactio.checks.result.Severity;
import io.github.artifactio.checks.result.Status;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/** Results written to a spool come back the same, in order, as often as read and by readers at once. */
class ResultSpoolTest {
  @org.junit.jupiter.api.io.TempDir Path dir;

  @Test
  void results_come_back_equal_with_their_times_in_order_and_to_two_readers_at_once() throws Exception {
    for (int seed = 0; seed < 20; seed++) {
      Random r = new Random(seed);
      List<RuleResult> written = new ArrayList<>();
      // more distinct strings than the table remembers, and runs of one file's results
      int n = seed == 0 ? 0 : 1 + r.nextInt(seed < 10 ? 50 : 6000);
      String file = "a.parquet";
      for (int i = 0; i < n; i++) {
        if (r.nextInt(4) == 0) {
          file = "run" + r.nextInt(100000) + "/é\u0001\"x.parquet";
        }
        written.add(result(r, file, i));
      }
      try (ResultSpool spool = ResultSpool.create()) {
        assertFalse(spool.written());
        try (ResultSpool.Writer w = spool.writer()) {
          for (RuleResult x : written) {
            w.write(x);
          }
        }
        assertTrue(spool.written());
        CompletableFuture<List<RuleResult>> other = CompletableFuture.supplyAsync(() -> read(spool));
        List<RuleResult> here = read(spool);
        for (List<RuleResult> back : List.of(here, other.get())) {
          assertEquals(written, back, "seed " + seed);
          for (int i = 0; i < written.size(); i++) {
            assertEquals(written.get(i).seconds(), back.get(i).seconds(), "seed " + seed + ", result " + i);
          }
        }
      }
    }
  }

  @Test
  void a_spool_is_written_once_read_only_once_written_and_its_file_is_gone_when_closed() throws IOException {
    ResultSpool spool = ResultSpool.create();
    assertThrows(IllegalStateException.class, () -> spool.read(x -> {}));
    spool.writer().close();
    assertThrows(IllegalStateException.class, spool::writer);
    List<RuleResult> none = new ArrayList<>();
    spool.read(none::add);
    assertEquals(List.of(), none);
    spool.close();
    try (var files = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
      assertTrue(files.noneMatch(f -> f.getFileName().toString().endsWith(".spool")
          && f.getFileName().toString().startsWith("artifact-io-results") && isEmpty(f)), "the spool file is deleted");
    }
  }

  private static boolean isEmpty(Path f) {
    try {
      return Files.size(f) == 1;
    } catch (IOException e) {
      return false;
    }
  }

  private static List<RuleResult> read(ResultSpool spool) {
    List<RuleResult> out = new ArrayList<>();
    try {
      spool.read(out::add);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    return out;
  }

  private static RuleResult result(Random r, String file, int i) {
    List<Finding> findings = new ArrayList<>();
    for (int k = r.nextInt(5) == 0 ? 1 + r.nextInt(3) : 0; k > 0; k--) {
      findings.add(finding(r, file));
    }
    List<RuleResult.Suppressed> suppressed = new ArrayList<>();
    if (r.nextInt(7) == 0) {
      suppressed.add(new RuleResult.Suppressed(finding(r, r.nextBoolean() ? file : "other.parquet"), "reason " + i));
    }
    String observed = r.nextBoolean() ? "SNAPPY" : "observed " + i + " \u2028\uD83D\uDE00";
    return new RuleResult(file, r.nextBoolean() ? "codec" : "rule-" + r.nextInt(9000), Severity.values()[r.nextInt(
        3)], Status.values()[r.nextInt(Status.values().length)], observed, findings, suppressed, r.nextDouble());
  }

  private static Finding finding(Random r, String file) {
    return new Finding("codec", Severity.values()[r.nextInt(3)], r.nextBoolean() ? file : "elsewhere.parquet",
        r.nextBoolean() ? null : "c" + r.nextInt(100), r.nextBoolean() ? null : r.nextInt(1 << 20),
        r.nextBoolean() ? null : r.nextLong() & Long.MAX_VALUE, 1 + r.nextInt(1000), "detail " + r.nextInt());
  }

  @Test
  void a_spool_in_a_folder_that_cannot_hold_it_is_an_error_naming_the_folder_and_the_option() {
    Path none = dir.resolve("not-there");
    var e = assertThrows(java.io.UncheckedIOException.class, () -> ResultSpool.create(none));
    assertTrue(e.getMessage().startsWith("the merge's results cannot be spooled in " + none
        + " (java.nio.file.NoSuchFileException: " + none + "/artifact-io-results"), e.getMessage());
    assertTrue(e.getMessage().endsWith(".spool); give the JVM a writable temporary folder with -Djava.io.tmpdir=DIR"),
        e.getMessage());
  }
}
