package io.github.artifactio.checks.shard;

import io.github.artifactio.engine.ArtifactException;
import io.github.artifactio.engine.EngineContext;
import io.github.artifactio.engine.hash.Blake3Parts;
import io.github.artifactio.engine.hash.ContentHash;
import io.github.artifactio.engine.hash.FilePart;
import io.github.artifactio.engine.plan.PlannedFile;
import io.github.artifactio.engine.plan.ShardClaim;
import io.github.artifactio.engine.plan.ShardSpec;
import io.github.artifactio.engine.plan.WorkPlan;
import io.github.artifactio.engine.plan.WorkUnit;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * {@code hash} split into units: a unit hashed ({@link #unit}), a shard's units hashed into a {@link HashPartial}
 * ({@link #run}), the refusals of a set of partials that is not every shard of one plan ({@link #refusals}), and
 * their merge into every file's digest in the plan's order ({@link #merge}).
 */
public final class ShardedHash {
  private ShardedHash() {}

  /**
   * Every file's digest in plan order, or the errors that left files without one (then no digest at all).
   *
   * @param digests file path to its digest, in the plan's order
   */
  public record Merged(Map<String, ContentHash> digests, List<String> errors) {}

  /** Hashes shard {@code shard} of a plan made before (the files may have changed since). */
  public static HashPartial run(WorkPlan plan, ShardSpec shard, EngineContext context) {
    // units spread over the context; a large unit spreads its spans over it too (a fan-out inside a fan-out takes
    // the threads that are free and never waits for one)
    List<HashPartial.UnitResult> results = context.map(plan.units(shard), u -> unit(plan, u, context));
    return HashPartial.of(plan, shard, results);
  }

  /** One unit hashed; a file changed since the plan, or unreadable, is the unit's error, naming the file. */
  public static HashPartial.UnitResult unit(WorkPlan plan, WorkUnit u, EngineContext context) {
    try {
      return new HashPartial.UnitResult(u, Optional.of(Blake3Parts.hash(Path.of(u.path()), plan.files().get(u.file())
          .stamp(), u.from(), u.to(), context)), Optional.empty());
    } catch (ArtifactException e) {
      return new HashPartial.UnitResult(u, Optional.empty(), Optional.of(e.getMessage()));
    }
  }

  /** Why the set cannot be merged: different plans first (then nothing else is said), else missing or twice. */
  public static List<String> refusals(List<HashPartial> reports) {
    HashPartial first = reports.get(0);
    for (HashPartial r : reports) {
      String differs = difference(first, r);
      if (differs != null) {
        return List.of("partial reports of different plans: " + differs);
      }
    }
    WorkPlan plan = WorkPlan.hashFiles(first.files(), first.splitBytes(), first.toolVersion());
    if (!plan.id().equals(first.planId())) {
      return List.of(first.name() + " does not hold the plan it names: its files and options make plan "
          + plan.id() + ", it says " + first.planId());
    }
    List<ShardClaim> claims = reports.stream().map(r -> new ShardClaim(r.shard(), r.name(),
        r.units().stream().map(HashPartial.UnitResult::unit).toList())).toList();
    return ShardClaim.refusals(plan.shards(first.shard().count()), claims);
  }

  /** What makes {@code b}'s plan another than {@code a}'s, or null when they are one plan. */
  private static String difference(HashPartial a, HashPartial b) {
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
    if (a.planId().equals(b.planId()) && a.files().equals(b.files())) {
      return null; // one plan, its files read once for the set: the same list
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

  /**
   * Every file's digest from the parts of every shard (check {@link #refusals} first), in the plan's file order; the
   * units' errors, and a file whose parts do not make its digest, instead.
   */
  public static Merged merge(List<HashPartial> reports) {
    HashPartial first = reports.get(0);
    Map<String, List<FilePart>> parts = new LinkedHashMap<>();
    first.files().forEach(f -> parts.put(f.path(), new ArrayList<>()));
    List<String> errors = new ArrayList<>();
    reports.stream().sorted((x, y) -> Integer.compare(x.shard().index(), y.shard().index()))
        .flatMap(r -> r.units().stream()).forEach(u -> {
          u.error().ifPresent(errors::add);
          u.part().ifPresent(p -> parts.get(u.unit().path()).add(p));
        });
    Map<String, ContentHash> digests = new LinkedHashMap<>();
    for (PlannedFile f : first.files()) {
      try {
        digests.put(f.path(), Blake3Parts.merge(Path.of(f.path()), parts.get(f.path())));
      } catch (ArtifactException e) {
        if (errors.stream().noneMatch(m -> m.startsWith(f.path() + ":"))) {
          errors.add(e.getMessage());
        }
      }
    }
    return new Merged(errors.isEmpty() ? digests : Map.of(), errors);
  }
}
