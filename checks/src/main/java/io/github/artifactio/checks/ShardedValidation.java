package io.github.artifactio.checks;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.artifactio.checks.result.ConfigurationException;
import io.github.artifactio.checks.report.ResultSpool;
import io.github.artifactio.checks.result.Finding;
import io.github.artifactio.checks.result.Outcome;
import io.github.artifactio.checks.result.RuleResult;
import io.github.artifactio.checks.result.Severity;
import io.github.artifactio.checks.rules.ReadAccounting;
import io.github.artifactio.engine.ArtifactException;
import io.github.artifactio.engine.EngineContext;
import io.github.artifactio.engine.hash.FileStamp;
import io.github.artifactio.engine.plan.PlanSummary;
import io.github.artifactio.engine.plan.PlannedFile;
import io.github.artifactio.engine.plan.ShardClaim;
import io.github.artifactio.engine.plan.ShardSpec;
import io.github.artifactio.engine.plan.UnitsDigest;
import io.github.artifactio.engine.plan.WorkPlan;
import io.github.artifactio.engine.plan.WorkUnit;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Runs one shard of {@code validate} ({@link #run}) and joins the shards' partials into the unsharded run's verdict
 * and reports ({@link #merge}), refusing, with what is wrong named, a set that is not every shard of one plan and one
 * configuration ({@link #refusals}). See the package comment for why the join is exact.
 */
public final class ShardedValidation {
  private ShardedValidation() {}

  /**
   * Selects the files as {@code validate} would, plans them as whole-file units and checks the units of
   * {@code shard}. A file whose size or modification time is not the plan's after it was checked gets a
   * {@code structure} finding instead of the results of what may be another file.
   *
   * @param invocation what the front end needs to rebuild its options at merge
   */
  public static ValidatePartial run(ValidateGoal goal, GateOptions o, ShardSpec shard, List<String> invocation,
      GateLog log, String name) {
    // the selection's warnings (a link back to a folder, no file where none is an error) are the run's, not the
    // shard's: the partial keeps them for the merge to say where the unsharded run says them
    List<String> warnings = new ArrayList<>();
    WorkPlan plan = plan(goal, o, new GateLog() {
      @Override
      public void info(String line) {
        log.info(line);
      }

      @Override
      public void warn(String line) {
        warnings.add(line);
      }

      @Override
      public void error(String line) {
        log.error(line);
      }
    });
    ValidatePartial p = run(goal, o, plan, shard, invocation, name);
    return new ValidatePartial(p.name(), p.planId(), p.toolVersion(), p.splitBytes(), p.files(), p.shard(),
        p.directory(),
        p.configuration(), p.invocation(), warnings, p.units(), p.reads());
  }

  /**
   * The plan of the files {@code validate} selects under {@code o}, stamped now: one whole-file unit per file, and a
   * unit per range of row groups of a file past the split size (its footer read now for its row groups' bytes).
   */
  public static WorkPlan plan(ValidateGoal goal, GateOptions o, GateLog log) {
    List<PlannedFile> planned = new ArrayList<>();
    for (Path p : Gate.select(goal, o, log)) {
      planned.add(ParquetValidator.plannedFile(p, o.splitBytes()));
    }
    return WorkPlan.rowGroups(ValidatePartial.KIND, planned, o.splitBytes(), o.version());
  }

  /**
   * Checks shard {@code shard} of a plan made before: its files may have changed since. Whole files are checked as
   * {@code validate} checks them; ranges of row groups give the rule parts the merge joins ({@link
   * ParquetValidator#runRange}), on the same threads.
   */
  public static ValidatePartial run(ValidateGoal goal, GateOptions o, WorkPlan plan, ShardSpec shard,
      List<String> invocation, String name) {
    return run(goal, o, plan, shard, plan.units(shard), invocation, name);
  }

  /**
   * Checks {@code units} of a plan made before, as the partial of {@code shard}: a Spark task checks one unit, which
   * its driver merges with the others' as one shard's.
   */
  public static ValidatePartial run(ValidateGoal goal, GateOptions o, WorkPlan plan, ShardSpec shard,
      List<WorkUnit> units, List<String> invocation, String name) {
    List<Path> all = plan.files().stream().map(f -> Path.of(f.path())).toList();
    List<PlannedFile> planned = plan.files();
    List<Path> mine = units.stream().filter(u -> !isRange(u)).map(u -> all.get(u.file())).toList();
    List<WorkUnit> ranges = units.stream().filter(ShardedValidation::isRange).toList();
    ParquetValidator validator = new ParquetValidator(goal.plan(o), null, o.version(), o.splitBytes());
    ReadAccounting rangeReads = new ReadAccounting();
    int n = o.threads() == 0 ? Runtime.getRuntime().availableProcessors() : o.threads();
    Outcome outcome;
    List<List<RulePart>> rangeParts;
    try (EngineContext context = n > 1 ? EngineContext.create("artifact-io", n - 1) : EngineContext.serial()) {
      outcome = goal.checkPart(o.root(), all, mine, o, context);
      rangeParts = context.map(ranges, u -> validator.runRange(all.get(u.file()),
          ParquetValidator.display(o.root(), all.get(u.file())), (int) u.from(), (int) u.to(), rangeReads));
    }
    Map<String, List<RuleResult>> byFile = new LinkedHashMap<>();
    for (RuleResult r : outcome.results()) {
      byFile.computeIfAbsent(r.file(), k -> new ArrayList<>()).add(r);
    }
    List<ValidatePartial.Unit> out = new ArrayList<>();
    int range = 0;
    for (WorkUnit u : units) {
      Path file = all.get(u.file());
      String shown = ParquetValidator.display(o.root(), file);
      List<RuleResult> results = isRange(u) ? List.of() : byFile.getOrDefault(shown, List.of());
      List<RulePart> parts = isRange(u) ? rangeParts.get(range++) : List.of();
      FileStamp before = planned.get(u.file()).stamp();
      FileStamp now = stampOrMissing(file);
      if (!now.equals(before)) {
        Finding f = new Finding("structure", Severity.ERROR, shown, null, null, null, 1,
            "the file changed while the shard checked it: planned as " + before + ", now " + now
                + "; check it again");
        results = List.of(RuleResult.of(shown, "structure", Severity.ERROR, "changed while checked", List.of(f)));
        parts = List.of();
      }
      out.add(new ValidatePartial.Unit(u, shown, results, parts));
    }
    return new ValidatePartial(name, plan.id(), plan.toolVersion(), plan.splitBytes(), plan.files(), shard,
        o.root().toString(), Gate.configuration(goal, o), invocation, List.of(), out,
        new ValidatePartial.Reads(outcome.filesOpened() + rangeReads.filesOpened(),
            outcome.bytesRead() + rangeReads.bytesRead(), outcome.bytesHashed() + rangeReads.bytesHashed()));
  }

  private static boolean isRange(WorkUnit u) {
    return u.axis().equals(WorkPlan.ROW_GROUPS);
  }

  private static FileStamp stampOrMissing(Path p) {
    try {
      return FileStamp.of(p);
    } catch (ArtifactException e) {
      return new FileStamp(-1, -1); // gone: a stamp no file has, so the check below names it changed
    }
  }

  /**
   * The verdict and reports of the unsharded run, from every shard's partial held whole (check {@link #refusals}
   * first), through {@link Gate#finish(Goal, GateOptions, Outcome, GateLog, List)}: the verdict's run holds every
   * result, as a Spark driver that prints the JSON report needs; see {@link #merge(ValidateGoal, GateOptions, List,
   * GateLog, Writer)} for the merge that holds none.
   *
   * @throws ConfigurationException when {@code o} and {@code goal} are not configured as the shards were
   */
  public static Verdict merge(ValidateGoal goal, GateOptions o, List<ValidatePartial> partials, GateLog log) {
    String differs = configDifference(partials.get(0).configuration(), Gate.configuration(goal, o));
    if (differs != null) {
      throw new ConfigurationException("the merge's configuration is not the one its shards ran with (a file it"
          + " names changed since?): " + differs);
    }
    partials.get(0).warnings().forEach(log::warn);
    List<ValidatePartial.Unit> units = new ArrayList<>();
    long opened = 0;
    long read = 0;
    long hashed = 0;
    for (ValidatePartial p : partials) {
      units.addAll(p.units());
      opened += p.reads().filesOpened();
      read += p.reads().bytesRead();
      hashed += p.reads().bytesHashed();
    }
    units.sort((a, b) -> Integer.compare(a.unit().index(), b.unit().index()));
    List<RuleResult> results = new ArrayList<>();
    Joined joined = new Joined(new ParquetValidator(goal.plan(o), null, o.version(), o.splitBytes()), results::add);
    try {
      for (ValidatePartial.Unit u : units) {
        joined.add(u);
      }
      joined.flush();
    } catch (IOException e) {
      throw new IllegalStateException("results gathered in a list are not written", e);
    }
    List<String> files = partials.get(0).files().stream()
        .map(f -> ParquetValidator.display(o.root(), Path.of(f.path()))).toList();
    Outcome outcome = new Outcome(ValidatePartial.KIND, files, results, 0, opened, read, hashed);
    return Gate.finish(goal, o, outcome, log, List.of());
  }

  /**
   * The verdict and reports of the unsharded run, from every shard's partial (check {@link #refusals} first): the
   * units' results in plan order, the shards' reads added, then the gate's suppressions, log, reports and verdict
   * ({@link Gate#finish(Goal, GateOptions, Gate.Results, long, long, long, long, GateLog, Writer)}).
   *
   * <p>Memory: the partials are read one at a time in shard order, and each twice, their units streamed: what is
   * held is the partials' heads, the results with a finding (or a suppressed one, or undecided), and the range parts
   * of the one file whose ranges are not all read yet; the per-file results go to the log and reports as they come.
   *
   * @param json where {@code validation.json} is written besides the report folder, or null
   * @throws ConfigurationException when {@code o} and {@code goal} are not configured as the shards were
   */
  public static Verdict merge(ValidateGoal goal, GateOptions o, List<ValidatePartial.Source> partials, GateLog log,
      Writer json) throws IOException, ValidatePartial.MalformedException {
    ValidatePartial.Head first = partials.get(0).head();
    // the merge judges by its own options (suppressions, thresholds): they must still be the ones the shards recorded
    String differs = configDifference(first.configuration(), Gate.configuration(goal, o));
    if (differs != null) {
      throw new ConfigurationException("the merge's configuration is not the one its shards ran with (a file it"
          + " names changed since?): " + differs);
    }
    first.warnings().forEach(log::warn);
    // shards are contiguous runs of units in plan order, and each partial lists its shard's units in order
    List<ValidatePartial.Source> ordered = partials.stream()
        .sorted(Comparator.comparingInt(p -> p.head().shard().index())).toList();
    long opened = 0;
    long read = 0;
    long hashed = 0;
    for (ValidatePartial.Source p : ordered) {
      opened += p.head().reads().filesOpened();
      read += p.head().reads().bytesRead();
      hashed += p.head().reads().bytesHashed();
    }
    ParquetValidator validator = new ParquetValidator(goal.plan(o), null, o.version(), o.splitBytes());
    int n = o.threads() == 0 ? Runtime.getRuntime().availableProcessors() : o.threads();
    try (EngineContext context = n > 1 ? EngineContext.create("artifact-io-merge", n - 1) : EngineContext.serial();
        ResultSpool spool = ResultSpool.create()) {
      Gate.Results results = new Spooled(spool, context, n > 1, each -> {
        Joined joined = new Joined(validator, each);
        try {
          inBatches(context, ordered, ShardedValidation::units, units -> {
            for (ValidatePartial.Unit u : units) {
              joined.add(u);
            }
          });
        } catch (ValidatePartial.MalformedException e) {
          // refusals read every unit before: the partial changed since
          throw new IOException(e.getMessage(), e);
        }
        joined.flush();
      });
      return Gate.finish(goal, o, results, first.fileCount(), opened, read, hashed, log, json);
    }
  }

  /**
   * Results parsed from the partials once, on the first walk, and kept in a spool as they pass; every later walk
   * reads the spool, and a walk for several sinks reads it once for each on the context's threads. Parsing the
   * partials' JSON was twice the work of writing the reports (a merge walks twice: to count, then to write), and the
   * reports were written one after the other on one thread.
   */
  static final class Spooled implements Gate.Results {
    private final ResultSpool spool;
    private final EngineContext context;
    /** Whether the context has a thread besides the caller's: two writers then run at once. */
    private final boolean parallel;
    private final Gate.Results parsed;

    Spooled(ResultSpool spool, EngineContext context, boolean parallel, Gate.Results parsed) {
      this.spool = spool;
      this.context = context;
      this.parallel = parallel;
      this.parsed = parsed;
    }

    @Override
    public void walk(Gate.ResultSink each) throws IOException {
      if (spool.written()) {
        spool.read(each::accept);
        return;
      }
      try (ResultSpool.Writer w = spool.writer()) {
        parsed.walk(r -> {
          w.write(r);
          each.accept(r);
        });
      }
    }

    @Override
    public void walk(List<Gate.ResultSink> sinks) throws IOException {
      if (!spool.written() || sinks.size() != 2 || !parallel) {
        Gate.Results.super.walk(sinks);
        return;
      }
      // the spool decoded once, by the thread of the first sink, which hands each batch of results to the second
      // sink's thread: decoding it once for each took a sixth of the writing
      ArrayBlockingQueue<List<RuleResult>> handed = new ArrayBlockingQueue<>(HANDED_BATCHES);
      AtomicBoolean failed = new AtomicBoolean();
      try {
        context.map(List.of(0, 1), task -> {
          try {
            if (task == 0) {
              decodeAndHand(sinks.get(0), handed, failed);
            } else {
              takeHanded(sinks.get(1), handed, failed);
            }
            return null;
          } catch (IOException e) {
            failed.set(true);
            throw new UncheckedIOException(e);
          } catch (RuntimeException | Error e) {
            failed.set(true);
            throw e;
          }
        });
      } catch (UncheckedIOException e) {
        throw e.getCause();
      }
    }

    private void decodeAndHand(Gate.ResultSink own, ArrayBlockingQueue<List<RuleResult>> handed,
        AtomicBoolean failed) throws IOException {
      var pending = new Object() {
        List<RuleResult> batch = new ArrayList<>(HANDED_RESULTS);
      };
      try {
        spool.read(r -> {
          own.accept(r);
          pending.batch.add(r);
          if (pending.batch.size() == HANDED_RESULTS) {
            hand(pending.batch, handed, failed);
            pending.batch = new ArrayList<>(HANDED_RESULTS);
          }
        });
        hand(pending.batch, handed, failed);
        hand(END, handed, failed);
      } catch (Abandoned e) {
        // the other writer failed: its failure is the one the walk throws
      }
    }

    /** Hands a batch to the other writer, unless it failed (then {@link Abandoned}). */
    private static void hand(List<RuleResult> batch, ArrayBlockingQueue<List<RuleResult>> handed, AtomicBoolean failed)
        throws IOException {
      try {
        while (!handed.offer(batch, 50, TimeUnit.MILLISECONDS)) {
          if (failed.get()) {
            throw new Abandoned();
          }
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IOException("interrupted while writing the reports", e);
      }
    }

    private static void takeHanded(Gate.ResultSink sink, ArrayBlockingQueue<List<RuleResult>> handed,
        AtomicBoolean failed) throws IOException {
      try {
        while (true) {
          List<RuleResult> batch = handed.poll(50, TimeUnit.MILLISECONDS);
          if (batch == END) {
            return;
          }
          if (batch == null) {
            if (failed.get()) {
              return; // the decoding writer failed: its failure is the one the walk throws
            }
            continue;
          }
          for (RuleResult r : batch) {
            sink.accept(r);
          }
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IOException("interrupted while writing the reports", e);
      }
    }
  }

  /** The other writer of a handed walk failed: this one stops without a failure of its own. */
  private static final class Abandoned extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Abandoned() {
      super(null, null, false, false);
    }
  }

  /** Results a batch handed from the decoding thread to the other writer holds, and how many batches may wait. */
  private static final int HANDED_RESULTS = 2048;
  private static final int HANDED_BATCHES = 8;
  /** The batch after the last. */
  private static final List<RuleResult> END = new ArrayList<>(0);

  private static List<ValidatePartial.Unit> units(ValidatePartial.Source s)
      throws IOException, ValidatePartial.MalformedException {
    List<ValidatePartial.Unit> units = new ArrayList<>();
    s.units(units::add);
    return units;
  }

  /** Reads a partial (its units, or which units it holds). */
  @FunctionalInterface
  private interface Read<T> {
    T read(ValidatePartial.Source s) throws IOException, ValidatePartial.MalformedException;
  }

  /** Takes what was read of a partial. */
  @FunctionalInterface
  private interface Use<T> {
    void use(T read) throws IOException, ValidatePartial.MalformedException;
  }

  /** A checked exception of a read, carried out of the context's tasks. */
  private static final class ReadFailure extends RuntimeException {
    private static final long serialVersionUID = 1L;

    ReadFailure(Exception cause) {
      super(cause);
    }
  }

  /** How many partials are read at once: what is held of them, at most, besides what the merge keeps. */
  private static final int BATCH = 16;

  /**
   * Reads {@code sources} {@value #BATCH} at a time on the context's threads and hands what was read of each on in
   * their order: parsing the partials is most of a merge's work, and a batch bounds what is held.
   */
  private static <T> void inBatches(EngineContext context, List<ValidatePartial.Source> sources, Read<T> read,
      Use<T> use) throws IOException, ValidatePartial.MalformedException {
    for (int from = 0; from < sources.size(); from += BATCH) {
      List<T> batch;
      try {
        batch = context.map(sources.subList(from, Math.min(sources.size(), from + BATCH)), s -> {
          try {
            return read.read(s);
          } catch (IOException | ValidatePartial.MalformedException e) {
            throw new ReadFailure(e);
          }
        });
      } catch (ReadFailure e) {
        if (e.getCause() instanceof IOException io) {
          throw io;
        }
        throw (ValidatePartial.MalformedException) e.getCause();
      }
      for (T t : batch) {
        use.use(t);
      }
    }
  }

  /**
   * The results of units in plan order, as a file checked whole gives them: a whole file's as they are, a file's
   * ranges (consecutive units, perhaps of two partials) joined when its last range is read.
   */
  private static final class Joined {
    private final ParquetValidator validator;
    private final Gate.ResultSink out;
    private ValidatePartial.Unit ranged;
    private List<RuleResult> changed;
    private final List<List<RulePart>> parts = new ArrayList<>();

    Joined(ParquetValidator validator, Gate.ResultSink out) {
      this.validator = validator;
      this.out = out;
    }

    void add(ValidatePartial.Unit u) throws IOException {
      if (ranged != null && (!isRange(u.unit()) || u.unit().file() != ranged.unit().file())) {
        flush();
      }
      if (!isRange(u.unit())) {
        for (RuleResult r : u.results()) {
          out.accept(r);
        }
        return;
      }
      if (ranged == null) {
        ranged = u;
      }
      // a range that changed while checked speaks for the file
      if (changed == null && !u.results().isEmpty()) {
        changed = u.results();
      }
      parts.add(u.parts());
    }

    void flush() throws IOException {
      if (ranged == null) {
        return;
      }
      for (RuleResult r : changed != null ? changed : validator.mergeRanges(ranged.file(), parts)) {
        out.accept(r);
      }
      ranged = null;
      changed = null;
      parts.clear();
    }
  }

  private static List<ValidatePartial.Source> sources(List<ValidatePartial> partials) {
    return partials.stream().map(ValidatePartial::source).toList();
  }

  /**
   * Why {@code partials}, held whole, cannot be merged: see {@link #refusals(List)}. Empty when they merge.
   */
  public static List<String> refusals(List<ValidatePartial> partials) {
    try {
      return refusalsOf(sources(partials));
    } catch (IOException | ValidatePartial.MalformedException e) {
      throw new IllegalStateException("partials held whole are read without reading a file", e);
    }
  }

  /**
   * Why {@code partials} cannot be merged: partials of different plans or configurations (the first difference, and
   * nothing else), else every shard missing (with the units it held) or given twice, and partials whose units are
   * not their shard's. Empty when they merge. Reads which units each partial holds (not their results), keeping a
   * digest of them, and streams the plan's files once into a {@link PlanSummary}; it reads the plan's files whole, and
   * the partials' units again, only to name what is wrong (and the files of a second plan, to name a file that
   * differs).
   *
   * @throws ValidatePartial.MalformedException naming a partial that is not one, or a unit that names a file its
   *     plan does not hold
   */
  public static List<String> refusalsOf(List<ValidatePartial.Source> partials)
      throws IOException, ValidatePartial.MalformedException {
    ValidatePartial.Source first = partials.get(0);
    ValidatePartial.Head head = first.head();
    List<List<PlannedFile>> firstFiles = new ArrayList<>(1);
    for (ValidatePartial.Source p : partials) {
      String differs = difference(head, firstFiles, first, p);
      if (differs != null) {
        return List.of("partial reports of different runs: " + differs);
      }
    }
    // the plan summarised (its file streamed, its id checked, its shards' digests made) on one thread while the other
    // reads the units each partial claims, keeping their digest: a merge of 100,000 files spent a fifth of its time
    // here with one thread idle, and held the plan (300 bytes a file)
    int n = Runtime.getRuntime().availableProcessors();
    Planned planned;
    Claims claims;
    try (EngineContext context = n > 1 ? EngineContext.create("artifact-io-merge", n - 1) : EngineContext.serial()) {
      List<Object> done = context.map(List.of(0, 1), task -> {
        try {
          return task == 0 ? planned(first, head) : claims(partials);
        } catch (IOException | ValidatePartial.MalformedException e) {
          throw new ReadFailure(e);
        }
      });
      planned = (Planned) done.get(0);
      claims = (Claims) done.get(1);
    } catch (ReadFailure e) {
      if (e.getCause() instanceof IOException io) {
        throw io;
      }
      throw (ValidatePartial.MalformedException) e.getCause();
    }
    if (planned.refusal() != null) {
      return List.of(planned.refusal());
    }
    if (claims.failure() != null) {
      if (claims.failure() instanceof IOException io) {
        throw io;
      }
      throw (ValidatePartial.MalformedException) claims.failure();
    }
    if (whole(partials, planned.digests(), claims.digests())) {
      return List.of();
    }
    // something is amiss: the plan held whole, to name it
    return heldRefusals(partials, head, filesOf(firstFiles, first));
  }

  /** Whether every shard is claimed once, each by a partial whose units' digest is its shard's. */
  private static boolean whole(List<ValidatePartial.Source> partials, UnitsDigest[] shards, UnitsDigest[] claims) {
    if (partials.size() != shards.length) {
      return false;
    }
    boolean[] seen = new boolean[shards.length];
    for (int k = 0; k < partials.size(); k++) {
      int index = partials.get(k).head().shard().index();
      if (index < 0 || index >= shards.length || seen[index] || !shards[index].equals(claims[k])) {
        return false;
      }
      seen[index] = true;
    }
    return true;
  }

  /**
   * The refusals of partials whose plan's id is right and whose claims are not all their shards': the plan and its
   * shards held, each partial's units read again and compared.
   */
  private static List<String> heldRefusals(List<ValidatePartial.Source> partials, ValidatePartial.Head head,
      List<PlannedFile> files) throws IOException, ValidatePartial.MalformedException {
    WorkPlan plan = head.splitBytes() > 0
        ? WorkPlan.rowGroups(ValidatePartial.KIND, files, head.splitBytes(), head.toolVersion())
        : WorkPlan.wholeFiles(ValidatePartial.KIND, files, head.toolVersion());
    List<List<WorkUnit>> shards = plan.shards(head.shard().count());
    List<ShardClaim> out = new ArrayList<>();
    for (int k = 0; k < partials.size(); k++) {
      ValidatePartial.Source p = partials.get(k);
      String name = p.head().name();
      int index = p.head().shard().index();
      boolean inPlan = index >= 0 && index < shards.size();
      List<WorkUnit> units = p.claimed();
      for (WorkUnit u : units) {
        if (u.file() < 0 || u.file() >= files.size() || !files.get(u.file()).path().equals(u.path())) {
          throw new ValidatePartial.MalformedException(name + ": unit " + u.index() + " names a file its plan"
              + " does not hold: " + u.path());
        }
      }
      // a claim of its shard's very units holds the plan's: the claims of 100,000 units are not a second plan
      out.add(new ShardClaim(p.head().shard(), name, inPlan && same(shards.get(index), units) ? shards.get(index)
          : units));
    }
    return ShardClaim.refusals(shards, out);
  }

  /** The digest of each shard's units of the plan the partials name; or why the plan file is not that plan. */
  private record Planned(UnitsDigest[] digests, String refusal) {}

  /** The digest of the units each partial claims, in their order; or what reading them threw. */
  private record Claims(UnitsDigest[] digests, Exception failure) {}

  private static Planned planned(ValidatePartial.Source first, ValidatePartial.Head head)
      throws IOException, ValidatePartial.MalformedException {
    PlanSummary plan = new PlanSummary(ValidatePartial.KIND, head.toolVersion(), head.splitBytes());
    first.files(plan::add);
    if (!plan.id().equals(head.planId())) {
      return new Planned(new UnitsDigest[0], head.name() + " does not hold the plan it names: its files make plan "
          + plan.id() + ", it says " + head.planId());
    }
    return new Planned(plan.shards(head.shard().count()), null);
  }

  private static Claims claims(List<ValidatePartial.Source> partials) {
    UnitsDigest[] digests = new UnitsDigest[partials.size()];
    try {
      for (int k = 0; k < digests.length; k++) {
        digests[k] = UnitsDigest.of(partials.get(k).claimed());
      }
      return new Claims(digests, null);
    } catch (IOException | ValidatePartial.MalformedException e) {
      return new Claims(digests, e);
    }
  }

  /** The plan's files, read once from the first partial's plan file when first needed. */
  private static List<PlannedFile> filesOf(List<List<PlannedFile>> memo, ValidatePartial.Source first)
      throws IOException, ValidatePartial.MalformedException {
    synchronized (memo) {
      if (memo.isEmpty()) {
        memo.add(first.files());
      }
      return memo.get(0);
    }
  }

  /** Whether the units are the same by what a partial writes of them: index, path, axis and range. */
  private static boolean same(List<WorkUnit> a, List<WorkUnit> b) {
    if (a.size() != b.size()) {
      return false;
    }
    for (int i = 0; i < a.size(); i++) {
      WorkUnit x = a.get(i);
      WorkUnit y = b.get(i);
      if (x.index() != y.index() || !x.path().equals(y.path()) || !x.axis().equals(y.axis()) || x.from() != y.from()
          || x.to() != y.to()) {
        return false;
      }
    }
    return true;
  }

  /**
   * What makes {@code b} a partial of another run than {@code a} (whose plan's files are {@code aFiles}), or null
   * when they are of one. Partials that name one plan hold the same files: the plan's id is the digest of their
   * paths, sizes and times, so b's files are read only when it names another.
   */
  private static String difference(ValidatePartial.Head a, List<List<PlannedFile>> aFiles,
      ValidatePartial.Source first, ValidatePartial.Source source)
      throws IOException, ValidatePartial.MalformedException {
    ValidatePartial.Head b = source.head();
    String names = a.name() + " and " + b.name();
    if (!a.toolVersion().equals(b.toolVersion())) {
      return names + " were written by versions " + a.toolVersion() + " and " + b.toolVersion();
    }
    if (a.splitBytes() != b.splitBytes()) {
      return names + " split files past " + a.splitBytes() + " and " + b.splitBytes() + " bytes";
    }
    if (a.shard().count() != b.shard().count()) {
      return names + " are shards of " + a.shard().count() + " and of " + b.shard().count();
    }
    if (!a.directory().equals(b.directory())) {
      return names + " name files relative to " + a.directory() + " and " + b.directory();
    }
    String config = configDifference(a.configuration(), b.configuration());
    if (config != null) {
      return names + " differ in their configuration: " + config;
    }
    if (!a.planId().equals(b.planId())) {
      String files = filesDifference(a, filesOf(aFiles, first), b, source.files());
      if (files != null) {
        return files;
      }
    }
    if (!a.invocation().equals(b.invocation())) {
      return names + " were run as " + a.invocation() + " and " + b.invocation();
    }
    if (!Objects.equals(a.planId(), b.planId())) {
      return names + " name plans " + a.planId() + " and " + b.planId();
    }
    return null;
  }

  /** The first file the two plans hold differently, or null. */
  private static String filesDifference(ValidatePartial.Head a, List<PlannedFile> aFiles, ValidatePartial.Head b,
      List<PlannedFile> bFiles) {
    String names = a.name() + " and " + b.name();
    Map<String, PlannedFile> inB = new LinkedHashMap<>();
    bFiles.forEach(f -> inB.put(f.path(), f));
    for (PlannedFile f : aFiles) {
      PlannedFile g = inB.get(f.path());
      if (g == null) {
        return f.path() + " is in the files of " + a.name() + ", not of " + b.name();
      }
      if (!g.stamp().equals(f.stamp())) {
        return f.path() + " changed between the plans: " + a.name() + " saw " + f.stamp() + ", " + b.name()
            + " saw " + g.stamp();
      }
    }
    Map<String, PlannedFile> inA = new LinkedHashMap<>();
    aFiles.forEach(f -> inA.put(f.path(), f));
    for (PlannedFile g : bFiles) {
      if (!inA.containsKey(g.path())) {
        return g.path() + " is in the files of " + b.name() + ", not of " + a.name();
      }
    }
    if (!aFiles.equals(bFiles)) {
      return names + " list the same files in another order";
    }
    return null;
  }

  /** The first setting the two configurations give differently: {@code "rules": null and "structure"}. */
  private static String configDifference(JsonNode a, JsonNode b) {
    List<String> keys = new ArrayList<>();
    a.fieldNames().forEachRemaining(keys::add);
    for (Iterator<String> i = b.fieldNames(); i.hasNext();) {
      String k = i.next();
      if (!keys.contains(k)) {
        keys.add(k);
      }
    }
    for (String k : keys) {
      JsonNode x = a.get(k);
      JsonNode y = b.get(k);
      if (!Objects.equals(x, y)) {
        return "\"" + k + "\": " + x + " and " + y;
      }
    }
    return null;
  }
}
