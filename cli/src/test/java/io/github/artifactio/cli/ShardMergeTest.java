package io.github.artifactio.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.artifactio.engine.EngineContext;
import io.github.artifactio.engine.hash.TestInputs;
import io.github.artifactio.engine.plan.ShardSpec;
import io.github.artifactio.engine.plan.WorkPlan;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code hash --shard I/N} on every shard, then {@code merge}: the lines and exit code of {@code hash} on the same
 * files, and a refusal naming what is wrong with a set that cannot be merged.
 */
class ShardMergeTest {
  @TempDir Path dir;
  private List<String> files;
  private Path partials;

  @BeforeEach
  void inputs() throws IOException {
    files = new ArrayList<>();
    for (TestInputs.Input in : TestInputs.B3SUM_INPUTS) {
      Path f = dir.resolve(in.name());
      Files.write(f, in.bytes());
      files.add(f.toString());
    }
    partials = Files.createDirectory(dir.resolve("partials"));
  }

  private Cli.Result shard(int index, int count, List<String> paths) {
    List<String> args = new ArrayList<>(List.of("hash", "--shard", index + "/" + count, "--split-mib", "1",
        "--partial-out", partials.resolve("shard-" + index + ".json").toString()));
    args.addAll(paths);
    return Cli.run(args.toArray(String[]::new));
  }

  private void allShards(int count) {
    for (int i = 0; i < count; i++) {
      Cli.Result r = shard(i, count, files);
      assertEquals(Main.PASS, r.code(), r.toString());
      assertEquals("", r.out());
    }
  }

  private Cli.Result hashWhole() {
    List<String> args = new ArrayList<>(List.of("hash"));
    args.addAll(files);
    return Cli.run(args.toArray(String[]::new));
  }

  @Test
  void merged_shards_print_what_hash_prints_for_any_shard_count() throws IOException {
    Cli.Result whole = hashWhole();
    for (int count : new int[] {1, 2, 3, 7}) {
      allShards(count);
      Cli.Result merged = Cli.run("merge", partials.toString());
      assertEquals(whole.code(), merged.code(), merged.toString());
      assertEquals(whole.out(), merged.out(), count + " shards");
      try (var s = Files.list(partials)) {
        for (Path p : s.toList()) {
          Files.delete(p);
        }
      }
    }
  }

  @Test
  void a_task_writes_its_partial_report_into_a_folder_no_task_has_made_yet() {
    Path nested = dir.resolve("not-yet/partials/0.json");
    List<String> args = new ArrayList<>(List.of("hash", "--shard", "0/1", "--partial-out", nested.toString()));
    args.addAll(files);
    Cli.Result r = Cli.run(args.toArray(String[]::new));
    assertEquals(Main.PASS, r.code(), r.toString());
    Cli.Result merged = Cli.run("merge", nested.toString());
    assertEquals(hashWhole().out(), merged.out(), merged.toString());
  }

  @Test
  void the_partial_report_has_sorted_keys_and_names_its_plan_shard_and_units() throws IOException {
    allShards(2);
    String json = Files.readString(partials.resolve("shard-1.json"), StandardCharsets.UTF_8);
    List<String> top = json.lines().filter(l -> l.matches("  \"[a-z_]+\" : .*")).map(l -> l.trim().split("\"")[1])
        .toList();
    assertEquals(List.of("format", "format_version", "kind", "plan", "shard", "units"), top);
    assertTrue(json.contains("\"kind\" : \"hash\""), json);
    assertTrue(json.contains("\"axis\" : \"spans\""), json);
  }

  @Test
  void a_slurm_task_runs_the_shard_its_array_variables_name() throws IOException {
    for (int id = 4; id < 7; id++) {
      Map<String, String> env = Map.of("SLURM_ARRAY_TASK_ID", "" + id, "SLURM_ARRAY_TASK_COUNT", "3",
          "SLURM_ARRAY_TASK_MIN", "4");
      List<String> args = new ArrayList<>(List.of("--shard", "slurm", "--split-mib", "1", "--partial-out",
          partials.resolve("task-" + id + ".json").toString()));
      args.addAll(files);
      StringWriter err = new StringWriter();
      int code = Main.run(new HashCommand().env(env), args, new PrintWriter(new StringWriter()),
          new PrintWriter(err));
      assertEquals(Main.PASS, code, err.toString());
    }
    Cli.Result merged = Cli.run("merge", partials.toString());
    assertEquals(hashWhole().out(), merged.out(), merged.toString());
  }

