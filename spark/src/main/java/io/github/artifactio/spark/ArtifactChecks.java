package io.github.artifactio.spark;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.artifactio.checks.Gate;
import io.github.artifactio.checks.GateLog;
import io.github.artifactio.checks.GateOptions;
import io.github.artifactio.checks.ManifestGoal;
import io.github.artifactio.checks.ManifestVerifier;
import io.github.artifactio.checks.ParquetValidator;
import io.github.artifactio.checks.ShardedValidation;
import io.github.artifactio.checks.ValidateGoal;
import io.github.artifactio.checks.ValidatePartial;
import io.github.artifactio.checks.Verdict;
import io.github.artifactio.checks.report.Reports;
import io.github.artifactio.checks.result.Finding;
import io.github.artifactio.checks.result.RuleResult;
import io.github.artifactio.checks.result.Severity;
import io.github.artifactio.checks.shard.HashPartial;
import io.github.artifactio.checks.shard.ManifestMerge;
import io.github.artifactio.checks.shard.ManifestShards;
import io.github.artifactio.checks.shard.ShardedHash;
import io.github.artifactio.engine.EngineContext;
import io.github.artifactio.engine.hash.FileStamp;
import io.github.artifactio.engine.plan.PlannedFile;
import io.github.artifactio.engine.plan.ShardSpec;
import io.github.artifactio.engine.plan.WorkPlan;
import io.github.artifactio.engine.plan.WorkUnit;
import java.io.IOException;
import java.io.Serializable;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.api.java.function.Function;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.SparkSession;

/**
 * {@code validate}, {@code verify-manifest} and {@code hash} of a corpus as Spark jobs, with the command line's
 * verdict, reports and digests. The driver plans the work as a sharded run does (the checks module's plans), makes
 * one task of each unit (one partition each, in plan order), and the executors run the checks module's rule code on
 * their unit and send back the unit's partial report as JSON text, the format a Slurm shard writes; the driver
 * collects the texts in plan order and merges them with the code of {@code artifact-io merge}
 * ({@link ShardedValidation#merge}, {@link ManifestMerge}, {@link ShardedHash#merge}), which logs, writes the reports
 * and decides as the command line does.
 *
 * <p>The executors read the files at the paths the driver planned: on a cluster, a file system every executor
 * mounts at the same place. A task that fails on a file (an exception out of the rule code, a file deleted or
 * unreadable since the plan) is a finding on that file, and the job goes on.
 */
public final class ArtifactChecks {
  /** Each task's unit is reported as the one shard of one: the driver's merge is a one-shard merge. */
  private static final ShardSpec ONE = new ShardSpec(0, 1);

  private ArtifactChecks() {}

  /** A unit of a plan as it travels to an executor. */
  record UnitSpec(int index, int file, String path, String axis, long from, long to, long bytes)
      implements Serializable {
    static UnitSpec of(WorkUnit u) {
      return new UnitSpec(u.index(), u.file(), u.path(), u.axis(), u.from(), u.to(), u.bytes());
    }

    WorkUnit unit() {
      return new WorkUnit(index, file, path, axis, from, to, bytes);
    }
  }

  /** What every task of a job needs besides its unit: the paths, the folder files are named from, the options. */
  record Job(List<String> paths, String root, String base, SparkOptions options) implements Serializable {
    Job {
      paths = new ArrayList<>(paths);
    }

    GateOptions gateOptions() {
      return options.gateOptions(paths, root);
    }
  }

  /** The check of one validate unit on an executor (tests put a failing one in its place). */
  @FunctionalInterface
  interface ValidateUnit extends Serializable {
    ValidatePartial check(Job job, WorkPlan plan, WorkUnit unit);
  }

  /** The rule code of {@code validate} on one unit, as a shard runs it. */
  static final ValidateUnit VALIDATE_UNIT = (job, plan, unit) -> ShardedValidation.run(job.options().validateGoal(job
      .base()), job.gateOptions(), plan, ONE, List.of(unit), job.options().invocation(), "unit " + unit.index());

  /**
   * {@code validate PATH...} as a Spark job: the files the command line selects under {@code paths}, one task per
   * file, and the verdict and reports of the command line's run.
   *
   * @throws io.github.artifactio.checks.result.ConfigurationException when misconfigured, before any file is read
   * @throws io.github.artifactio.checks.NoFilesException when nothing is selected and no file is an error
   */
  public static Verdict validate(SparkSession spark, List<String> paths, SparkOptions options) {
    return validate(spark, paths, options, VALIDATE_UNIT);
  }

