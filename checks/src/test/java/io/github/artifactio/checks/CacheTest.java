package io.github.artifactio.checks;

import static io.github.artifactio.checks.Validation.result;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.artifactio.checks.config.CheckConfig;
import io.github.artifactio.checks.config.Contracts;
import io.github.artifactio.checks.report.ResultCache;
import io.github.artifactio.checks.result.Outcome;
import io.github.artifactio.checks.result.Status;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CacheTest {
  @TempDir Path dir;
  @TempDir Path cacheDir;

  private ValidationPlan plan(String column) {
    return ValidationPlan.build(List.of(new CheckConfig("contiguous-ids").setColumns(List.of(column))), List.of(),
        List.of(), List.of());
  }

  @Test
  void a_second_run_over_unchanged_files_opens_none_of_them_and_reads_no_byte() {
    Inputs.precursors(dir.resolve("a.parquet"), 5000, 1000);
    Inputs.precursors(dir.resolve("b.parquet"), 10, 10);
    ResultCache cache = new ResultCache(cacheDir);
    Outcome first = Validation.run(dir, plan("candidate_id"), cache);
    assertEquals(0, first.cachedFiles());
    assertEquals(Status.PASS, result(first, "a.parquet", "contiguous-ids").status());
    Outcome second = Validation.run(dir, plan("candidate_id"), cache);
    assertEquals(2, second.cachedFiles());
    assertEquals(0, second.filesOpened());
    assertEquals(0, second.bytesRead());
    assertEquals(first.results(), second.results());
  }

  /**
   * The proof that a cached run reads no data byte: the file's bytes are replaced in place (same inode, same size)
   * and its modification time is put back, so only a read could notice; the cached run still reports the old,
   * passing verdict.
   */
  @Test
  void a_cached_run_answers_for_a_file_whose_bytes_changed_behind_an_unchanged_identity() throws IOException {
    Path p = Inputs.precursors(dir.resolve("a.parquet"), 100, 100);
    ResultCache cache = new ResultCache(cacheDir);
    assertEquals(Status.PASS, result(Validation.run(dir, plan("candidate_id"), cache), "a.parquet", "structure")
        .status());
    FileTime mtime = Files.getLastModifiedTime(p);
    long size = Files.size(p);
    try (RandomAccessFile raf = new RandomAccessFile(p.toFile(), "rw")) {
      raf.write(new byte[(int) size]); // zeros: no magic, no footer
    }
    Files.setLastModifiedTime(p, mtime);
    Outcome cached = Validation.run(dir, plan("candidate_id"), cache);
    assertEquals(1, cached.cachedFiles());
    assertEquals(Status.PASS, result(cached, "a.parquet", "structure").status());
    Files.setLastModifiedTime(p, FileTime.fromMillis(mtime.toMillis() + 2000));
    Outcome fresh = Validation.run(dir, plan("candidate_id"), cache);
    assertEquals(0, fresh.cachedFiles());
    assertEquals(Status.FAIL, result(fresh, "a.parquet", "structure").status());
  }

  @Test
  void a_touched_but_identical_file_is_hashed_again_but_not_revalidated() throws IOException {
    Path p = Inputs.precursors(dir.resolve("a.parquet"), 1000, 1000);
    ResultCache cache = new ResultCache(cacheDir);
    Validation.run(dir, plan("candidate_id"), cache);
    Files.setLastModifiedTime(p, FileTime.fromMillis(Files.getLastModifiedTime(p).toMillis() + 5000));
    Outcome o = Validation.run(dir, plan("candidate_id"), cache);
    assertEquals(1, o.cachedFiles());
    assertEquals(Files.size(p), o.bytesRead());
    assertEquals(Files.size(p), o.bytesHashed());
  }

  @Test
  void changing_a_rule_configuration_validates_every_file_again() {
    Inputs.precursors(dir.resolve("a.parquet"), 100, 100);
    ResultCache cache = new ResultCache(cacheDir);
    Validation.run(dir, plan("candidate_id"), cache);
    Outcome other = Validation.run(dir, plan("precursor_mz"), cache);
    assertEquals(0, other.cachedFiles());
    assertEquals(Status.FAIL, result(other, "a.parquet", "contiguous-ids").status());
  }

  @Test
  void a_referenced_file_that_changes_invalidates_the_referencing_files_results() {
    Inputs.precursors(dir.resolve("lib_precursors.parquet"), 10, 10);
    Inputs.precursors(dir.resolve("lib_fragments.parquet"), 10, 10);
    ResultCache cache = new ResultCache(cacheDir);
    ValidationPlan p = ValidationPlan.build(List.of(), List.of(Contracts.builtIn().get("library-fragments")),
        List.of(), List.of());
    assertEquals(Status.PASS, result(Validation.run(dir, p, cache), "lib_fragments.parquet", "references").status());
    Inputs.precursors(dir.resolve("lib_precursors.parquet"), 5, 10);
    Outcome o = Validation.run(dir, p, cache);
    assertEquals(Status.FAIL, result(o, "lib_fragments.parquet", "references").status());
  }
}