  @Test
  void a_slurm_variable_that_is_absent_is_named_as_a_usage_error() {
    List<String> args = new ArrayList<>(List.of("--shard", "slurm", "--partial-out", partials.resolve("p.json")
        .toString()));
    args.addAll(files);
    StringWriter err = new StringWriter();
    int code = Main.run(new HashCommand().env(Map.of("SLURM_ARRAY_TASK_COUNT", "3")), args,
        new PrintWriter(new StringWriter()), new PrintWriter(err));
    assertEquals(Main.USAGE, code);
    assertTrue(err.toString().startsWith("--shard slurm: SLURM_ARRAY_TASK_ID is not set: --shard slurm runs in a"
        + " task of a job array (sbatch --array=0-3)\n"), err.toString());
  }

  @Test
  void a_shard_out_of_range_malformed_or_of_zero_is_a_usage_error_naming_it() {
    assertUsage(shard(4, 4, files), "--shard 4/4: the shard index must be in 0..3 for 4 shards, got 4");
    assertUsage(shard(0, 0, files), "--shard 0/0: the shard count N must be at least 1, got 0");
    assertUsage(Cli.run("hash", "--shard", "1-4", "--partial-out", "p.json", files.get(0)),
        "--shard 1-4: a shard is I/N (shard I of N, from 0) or slurm, got '1-4'");
    assertUsage(Cli.run("hash", "--shard", "1/4", files.get(0)),
        "--shard needs --partial-out FILE and files to hash (not --check, not -)");
  }

  private static void assertUsage(Cli.Result r, String firstLine) {
    assertEquals(Main.USAGE, r.code(), r.toString());
    assertEquals(firstLine, r.err().lines().findFirst().orElse(""), r.toString());
  }

  @Test
  void a_missing_shard_is_refused_naming_the_units_it_held() throws IOException {
    allShards(3);
    Files.delete(partials.resolve("shard-1.json"));
    Cli.Result r = Cli.run("merge", partials.toString());
    assertEquals(Main.FAILED, r.code(), r.toString());
    assertEquals("", r.out());
    // weights (bytes + 1) 1, 1 MiB + 1, 1 MiB + 1, 12346, then 1 MiB + 1 three times and 2: the midpoints of
    // the third file's second unit and the fourth file's first fall in the middle third
    assertEquals("artifact-io merge: shard 1/3 is missing; it held " + files.get(2) + " spans [1, 2), "
        + files.get(3) + " spans [0, 1)\n", r.err());
  }

  @Test
  void a_shard_given_twice_is_refused_naming_both_reports() throws IOException {
    allShards(2);
    Path copy = dir.resolve("again.json");
    Files.copy(partials.resolve("shard-0.json"), copy);
    // with the plan's file, which a report names beside it
    try (var plans = Files.newDirectoryStream(partials, "*.plan")) {
      for (Path plan : plans) {
        Files.copy(plan, dir.resolve(plan.getFileName()));
      }
    }
    Cli.Result r = Cli.run("merge", partials.toString(), copy.toString());
    assertEquals(Main.FAILED, r.code(), r.toString());
    assertEquals("artifact-io merge: shard 0/2 is in two partial reports: " + partials.resolve("shard-0.json")
        + " and " + copy + "\n", r.err());
  }

  @Test
  void reports_of_another_version_split_or_file_set_are_refused_naming_the_difference() throws IOException {
    allShards(2);
    Path zero = partials.resolve("shard-0.json");
    Path one = partials.resolve("shard-1.json");
    String original = Files.readString(one);
    Files.writeString(one, original.replaceFirst("\"tool_version\" : \"[^\"]*\"", "\"tool_version\" : \"0.0.9\""));
    Cli.Result version = Cli.run("merge", partials.toString());
    assertEquals(Main.FAILED, version.code(), version.toString());
    assertTrue(version.err().startsWith("artifact-io merge: partial reports of different plans: " + zero + " and "
        + one + " were written by versions "), version.err());
    assertTrue(version.err().endsWith(" and 0.0.9\n"), version.err());

    shard(1, 2, files.subList(0, 3));
    Cli.Result fileSet = Cli.run("merge", partials.toString());
    assertEquals("artifact-io merge: partial reports of different plans: " + files.get(3) + " is in the files of "
        + zero + ", not of " + one + "\n", fileSet.err());

    Files.setLastModifiedTime(Path.of(files.get(0)), FileTime.fromMillis(86_400_000L));
    shard(1, 2, files);
    Cli.Result changed = Cli.run("merge", partials.toString());
    assertTrue(changed.err().startsWith("artifact-io merge: partial reports of different plans: " + files.get(0)
        + " changed between the plans: " + zero + " saw size 0 bytes, modified "), changed.err());
    assertTrue(changed.err().endsWith(one + " saw size 0 bytes, modified 1970-01-02T00:00:00Z\n"), changed.err());
  }