  static Verdict validate(SparkSession spark, List<String> paths, SparkOptions options, ValidateUnit check) {
    Job job = job(paths, options);
    GateOptions o = job.gateOptions();
    ValidateGoal goal = options.validateGoal(job.base());
    GateLog log = options.log();
    WorkPlan plan = ShardedValidation.plan(goal, o, log);
    Broadcast<ArrayList<String[]>> files = broadcast(spark, plan.files());
    String kind = plan.kind();
    List<String> texts = unitTasks(spark, "validate", plan.units(), (Function<UnitSpec, String>) spec -> {
      WorkPlan p = WorkPlan.rowGroups(kind, planned(files.value()), job.options().splitBytes(),
          job.options().version());
      WorkUnit u = spec.unit();
      try {
        return check.check(job, p, u).toJson();
      } catch (RuntimeException e) {
        return failed(job, p, u, e).toJson();
      }
    });
    List<ValidatePartial.Unit> units = new ArrayList<>();
    long opened = 0;
    long read = 0;
    long hashed = 0;
    for (String text : texts) {
      ValidatePartial part;
      try {
        part = ValidatePartial.parse(text, "a task's partial report", plan.files());
      } catch (ValidatePartial.MalformedException e) {
        throw new IllegalStateException("a Spark task sent what is not a partial report: " + e.getMessage(), e);
      }
      if (!part.planId().equals(plan.id())) {
        throw new IllegalStateException("a Spark task checked plan " + part.planId() + ", not the driver's "
            + plan.id() + ": the executors see other files or another version of artifact-io");
      }
      units.addAll(part.units());
      opened += part.reads().filesOpened();
      read += part.reads().bytesRead();
      hashed += part.reads().bytesHashed();
    }
    ValidatePartial all = new ValidatePartial("the Spark job's tasks", plan.id(), plan.toolVersion(), plan.splitBytes(),
        plan.files(),
        ONE, o.root().toString(), Gate.configuration(goal, o), options.invocation(), List.of(), units,
        new ValidatePartial.Reads(opened, read, hashed));
    List<String> refusals = ShardedValidation.refusals(List.of(all));
    if (!refusals.isEmpty()) {
      throw new IllegalStateException("the Spark tasks' results do not make the plan's: " + refusals);
    }
    return ShardedValidation.merge(goal, o, List.of(all), log);
  }

  /** A validate unit whose task failed: a structure finding on its file, naming the failure. */
  private static ValidatePartial failed(Job job, WorkPlan plan, WorkUnit u, RuntimeException e) {
    GateOptions o = job.gateOptions();
    String shown = ParquetValidator.display(o.root(), Path.of(u.path()));
    Finding f = new Finding("structure", Severity.ERROR, shown, null, null, null, 1,
        "the Spark task checking it failed: " + e);
    RuleResult r = RuleResult.of(shown, "structure", Severity.ERROR, "task failed", List.of(f));
    return new ValidatePartial("unit " + u.index(), plan.id(), plan.toolVersion(), plan.splitBytes(), plan.files(), ONE,
        o.root()
            .toString(),
        Gate.configuration(job.options().validateGoal(job.base()), o), job.options().invocation(),
        List
            .of(),
        List.of(new ValidatePartial.Unit(u, shown, List.of(r))), new ValidatePartial.Reads(0, 0, 0));
  }

  /** A verify-manifest unit as it travels: its manifest (by index), record (or -1) and range. */
  record ManifestUnit(int index, String display, int manifest, int record, long size, long mtimeNanos, boolean stamped,
      long from,
      long to, boolean first, boolean last, long bytes) implements Serializable {}

  /**
   * {@code verify-manifest DIR...} as a Spark job: one task per manifest's own checks, per record, and per range of a
   * record file larger than the split size; the verdict and reports of the command line's run.
   *
   * @throws io.github.artifactio.checks.result.ConfigurationException when misconfigured, before any file is read
   * @throws io.github.artifactio.checks.NoFilesException when no manifest is selected
   */
  public static Verdict verifyManifest(SparkSession spark, List<String> paths, SparkOptions options) {
    return verifyManifest(spark, paths, options, MANIFEST_UNIT);
  }

  /** The check of one verify-manifest unit on an executor, as JSON (tests put a failing one in its place). */
  @FunctionalInterface
  interface ManifestUnitCheck extends Serializable {
    String check(Job job, String manifest, ManifestUnit unit) throws IOException;
  }

  /**
   * The check of one verify-manifest unit as a shard checks it, on the task's thread: the manifest read again here,
   * the unit's record found in it by its index.
   */
  static final ManifestUnitCheck MANIFEST_UNIT = (job, manifest, s) -> {
    ManifestVerifier v = job.options().manifestGoal().verifier(job.gateOptions(), null);
    ManifestVerifier.ManifestRead read = v.read(Path.of(job.root()), Path.of(manifest));
    ManifestVerifier.RecordRead record = s.record() < 0 ? null : read.records().get(s.record());
    ManifestShards.Unit u = new ManifestShards.Unit(s.index(), read, record, s.stamped() ? new FileStamp(s.size(), s
        .mtimeNanos()) : null, s.from(), s.to(), s.first(), s.last(), s.bytes());
    return ManifestShards.JSON.writeValueAsString(ManifestShards.unit(v, u, EngineContext.serial()));
  };

