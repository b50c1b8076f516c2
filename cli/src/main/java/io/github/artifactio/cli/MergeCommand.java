package io.github.artifactio.cli;

import io.github.artifactio.checks.ValidatePartial;
import io.github.artifactio.engine.ArtifactException;
import io.github.artifactio.engine.hash.Blake3Parts;
import io.github.artifactio.engine.hash.ContentHash;
import io.github.artifactio.engine.hash.FilePart;
import io.github.artifactio.engine.plan.PlannedFile;
import io.github.artifactio.engine.plan.WorkPlan;
import io.github.artifactio.engine.plan.WorkUnit;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Stream;

/**
 * {@code merge PARTIAL...|DIR}: joins the partial reports of every shard of one plan and prints what the unsharded
 * command prints, with its exit code: for {@code hash}, b3sum's lines in the plan's file order; for
 * {@code verify-manifest}, its log, reports and verdict ({@link ManifestMerge}); for {@code validate}, what
 * {@code validate} prints and writes ({@link ValidateCommand#merge}); the reports' {@code kind} tells which. Refuses,
 * naming what is wrong, reports of two commands, a set with a missing or a duplicated shard, and reports of different
 * plans (another tool version, split size, shard count or file set, or a file seen with another size or time).
 */
final class MergeCommand implements CliCommand {
  private static final CommandDef DEF = CommandDef.command("merge",
      "Merges the partial reports that the shards of a job array wrote (hash, verify-manifest or validate --shard)"
          + " into the unsharded output.")
      .params("PARTIAL", 1, -1, "Partial reports, or folders whose *.json files are partial reports.");

  /** Units a refusal lists for a missing shard before it only counts the rest. */
  private static final int UNITS_NAMED = 10;

  @Override
  public CommandDef def() {
    return DEF;
  }

  @Override
  public int run(Parsed args, PrintWriter out, PrintWriter err) throws IOException, UsageException {
    List<Path> inputs = new ArrayList<>();
    for (String p : args.params()) {
      Path path = Path.of(p);
      if (Files.isDirectory(path)) {
        try (Stream<Path> s = Files.list(path)) {
          List<Path> found = s.filter(f -> f.getFileName().toString().endsWith(".json") && Files.isRegularFile(f))
              .sorted().toList();
          if (found.isEmpty()) {
            err.println("artifact-io merge: " + p + " holds no partial report (*.json)");
            return Main.USAGE;
          }
          inputs.addAll(found);
        }
      } else if (Files.isRegularFile(path)) {
        inputs.add(path);
      } else {
        err.println("artifact-io merge: " + p + " does not exist");
        return Main.USAGE;
      }
    }
    // the command whose shards these are decides the merge; shards of two commands are never one run (each report's
    // head only is read here)
    String kind = kind(inputs.get(0));
    for (Path p : inputs.subList(1, inputs.size())) {
      String other = kind(p);
      if (kind != null && other != null && !kind.equals(other)) {
        err.println("artifact-io merge: partial reports of different commands: " + inputs.get(0) + " is of " + kind
            + ", " + p + " of " + other);
        return Main.FAILED;
      }
    }
    if (ManifestShards.KIND.equals(kind)) {
      return ManifestMerge.run(inputs, out, err);
    }
    if (ValidatePartial.KIND.equals(kind)) {
      return new ValidateCommand().merge(inputs, out, err);
    }
    List<PartialReport> reports = new ArrayList<>();
    for (Path p : inputs) {
      try {
        reports.add(PartialReport.read(p, p.toString()));
      } catch (PartialReport.MalformedException e) {
        err.println("artifact-io merge: " + e.getMessage());
        return Main.USAGE;
      }
    }
    List<String> refusals = refusals(reports);
    if (!refusals.isEmpty()) {
      refusals.forEach(r -> err.println("artifact-io merge: " + r));
      return Main.FAILED;
    }
    return hash(reports, out, err);
  }

  /** The {@code kind} a partial report names (null when it names none): which command's merge reads the set. */
  private static String kind(Path report) throws IOException {
    try {
      return ManifestMerge.head(report).path("kind").asText(null);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      return null; // the hash merge names the report that is not JSON
    }
  }