  @Test
  void a_file_changed_between_the_plan_and_its_hashing_is_an_error_naming_it_never_a_digest() throws IOException {
    allShards(2);
    WorkPlan plan = WorkPlan.hashPaths(files, 1 << 20, Main.version());
    Files.write(Path.of(files.get(3)), new byte[] {7}, StandardOpenOption.APPEND);
    StringWriter err = new StringWriter();
    int code = HashShard.run(plan, new ShardSpec(1, 2), partials.resolve("shard-1.json"), EngineContext.serial(),
        new PrintWriter(err, true));
    String changed = files.get(3) + ": changed since it was planned: its size was " + (3 * (1 << 20) + 1)
        + " bytes, now " + (3 * (1 << 20) + 2);
    assertEquals(Main.FAILED, code);
    assertTrue(err.toString().startsWith("artifact-io hash: " + changed + "\n"), err.toString());
    Cli.Result merged = Cli.run("merge", partials.toString());
    assertEquals(Main.FAILED, merged.code(), merged.toString());
    assertEquals("", merged.out());
    assertTrue(merged.err().startsWith("artifact-io merge: " + changed + "\n"), merged.err());
  }

  @Test
  void a_folder_without_reports_or_a_file_that_is_not_one_is_a_usage_error() throws IOException {
    Cli.Result empty = Cli.run("merge", partials.toString());
    assertEquals(Main.USAGE, empty.code(), empty.toString());
    assertEquals("artifact-io merge: " + partials + " holds no partial report (*.json)\n", empty.err());
    Path other = partials.resolve("other.json");
    Files.writeString(other, "{\"format\": \"something else\"}");
    Cli.Result notOne = Cli.run("merge", other.toString());
    assertEquals(Main.USAGE, notOne.code(), notOne.toString());
    assertEquals("artifact-io merge: " + other + " is not a partial report of format 2 (its \"format\" is not"
        + " \"artifact-io partial report\")\n", notOne.err());
    allShards(1);
    Path zero = partials.resolve("shard-0.json");
    Files.writeString(zero, Files.readString(zero).replace("\"shard\"", "\"shards\""));
    Cli.Result lacking = Cli.run("merge", zero.toString());
    assertEquals("artifact-io merge: " + zero + " lacks the field \"shard\"\n", lacking.err());
  }

  @Test
  void the_shards_of_a_plan_write_its_files_once_beside_their_reports_and_a_report_without_them_is_refused()
      throws IOException {
    allShards(3);
    List<Path> plans;
    try (var s = Files.list(partials)) {
      plans = s.filter(f -> f.getFileName().toString().endsWith(".plan")).toList();
    }
    assertEquals(1, plans.size(), "one plan file for the three reports: " + plans);
    assertTrue(plans.get(0).getFileName().toString().matches("hash-[0-9a-f]{64}\\.plan"), plans.toString());
    for (String f : files) {
      assertTrue(Files.readString(plans.get(0)).contains(f), f + " in the plan's file");
      for (int i = 0; i < 3; i++) {
        String report = Files.readString(partials.resolve("shard-" + i + ".json"));
        assertTrue(report.contains("\"plan_file\" : \"" + plans.get(0).getFileName() + "\""), report);
        assertTrue(report.contains("\"files\" : " + files.size()), report);
      }
    }
    Files.delete(plans.get(0));
    Cli.Result r = Cli.run("merge", partials.toString());
    assertEquals(Main.USAGE, r.code(), r.toString());
    assertEquals("artifact-io merge: " + partials.resolve("shard-0.json") + " names its plan "
        + plans.get(0).getFileName() + ", which is not beside it\n", r.err());
  }
}