  static Verdict verifyManifest(SparkSession spark, List<String> paths, SparkOptions options,
      ManifestUnitCheck check) {
    Job job = job(paths, options);
    GateOptions o = job.gateOptions();
    ManifestGoal goal = options.manifestGoal();
    String includes = o.includes() != null ? o.includes() : goal.defaultIncludes();
    ManifestVerifier verifier = goal.verifier(o, null);
    List<Path> manifests = ManifestShards.select(o, includes);
    Map<String, List<String>> described = new LinkedHashMap<>();
    List<String> inv = options.invocation();
    for (int i = 0; i < inv.size(); i += 2) {
      described.computeIfAbsent(inv.get(i), k -> new ArrayList<>()).add(inv.get(i + 1));
    }
    ManifestShards.Command command = new ManifestShards.Command(described, paths);
    ManifestShards.Plan plan = ManifestShards.plan(verifier, o.root(), manifests, options.splitBytes(), command,
        options.version(), 1);
    List<ManifestUnit> specs = new ArrayList<>();
    for (ManifestShards.Unit u : plan.units()) {
      int m = plan.manifests().indexOf(u.manifest());
      int r = u.record() == null ? -1 : u.manifest().records().indexOf(u.record());
      String display = u.record() == null ? u.manifest().display() : u.record().display();
      specs.add(
          new ManifestUnit(u.index(), display, m, r, u.stamp() == null ? 0 : u.stamp().size(), u.stamp() == null ? 0
              : u.stamp().mtimeNanos(), u.stamp() != null, u.from(), u.to(), u.first(), u.last(), u.bytes()));
    }
    ArrayList<String> manifestPaths = new ArrayList<>(manifests.stream().map(Path::toString).toList());
    List<String> texts = tasks(spark, "verify-manifest", specs, (Function<ManifestUnit, String>) s -> {
      try {
        return check.check(job, manifestPaths.get(s.manifest()), s);
      } catch (RuntimeException | IOException e) {
        return failedManifestUnit(s, e);
      }
    });
    List<ObjectNode> written = new ArrayList<>();
    for (String text : texts) {
      try {
        written.add((ObjectNode) ManifestShards.JSON.readTree(text));
      } catch (IOException e) {
        throw new IllegalStateException("a Spark task sent what is not JSON: " + e.getMessage(), e);
      }
    }
    ObjectNode report = ManifestShards.report(plan, options.version(), options.splitBytes(), command, ONE, plan
        .units(), written);
    List<String> refusals = ManifestMerge.refusals(List.of(ManifestMerge.header(null, "the Spark job", report)));
    if (!refusals.isEmpty()) {
      throw new IllegalStateException("the Spark tasks' results do not make the plan's: " + refusals);
    }
    return Gate.run(ManifestMerge.goal(goal, List.of(() -> report)), o, options.log(), List.of());
  }

  /**
   * A verify-manifest unit whose task failed: for a manifest's own unit, a manifest-json finding on it; for a record's
   * unit, its range's error, which the merge turns into the record's manifest-hash finding (the first unit of a record
   * also carries no checks but that one).
   */
  private static String failedManifestUnit(ManifestUnit s, Exception e) {
    String why = "the Spark task checking it failed: " + e;
    ObjectNode o = ManifestShards.JSON.createObjectNode();
    o.put("unit", s.index());
    o.put("from", s.from());
    o.put("to", s.to());
    o.put("bytes", s.bytes());
    String shown = s.display();
    if (s.record() < 0) {
      o.put("manifest", shown);
      RuleResult r = RuleResult.of(shown, "manifest-json", Severity.ERROR, "task failed", List.of(new Finding(
          "manifest-json", Severity.ERROR, shown, null, null, null, 1, why)));
      o.putArray("results").add(Reports.json(r));
      return o.toString();
    }
    o.put("record", shown);
    o.put("last", s.last());
    if (s.first()) {
      ObjectNode c = o.putObject("checks");
      c.putArray("results");
      c.put("hash_at", 0);
      c.put("report_at", -1);
      c.putNull("recorded_hash");
      c.putNull("path_text");
      c.putNull("sidecar_hash");
      c.putNull("rows_problem");
      c.putNull("schema_problem");
      c.put("opened", 0);
      c.put("hash_severity", Severity.ERROR.name());
      c.putNull("report_severity");
    }
    o.put("error", why);
    return o.toString();
  }

