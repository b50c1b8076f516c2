package io.github.artifactio.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.artifactio.checks.shard.HashPartial;
import io.github.artifactio.checks.shard.ManifestShards;
import io.github.artifactio.engine.hash.Blake3;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The merge of verify-manifest shards holds one partial report at a time and the results, not every report: 20,000
 * records in 200 shards (written here as the shards would write them) merge in a JVM of 64 MiB of heap.
 */
class ManifestMergeMemoryTest {
  /** The shards and heap, larger for a measurement: {@code -Dmerge.shards=1000 -Dmerge.heap=128m}. */
  private static final int SHARDS = Integer.getInteger("merge.shards", 200);
  private static final String HEAP = "-Xmx" + System.getProperty("merge.heap", "64m");
  private static final int RECORDS_PER_SHARD = 100;
  /** Every this many records, the file's digest is not the recorded one: findings the merge must hold. */
  private static final int CHANGED_EVERY = 1000;

  @TempDir Path dir;

  @Test
  void twenty_thousand_records_in_two_hundred_shards_merge_with_64_mib_of_heap()
      throws IOException, InterruptedException {
    Path run = Files.createDirectories(dir.resolve("run"));
    Files.writeString(run.resolve("manifest.json"), "{}");
    Path partials = Files.createDirectories(dir.resolve("partials"));
    String digest = Blake3.hashString("a file's bytes").hex();
    String other = Blake3.hashString("other bytes").hex();
    int records = SHARDS * RECORDS_PER_SHARD;
    for (int s = 0; s < SHARDS; s++) {
      StringBuilder json = new StringBuilder();
      json.append("{\"format\":\"").append(HashPartial.FORMAT).append("\",\"format_version\":")
          .append(ManifestShards.FORMAT_VERSION).append(",\"kind\":\"verify-manifest\",\"plan\":{\"id\":\"p\",")
          .append("\"tool_version\":\"").append(Main.version()).append("\",\"split_bytes\":1073741824,\"units\":")
          .append(records + 1).append(",\"manifests\":[\"manifest.json 2 0\"],\"options\":{},\"params\":[\"")
          .append(run.toString().replace("\\", "\\\\")).append("\"]},\"shard\":{\"index\":").append(s)
          .append(",\"count\":").append(SHARDS).append(",\"first_unit\":")
          .append(s == 0 ? 0 : s * RECORDS_PER_SHARD + 1)
          .append(",\"last_unit\":").append((s + 1) * RECORDS_PER_SHARD).append("},\"units\":[");
      if (s == 0) {
        json.append("{\"unit\":0,\"from\":0,\"to\":0,\"bytes\":2,\"manifest\":\"manifest.json\",\"results\":[]},");
      }
      for (int i = 0; i < RECORDS_PER_SHARD; i++) {
        int r = s * RECORDS_PER_SHARD + i;
        String display = "manifest.json#r" + r;
        json.append(i == 0 ? "" : ",").append("{\"unit\":").append(r + 1).append(",\"from\":0,\"to\":1,")
            .append("\"bytes\":14,\"record\":\"").append(display).append("\",\"last\":true,\"path\":\"")
            .append(run.resolve("r" + r + ".parquet").toString().replace("\\", "\\\\"))
            .append("\",\"size\":14,\"mtime_ns\":0,\"part\":{\"digest\":\"")
            .append(r % CHANGED_EVERY == 0 ? other : digest).append("\",\"subtrees\":[]},\"checks\":{\"results\":[")
            .append("{\"file\":\"").append(display).append("\",\"rule\":\"manifest-key\",\"severity\":\"ERROR\",")
            .append("\"status\":\"PASS\",\"observed\":\"r").append(r).append("\",\"findings\":[]}],\"hash_at\":1,")
            .append("\"report_at\":-1,\"recorded_hash\":\"").append(digest).append("\",\"path_text\":\"r").append(r)
            .append(".parquet\",\"sidecar_hash\":null,\"rows_problem\":null,\"schema_problem\":null,\"opened\":0,")
            .append("\"hash_severity\":\"ERROR\",\"report_severity\":null}}");
      }
      json.append("]}");
      Files.writeString(partials.resolve(String.format("shard-%03d.json", s)), json, StandardCharsets.UTF_8);
    }
    long start = System.nanoTime();
    Cli.Result merged = Cli.inChild(HEAP, dir, "merge", partials.toString());
    assertNotNull(merged, "the merge ends");
    double seconds = (System.nanoTime() - start) / 1e9;
    String stdout = merged.out();
    String stderr = merged.err();
    assertEquals(Main.FAILED, merged.code(), stdout + stderr);
    int changed = records / CHANGED_EVERY;
    assertTrue(stdout.contains((records + 1) + " files, " + 2 * records + " checks: " + (2 * records - changed)
        + " PASS, 0 WARN, " + changed + " FAIL, 0 UNDETERMINED"), stdout);
    assertTrue(stdout.contains("[ERROR] [manifest-hash] manifest.json#r1000: content_hash is " + digest
        + " but the blake3 of r1000.parquet is " + other), stdout);
    assertTrue(!stderr.contains("OutOfMemoryError"), stderr);
    System.out.printf("merge of %d records in %d shards with %s: %.1f s%n", records, SHARDS, HEAP, seconds);
  }
}