  /** Why the set cannot be merged: different plans first (then nothing else is said), else missing or twice. */
  static List<String> refusals(List<PartialReport> reports) {
    PartialReport first = reports.get(0);
    for (PartialReport r : reports) {
      String differs = difference(first, r);
      if (differs != null) {
        return List.of("partial reports of different plans: " + differs);
      }
    }
    WorkPlan plan = WorkPlan.hashFiles(first.files(), first.splitBytes(), first.toolVersion());
    List<String> out = new ArrayList<>();
    if (!plan.id().equals(first.planId())) {
      return List.of(first.name() + " does not hold the plan it names: its files and options make plan "
          + plan.id() + ", it says " + first.planId());
    }
    int count = first.shard().count();
    List<List<WorkUnit>> shards = plan.shards(count);
    Map<Integer, PartialReport> byShard = new LinkedHashMap<>();
    for (PartialReport r : reports) {
      PartialReport before = byShard.putIfAbsent(r.shard().index(), r);
      if (before != null) {
        out.add("shard " + r.shard() + " is in two partial reports: " + before.name() + " and " + r.name());
      }
      List<WorkUnit> expected = shards.get(r.shard().index());
      List<WorkUnit> got = r.units().stream().map(PartialReport.UnitResult::unit).toList();
      if (!sameUnits(expected, got)) {
        out.add(r.name() + " holds other units than shard " + r.shard() + " of its plan: " + got + " instead of "
            + expected);
      }
    }
    for (int s = 0; s < count; s++) {
      if (!byShard.containsKey(s)) {
        List<WorkUnit> held = shards.get(s);
        out.add("shard " + s + "/" + count + " is missing; it held " + WorkUnit.named(held, UNITS_NAMED));
      }
    }
    return out;
  }

  private static boolean sameUnits(List<WorkUnit> a, List<WorkUnit> b) {
    if (a.size() != b.size()) {
      return false;
    }
    for (int i = 0; i < a.size(); i++) {
      WorkUnit x = a.get(i);
      WorkUnit y = b.get(i);
      if (x.index() != y.index() || !x.path().equals(y.path()) || x.from() != y.from() || x.to() != y.to()) {
        return false;
      }
    }
    return true;
  }

  /** What makes {@code b}'s plan another than {@code a}'s, or null when they are one plan. */
  private static String difference(PartialReport a, PartialReport b) {
    String names = a.name() + " and " + b.name();
    if (!a.kind().equals(b.kind())) {
      return names + " are of the commands " + a.kind() + " and " + b.kind();
    }
    if (!a.toolVersion().equals(b.toolVersion())) {
      return names + " were written by versions " + a.toolVersion() + " and " + b.toolVersion();
    }
    if (a.splitBytes() != b.splitBytes()) {
      return names + " split files at " + a.splitBytes() + " and " + b.splitBytes() + " bytes";
    }
    if (a.shard().count() != b.shard().count()) {
      return names + " are shards of " + a.shard().count() + " and of " + b.shard().count();
    }
    Map<String, PlannedFile> inA = byPath(a.files());
    Map<String, PlannedFile> inB = byPath(b.files());
    for (PlannedFile f : a.files()) {
      PlannedFile g = inB.get(f.path());
      if (g == null) {
        return f.path() + " is in the files of " + a.name() + ", not of " + b.name();
      }
      if (!g.stamp().equals(f.stamp())) {
        return f.path() + " changed between the plans: " + a.name() + " saw " + f.stamp() + ", " + b.name()
            + " saw " + g.stamp();
      }
    }
    for (PlannedFile g : b.files()) {
      if (!inA.containsKey(g.path())) {
        return g.path() + " is in the files of " + b.name() + ", not of " + a.name();
      }
    }
    if (!a.files().equals(b.files())) {
      return names + " list the same files in another order";
    }
    if (!Objects.equals(a.planId(), b.planId())) {
      return names + " name plans " + a.planId() + " and " + b.planId();
    }
    return null;
  }

  private static Map<String, PlannedFile> byPath(List<PlannedFile> files) {
    Map<String, PlannedFile> out = new LinkedHashMap<>();
    files.forEach(f -> out.put(f.path(), f));
    return out;
  }

  /** b3sum's lines of every file, as {@code hash} prints them; any unit's error instead, and no line at all. */
  private static int hash(List<PartialReport> reports, PrintWriter out, PrintWriter err) {
    PartialReport first = reports.get(0);
    Map<String, List<FilePart>> parts = new LinkedHashMap<>();
    first.files().forEach(f -> parts.put(f.path(), new ArrayList<>()));
    List<String> errors = new ArrayList<>();
    reports.stream().sorted((x, y) -> Integer.compare(x.shard().index(), y.shard().index()))
        .flatMap(r -> r.units().stream()).forEach(u -> {
          u.error().ifPresent(errors::add);
          u.part().ifPresent(p -> parts.get(u.unit().path()).add(p));
        });
    List<String> lines = new ArrayList<>();
    for (PlannedFile f : first.files()) {
      try {
        ContentHash digest = Blake3Parts.merge(Path.of(f.path()), parts.get(f.path()));
        lines.add(B3sumLines.format(digest.hex(), f.path()));
      } catch (ArtifactException e) {
        if (errors.stream().noneMatch(m -> m.startsWith(f.path() + ":"))) {
          errors.add(e.getMessage());
        }
      }
    }
    if (!errors.isEmpty()) {
      errors.forEach(e -> err.println("artifact-io merge: " + e));
      return Main.FAILED;
    }
    lines.forEach(out::println);
    return Main.PASS;
  }
}