  /**
   * {@code hash FILE...} as a Spark job: one task per file, and per range of a file larger than the split size; each
   * file's digest by its path, once, in the order {@code paths} first name them, or the errors that left a file
   * without one.
   */
  public static ShardedHash.Merged hash(SparkSession spark, List<String> paths, SparkOptions options) {
    return hash(spark, paths, options, HASH_UNIT);
  }

  /** The hashing of one unit on an executor (tests put a failing one in its place). */
  @FunctionalInterface
  interface HashUnit extends Serializable {
    HashPartial.UnitResult hash(WorkPlan plan, WorkUnit unit);
  }

  /** The hashing of one unit as a shard hashes it, on the task's thread. */
  static final HashUnit HASH_UNIT = (plan, unit) -> ShardedHash.unit(plan, unit, EngineContext.serial());

  static ShardedHash.Merged hash(SparkSession spark, List<String> paths, SparkOptions options, HashUnit hashing) {
    WorkPlan plan = WorkPlan.hashPaths(paths, options.splitBytes(), options.version());
    Broadcast<ArrayList<String[]>> files = broadcast(spark, plan.files());
    long split = options.splitBytes();
    String version = options.version();
    List<String> texts = unitTasks(spark, "hash", plan.units(), (Function<UnitSpec, String>) spec -> {
      WorkPlan p = WorkPlan.hashFiles(planned(files.value()), split, version);
      WorkUnit u = spec.unit();
      try {
        return HashPartial.unitJson(hashing.hash(p, u));
      } catch (RuntimeException e) {
        return HashPartial.unitJson(new HashPartial.UnitResult(u, Optional.empty(), Optional.of(u.path()
            + ": the Spark task hashing it failed: " + e)));
      }
    });
    List<HashPartial.UnitResult> results = new ArrayList<>();
    for (String text : texts) {
      try {
        results.add(HashPartial.unitResult(text, plan.files(), "a task's result"));
      } catch (HashPartial.MalformedException e) {
        throw new IllegalStateException("a Spark task sent what is not a unit's result: " + e.getMessage(), e);
      }
    }
    HashPartial all = HashPartial.of(plan, ONE, results);
    List<String> refusals = ShardedHash.refusals(List.of(all));
    if (!refusals.isEmpty()) {
      throw new IllegalStateException("the Spark tasks' results do not make the plan's: " + refusals);
    }
    return ShardedHash.merge(List.of(all));
  }

  private static Job job(List<String> paths, SparkOptions options) {
    return new Job(paths, SparkOptions.root(paths).toString(), Path.of("").toAbsolutePath().toString(), options);
  }

  /** The plan's files as they travel to every executor once: path, size and modification time. */
  private static Broadcast<ArrayList<String[]>> broadcast(SparkSession spark, List<PlannedFile> files) {
    ArrayList<String[]> out = new ArrayList<>();
    for (PlannedFile f : files) {
      // the row groups' bytes travel too: a validate plan cuts a large file into ranges by them
      out.add(new String[] {f.path(), Long.toString(f.stamp().size()), Long.toString(f.stamp().mtimeNanos()),
        String.join(",", f.rowGroupBytes().stream().map(String::valueOf).toList())});
    }
    return JavaSparkContext.fromSparkContext(spark.sparkContext()).broadcast(out);
  }

  private static List<PlannedFile> planned(List<String[]> files) {
    List<PlannedFile> out = new ArrayList<>(files.size());
    for (String[] f : files) {
      List<Long> groups = f[3].isEmpty() ? List.of() : Arrays.stream(f[3].split(",")).map(Long::valueOf).toList();
      out.add(new PlannedFile(f[0], new FileStamp(Long.parseLong(f[1]), Long.parseLong(f[2])), groups));
    }
    return out;
  }

  private static List<String> unitTasks(SparkSession spark, String what, List<WorkUnit> units,
      Function<UnitSpec, String> task) {
    return tasks(spark, what, new ArrayList<>(units.stream().map(UnitSpec::of).toList()), task);
  }

  /**
   * One task per element, one partition each, run on the executors; their texts in the elements' order (Spark
   * slices a collection of n elements into n partitions of one, in order, and collects partitions in order).
   */
  private static <T> List<String> tasks(SparkSession spark, String what, List<T> elements, Function<T, String> task) {
    if (elements.isEmpty()) {
      return List.of();
    }
    JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
    jsc.setJobDescription("artifact-io " + what + ": " + elements.size() + " units");
    try {
      return jsc.parallelize(elements, elements.size()).map(task).collect();
    } finally {
      jsc.setJobDescription(null);
    }
  }

}
