package io.github.artifactio.checks;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.artifactio.checks.report.FileIdentity;
import io.github.artifactio.checks.report.ResultCache;
import io.github.artifactio.checks.result.Finding;
import io.github.artifactio.checks.result.Outcome;
import io.github.artifactio.checks.result.RuleResult;
import io.github.artifactio.checks.result.Severity;
import io.github.artifactio.checks.result.Status;
import io.github.artifactio.checks.rules.BatchColumnSource;
import io.github.artifactio.checks.rules.ColumnSource;
import io.github.artifactio.checks.rules.FileContext;
import io.github.artifactio.checks.rules.RangeRule;
import io.github.artifactio.checks.rules.ReadAccounting;
import io.github.artifactio.checks.rules.ReferencesRule;
import io.github.artifactio.checks.rules.Rule;
import io.github.artifactio.checks.rules.RuleFailure;
import io.github.artifactio.engine.ArtifactException;
import io.github.artifactio.engine.EngineContext;
import io.github.artifactio.engine.FooterException;
import io.github.artifactio.engine.hash.Blake3;
import io.github.artifactio.engine.hash.FileStamp;
import io.github.artifactio.engine.layout.ColumnChunkLayout;
import io.github.artifactio.engine.layout.FileLayout;
import io.github.artifactio.engine.layout.RowGroupLayout;
import io.github.artifactio.engine.plan.PlannedFile;
import io.github.artifactio.engine.plan.WorkPlan;
import io.github.artifactio.engine.table.TableFile;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Runs a {@link ValidationPlan} over files: the files spread over the caller's {@link EngineContext} (the caller owns
 * and closes it; the calling thread checks files too), every applicable rule on each file, every finding collected.
 * With a {@link ResultCache}, a file whose identity is unchanged since a run with the same rules is answered from the
 * cache without being opened.
 *
 * <p>Without a cache, a file larger than the split size is checked in ranges of its row groups
 * ({@link WorkPlan#rowGroupRanges}), the ranges on the context's threads like files: each {@link RangeRule} gives a
 * state per range and merges them in file order, the other rules run once, on the first range
 * ({@link #runRange}, {@link #mergeRanges}). The result is the file's checked whole, to the byte; what the ranges
 * read adds up to what the whole file's check reads, its footer counted once. A file whose size or modification time
 * changed between its planning and the end of its ranges gets a {@code structure} finding saying so instead
 * ({@link #changed}). With a cache, such a file is looked up first (by its whole hash, as any file) and checked in
 * ranges only when the cache does not know it; its merged results are stored as a whole file's.
 *
 * <p>A run of fewer files than the context has workers (its threads and the calling thread) would leave workers idle
 * while one file is read: then each of its files is cut into ranges too, as many as leave every worker a part, each
 * with at least {@value #MIN_SPREAD_BYTES} bytes of the column chunks its rules read ({@link #spreadSplit}). One
 * file on two cores is checked in two ranges at once; the results are the same, as above. {@link #withoutSpreading}
 * keeps files whole up to the split size.
 */
public final class ParquetValidator {
  private final ValidationPlan plan;
  private final ResultCache cache;
  private final String pluginVersion;
  private final long splitBytes;
  private final boolean spreading;
  private final long spreadBytes;

  /**
   * The least a range of a file cut to keep workers busy holds of the column chunks its rules read (16 MiB, some
   * 10 ms of decoding): a file whose rules read less is checked whole. Below it a second range costs more than it
   * saves: a second open and footer read, the states merged, and on the 2-core benchmark machine a woken thread often
   * waited a few milliseconds behind the one that woke it (validate of an 8 MB column: no gain at the median).
   */
  public static final long MIN_SPREAD_BYTES = 16L << 20;

  /**
   * Reads and writes the states of range rules, the same way on one machine as in a shard's partial report. In a
   * holder: a run that splits no file never loads Jackson's mapper (the launcher's start-up stays lean).
   */
  private static final class States {
    static final ObjectMapper MAPPER = new ObjectMapper();
  }

  /** @param cache null for no cache: files are then never hashed */
  public ParquetValidator(ValidationPlan plan, ResultCache cache, String pluginVersion) {
    this(plan, cache, pluginVersion, WorkPlan.DEFAULT_SPLIT_BYTES);
  }

  /**
   * @param cache null for no cache: files are then never hashed
   * @param splitBytes files larger than this are checked in ranges of their row groups
   */
  public ParquetValidator(ValidationPlan plan, ResultCache cache, String pluginVersion, long splitBytes) {
    this(plan, cache, pluginVersion, splitBytes, true, MIN_SPREAD_BYTES);
  }

  private ParquetValidator(ValidationPlan plan, ResultCache cache, String pluginVersion, long splitBytes,
      boolean spreading, long spreadBytes) {
    if (splitBytes < 1) {
      throw new IllegalArgumentException("the split size must be at least 1 byte, got " + splitBytes);
    }
    this.plan = plan;
    this.cache = cache;
    this.pluginVersion = pluginVersion;
    this.splitBytes = splitBytes;
    this.spreading = spreading;
    this.spreadBytes = spreadBytes;
  }

  /**
   * This validator with files cut into ranges only past the split size, never to keep workers busy (class comment):
   * what a benchmark of one whole file on several threads measures.
   */
  public ParquetValidator withoutSpreading() {
    return new ParquetValidator(plan, cache, pluginVersion, splitBytes, false, spreadBytes);
  }

  /** With another least a range holds when cut for idle workers: tests use small ones, on small files. */
  ParquetValidator withSpreadBytes(long bytes) {
    return new ParquetValidator(plan, cache, pluginVersion, splitBytes, spreading, bytes);
  }

  /** Validates {@code files} (under {@code root}, which names them in reports), in parallel on {@code context}. */
  public Outcome validate(Path root, List<Path> files, EngineContext context) {
    return validate(root, files, context, null);
  }

  /** As {@link #validate(Path, List, EngineContext)}, telling {@code progress} (if not null) as each file is done. */
  public Outcome validate(Path root, List<Path> files, EngineContext context, Progress progress) {
    List<String> names = files.stream().map(f -> display(root, f)).toList();
    plan.requireContractsMatch(names);
    return validateOnly(root, files, context, progress);
  }

  /**
   * As {@link #validate(Path, List, EngineContext, Progress)} on a shard's {@code files}, of a run over
   * {@code allFiles}: a contract must match a file of the run, not of every shard.
   */
  public Outcome validatePart(Path root, List<Path> allFiles, List<Path> files, EngineContext context) {
    plan.requireContractsMatch(allFiles.stream().map(f -> display(root, f)).toList());
    return validateOnly(root, files, context, null);
  }

  /** A unit of one machine's run: a whole file, or a range of its row groups ({@code from} to {@code to}). */
  private record Job(int file, int from, int to, boolean range) {}

  /** What a job gave: a whole file's results, or a range's rule parts. */
  private record Done(List<RuleResult> results, List<RulePart> parts) {}

  private Outcome validateOnly(Path root, List<Path> files, EngineContext context, Progress progress) {
    List<String> names = files.stream().map(f -> display(root, f)).toList();
    ReadAccounting accounting = new ReadAccounting();
    AtomicInteger cached = new AtomicInteger();
    List<PlannedFile> planned = new ArrayList<>();
    List<List<WorkPlan.RowGroupRange>> rangesOf = new ArrayList<>();
    List<Integer> split = new ArrayList<>();
    int cuts = spreading ? cutsForIdleWorkers(names, context.threads() + 1) : 1;
    for (int i = 0; i < files.size(); i++) {
      PlannedFile p = plannedFile(files.get(i), splitBytes);
      long cut = splitBytes;
      if (cuts > 1 && p.rowGroupBytes().isEmpty() && p.stamp().size() >= 2 * spreadBytes) {
        List<Rule> rules = plan.rulesFor(names.get(i));
        FileLayout layout = rules.isEmpty() ? null : layoutOrNull(files.get(i));
        if (layout != null) {
          long size = p.stamp().size();
          cut = Math.min(splitBytes, spreadSplit(size, pageBytes(layout, rules), cuts, spreadBytes));
          if (cut < size) {
            p = new PlannedFile(files.get(i).toString(), p.stamp(), rowGroupBytes(layout));
          }
        }
      }
      planned.add(p);
      rangesOf.add(WorkPlan.rowGroupRanges(p.rowGroupBytes(), p.stamp().size(), cut));
      if (rangesOf.get(i).size() > 1 && !plan.rulesFor(names.get(i)).isEmpty()) {
        split.add(i);
      }
    }
    // a file to check in ranges asks the cache first, on the threads (it may hash the file); a hit is not checked
    CacheLookup[] lookups = new CacheLookup[files.size()];
    List<CacheLookup> answers = context.map(split, i -> lookup(files.get(i), names.get(i),
        plan.rulesFor(names.get(i)), accounting, cached));
    for (int k = 0; k < split.size(); k++) {
      lookups[split.get(k)] = answers.get(k);
    }
    List<Job> jobs = new ArrayList<>();
    for (int i = 0; i < files.size(); i++) {
      if (lookups[i] == null) {
        jobs.add(new Job(i, 0, 0, false));
      } else if (lookups[i].hit() != null) {
        jobs.add(new Job(i, 0, 0, true)); // answered: no range to check
      } else {
        for (WorkPlan.RowGroupRange r : rangesOf.get(i)) {
          jobs.add(new Job(i, r.from(), r.to(), true));
        }
      }
    }
    AtomicInteger[] left = new AtomicInteger[files.size()];
    for (Job j : jobs) {
      if (left[j.file()] == null) {
        left[j.file()] = new AtomicInteger();
      }
      left[j.file()].incrementAndGet();
    }
    AtomicInteger done = new AtomicInteger();
    List<Done> outputs = context.map(jobs, j -> {
      String name = names.get(j.file());
      CacheLookup known = lookups[j.file()];
      Done out = !j.range() ? new Done(validateOrReport(files.get(j.file()), name, accounting, cached), null)
          : known.hit() != null ? new Done(known.hit(), null)
          : new Done(null, runRange(files.get(j.file()), name, j.from(), j.to(), accounting));
      if (progress != null && left[j.file()].decrementAndGet() == 0) {
        progress.update(done.incrementAndGet(), files.size());
      }
      return out;
    });
    List<RuleResult> results = new ArrayList<>();
    for (int k = 0; k < jobs.size();) {
      Job j = jobs.get(k);
      if (!j.range() || lookups[j.file()].hit() != null) {
        results.addAll(outputs.get(k++).results());
        continue;
      }
      List<List<RulePart>> parts = new ArrayList<>();
      for (; k < jobs.size() && jobs.get(k).file() == j.file(); k++) {
        parts.add(outputs.get(k).parts());
      }
      Path file = files.get(j.file());
      String name = names.get(j.file());
      FileStamp before = planned.get(j.file()).stamp();
      FileStamp now = stampOrMissing(file);
      if (now.equals(before)) {
        List<RuleResult> merged = mergeRanges(name, parts);
        lookups[j.file()].store(cache, merged);
        results.addAll(merged);
      } else {
        results.addAll(changed(name, before, now));
      }
    }
    return new Outcome("validate", names, results, cached.get(), accounting.filesOpened(), accounting.bytesRead(),
        accounting.bytesHashed());
  }

  /**
   * Into how many ranges each file of the run is cut to keep {@code workers} busy: 1 when as many files as workers
   * have rules (files are then the parts), else enough that the files with rules give every worker one. The count
   * stops at {@code workers}, so a run of many files asks its plan for the rules of only the first few.
   */
  private int cutsForIdleWorkers(List<String> names, int workers) {
    int checked = 0;
    for (String name : names) {
      if (!plan.rulesFor(name).isEmpty() && ++checked >= workers) {
        return 1;
      }
    }
    return checked == 0 ? 1 : (workers + checked - 1) / checked;
  }

  /**
   * The split size that cuts a file of {@code size} bytes, whose rules read {@code pageBytes} of its column chunks,
   * into at most {@code parts} ranges, each with {@code least} bytes of those chunks at least; {@code size} (the
   * file whole) where that makes fewer than two.
   */
  static long spreadSplit(long size, long pageBytes, int parts, long least) {
    long k = Math.min(parts, pageBytes / least);
    return k < 2 ? size : (size + k - 1) / k;
  }

  /** The bytes of {@code layout}'s column chunks whose pages {@code rules} read ({@link Rule#readsPages}), each once. */
  static long pageBytes(FileLayout layout, List<Rule> rules) {
    long total = 0;
    for (RowGroupLayout g : layout.rowGroups()) {
      for (ColumnChunkLayout c : g.chunks()) {
        for (Rule r : rules) {
          if (r.readsPages(g, c)) {
            total += Math.max(0, c.compressedBytes());
            break;
          }
        }
      }
    }
    return total;
  }

  /** The footer of {@code file}, or null where it does not read (its check says why). */
  private static FileLayout layoutOrNull(Path file) {
    try {
      return FileLayout.read(file);
    } catch (RuntimeException | StackOverflowError | OutOfMemoryError e) {
      return null;
    }
  }

  /** Each row group's bytes: its chunks', not {@code total_compressed_size}, which writers leave out. */
  private static List<Long> rowGroupBytes(FileLayout layout) {
    List<Long> bytes = new ArrayList<>();
    for (RowGroupLayout g : layout.rowGroups()) {
      long b = 0;
      for (ColumnChunkLayout c : g.chunks()) {
        b += Math.max(0, c.compressedBytes());
      }
      bytes.add(b);
    }
    return bytes;
  }

  /**
   * {@code file} as a plan of validate holds it: its stamp, and when it is larger than {@code splitBytes}, the bytes
   * of its row groups from its footer (a file whose footer does not read is planned whole: its check says why).
   */
  public static PlannedFile plannedFile(Path file, long splitBytes) {
    FileStamp stamp = stampOrMissing(file);
    if (stamp.size() <= splitBytes) {
      return new PlannedFile(file.toString(), stamp);
    }
    try {
      return new PlannedFile(file.toString(), stamp, rowGroupBytes(FileLayout.read(file)));
    } catch (RuntimeException | StackOverflowError | OutOfMemoryError e) {
      return new PlannedFile(file.toString(), stamp);
    }
  }

  /** The stamp of {@code p} now; one no file has when it cannot be read, so that a comparison names it changed. */
  static FileStamp stampOrMissing(Path p) {
    try {
      return FileStamp.of(p);
    } catch (ArtifactException e) {
      return new FileStamp(-1, -1);
    }
  }

  /** The results of a file that changed between its planning ({@code before}) and its check: one finding saying so. */
  static List<RuleResult> changed(String shown, FileStamp before, FileStamp now) {
    Finding f = new Finding("structure", Severity.ERROR, shown, null, null, null, 1,
        "the file changed while it was checked: planned as " + before + ", now " + now + "; check it again");
    return List.of(RuleResult.of(shown, "structure", Severity.ERROR, "changed while checked", List.of(f)));
  }

  /**
   * Checks row groups {@code [from, to)} of {@code file}: a state of each range rule, and, when {@code from} is 0,
   * the result of each other rule (their file-level checks, and {@code references}, run once per file). The first
   * range counts the file's open and footer read, so that a file's ranges count what its whole check counts.
   */
  List<RulePart> runRange(Path file, String name, int from, int to, ReadAccounting accounting) {
    List<Rule> rules = plan.rulesFor(name);
    boolean owner = from == 0;
    FileContext ctx = open(file, name, rules, accounting, owner, from, to);
    TableFile table = ctx.table();
    FileLayout layout = ctx.layout();
    List<RulePart> out = new ArrayList<>();
    for (Rule r : rules) {
      long t0 = System.nanoTime();
      if (r instanceof RangeRule<?> rr && table != null && layout != null) {
        try {
          JsonNode state = States.MAPPER.valueToTree(rr.part(ctx));
          out.add(new RulePart(r.id(), null, state, (System.nanoTime() - t0) / 1e9));
        } catch (ArtifactException | UncheckedIOException e) {
          out.add(new RulePart(r.id(), notReadable(name, r, e), null, (System.nanoTime() - t0) / 1e9));
        } catch (RuntimeException | StackOverflowError | OutOfMemoryError e) {
          out.add(new RulePart(r.id(), RuleFailure.result(name, r, e), null, (System.nanoTime() - t0) / 1e9));
        }
      } else if (owner || r instanceof RangeRule<?>) {
        // a range rule on a file that no longer opens says so from every range; the first range's answer is kept
        out.add(new RulePart(r.id(), checked(r, ctx, name), null, (System.nanoTime() - t0) / 1e9));
      } else {
        out.add(new RulePart(r.id(), null, null, 0));
      }
    }
    return out;
  }

  /**
   * The results of {@code name} from the parts of its ranges in file order ({@link #runRange}): each range rule's
   * states merged, unless a range gave it a whole result (the first such is the file's, as the whole check would have
   * stopped there); each other rule's result from the range that ran it; times added.
   *
   * @throws IllegalArgumentException when the parts are not one per rule of the file, in its rules' order
   */
  public List<RuleResult> mergeRanges(String name, List<List<RulePart>> units) {
    List<Rule> rules = plan.rulesFor(name);
    Map<String, List<RuleResult>> byId = new LinkedHashMap<>();
    for (int i = 0; i < rules.size(); i++) {
      Rule r = rules.get(i);
      double seconds = 0;
      RuleResult result = null;
      List<JsonNode> states = new ArrayList<>();
      for (List<RulePart> unit : units) {
        if (unit.size() != rules.size() || !unit.get(i).rule().equals(r.id())) {
          throw new IllegalArgumentException("the parts of " + name + " are not those of its rules " + rules.stream()
              .map(Rule::id).toList() + ": " + unit.stream().map(RulePart::rule).toList());
        }
        RulePart p = unit.get(i);
        seconds += p.seconds();
        if (result == null && p.result() != null) {
          result = p.result();
        }
        if (p.state() != null) {
          states.add(p.state());
        }
      }
      if (result == null) {
        if (!(r instanceof RangeRule<?> rr) || states.size() != units.size()) {
          throw new IllegalArgumentException("rule " + r.id() + " of " + name + " has neither a result nor a state"
              + " from every range");
        }
        result = mergeStates(rr, name, states);
      }
      byId.computeIfAbsent(r.id(), k -> new ArrayList<>()).add(result.withSeconds(seconds));
    }
    List<RuleResult> out = new ArrayList<>();
    for (List<RuleResult> same : byId.values()) {
      out.add(merge(same));
    }
    return out;
  }

  private static <S> RuleResult mergeStates(RangeRule<S> rule, String name, List<JsonNode> states) {
    List<S> typed = new ArrayList<>();
    for (JsonNode n : states) {
      try {
        typed.add(States.MAPPER.treeToValue(n, rule.stateType()));
      } catch (JsonProcessingException e) {
        throw new IllegalArgumentException("a state of rule " + rule.id() + " of " + name + " does not read: "
            + e.getOriginalMessage(), e);
      }
    }
    return rule.merge(name, typed);
  }

  private static RuleResult notReadable(String name, Rule r, RuntimeException e) {
    return RuleResult.undetermined(name, r.id(), r.severity(), "not readable: " + (e instanceof ArtifactException
        ? ((ArtifactException) e).messageWithoutFile() : e.getMessage()));
  }

  /**
   * The context of row groups {@code [from, to)} of {@code file} ({@code to} -1: to the last), its footer read once;
   * the footer read and the open are counted when {@code owner}, the whole file or its first range.
   */
  private static FileContext open(Path file, String name, List<Rule> rules, ReadAccounting accounting,
      boolean owner, int from, int to) {
    FileLayout layout = null;
    String problem = null;
    TableFile table = null;
    String error = null;
    if (owner) {
      accounting.opened();
    }
    try {
      table = TableFile.open(file);
      layout = table.layout();
    } catch (FooterException e) {
      problem = e.detail();
      error = e.detail();
    } catch (RuntimeException | StackOverflowError | OutOfMemoryError e) {
      // the framing is sound but the engine does not model the footer (an ARROW:schema that does not decode, say):
      // the layout still shows the structure rule where everything lies
      error = e instanceof ArtifactException ? ((ArtifactException) e).messageWithoutFile()
          : "could not be checked: " + RuleFailure.why(e);
      try {
        layout = FileLayout.read(file);
      } catch (FooterException f) {
        problem = f.detail();
      } catch (ArtifactException f) {
        problem = "the file cannot be read: " + f.messageWithoutFile();
      } catch (RuntimeException | StackOverflowError | OutOfMemoryError f) {
        problem = "could not be checked: " + RuleFailure.why(f);
      }
    }
    if (layout != null && owner) {
      accounting.read(layout.footerBytes() + 12L); // the footer, its length and the two magics
    }
    ColumnSource columns = table == null ? null : new BatchColumnSource(table, accounting).sharing(rules);
    int end = to >= 0 ? to : layout == null ? 0 : layout.rowGroups().size();
    return new FileContext(file, name, layout, problem, table, error, columns, accounting, from, end);
  }

  /** {@code r} on the file, where what it throws is its result: one bad file never ends the goal. */
  private static RuleResult checked(Rule r, FileContext ctx, String name) {
    try {
      return r.check(ctx);
    } catch (ArtifactException | UncheckedIOException e) {
      return notReadable(name, r, e);
    } catch (RuntimeException | StackOverflowError | OutOfMemoryError e) {
      return RuleFailure.result(name, r, e);
    }
  }

  /** How reports name {@code file}: relative to {@code root} when it is under it, else absolute. */
  public static String display(Path root, Path file) {
    Path abs = file.toAbsolutePath().normalize();
    Path base = root.toAbsolutePath().normalize();
    return (abs.startsWith(base) ? base.relativize(abs) : abs).toString().replace('\\', '/');
  }

  /**
   * {@link #validateFile}, where a failure outside any rule (the cache, the footer) becomes every rule's finding on
   * that file: one bad file never ends the goal, the other files go on.
   */
  private List<RuleResult> validateOrReport(Path file, String name, ReadAccounting accounting, AtomicInteger cached) {
    try {
      return validateFile(file, name, accounting, cached);
    } catch (RuntimeException | StackOverflowError | OutOfMemoryError e) {
      return plan.rulesFor(name).stream().map(r -> RuleFailure.result(name, r, e)).toList();
    }
  }

  /** The results of one file, from the cache or from running its rules. */
  List<RuleResult> validateFile(Path file, String name, ReadAccounting accounting, AtomicInteger cachedCount) {
    List<Rule> rules = plan.rulesFor(name);
    if (rules.isEmpty()) {
      return List.of();
    }
    CacheLookup lookup = lookup(file, name, rules, accounting, cachedCount);
    if (lookup.hit() != null) {
      return lookup.hit();
    }
    List<RuleResult> results = run(file, name, rules, accounting);
    lookup.store(cache, results);
    return results;
  }

  /**
   * What the cache knows of a file: its results ({@code hit}), or the key to store them under once checked (a null
   * hash when there is no cache or the file could not be hashed: then nothing is stored).
   */
  private record CacheLookup(String hash, String fingerprint, List<RuleResult> hit) {
    static final CacheLookup NONE = new CacheLookup(null, null, null);

    void store(ResultCache cache, List<RuleResult> results) {
      if (hash != null) {
        cache.store(hash, fingerprint, results);
      }
    }
  }

  /** The cache's answer for {@code file}, hashing it when the cache does not know its hash. */
  private CacheLookup lookup(Path file, String name, List<Rule> rules, ReadAccounting accounting,
      AtomicInteger cachedCount) {
    if (cache == null) {
      return CacheLookup.NONE;
    }
    try {
      FileIdentity id = FileIdentity.of(file);
      String fingerprint = fingerprint(file, rules);
      String hash;
      Optional<String> known = cache.knownHash(file, id);
      if (known.isPresent()) {
        hash = known.get();
      } else {
        accounting.opened();
        hash = Blake3.hashFile(file).hex();
        accounting.hashed(id.size());
        cache.rememberHash(file, id, hash);
      }
      Optional<List<RuleResult>> hit = cache.results(hash, fingerprint, name);
      if (hit.isPresent()) {
        cachedCount.incrementAndGet();
        return new CacheLookup(hash, fingerprint, hit.get());
      }
      return new CacheLookup(hash, fingerprint, null);
    } catch (IOException | ArtifactException e) {
      return CacheLookup.NONE; // validate uncached; the rules report what is wrong with the file
    }
  }

  /** The rules' fingerprint for this file: their configuration, the plugin version, and referenced files. */
  String fingerprint(Path file, List<Rule> rules) throws IOException {
    StringBuilder b = new StringBuilder("artifact-io ").append(pluginVersion);
    for (Rule r : rules) {
      b.append('\n').append(r.fingerprint());
      if (r instanceof ReferencesRule ref) {
        Path t = ref.targetOf(file);
        String identity;
        try {
          identity = FileIdentity.of(t).toString();
        } catch (IOException e) {
          identity = "missing";
        }
        b.append(" target=").append(t.toAbsolutePath().normalize()).append('@').append(identity);
      }
    }
    return Blake3.hashString(b.toString()).hex();
  }

  static List<RuleResult> run(Path file, String name, List<Rule> rules, ReadAccounting accounting) {
    FileContext ctx = open(file, name, rules, accounting, true, 0, -1);
    Map<String, List<RuleResult>> byId = new LinkedHashMap<>();
    for (Rule r : rules) {
      long t0 = System.nanoTime();
      RuleResult result = checked(r, ctx, name);
      byId.computeIfAbsent(r.id(), k -> new ArrayList<>()).add(result.withSeconds((System.nanoTime() - t0) / 1e9));
    }
    List<RuleResult> out = new ArrayList<>();
    for (List<RuleResult> same : byId.values()) {
      out.add(merge(same));
    }
    return out;
  }

  /** One result per rule id: a rule configured twice (a check and a contract) reports once, with the worst verdict. */
  static RuleResult merge(List<RuleResult> same) {
    if (same.size() == 1) {
      return same.get(0);
    }
    RuleResult first = same.get(0);
    Status status = Status.PASS;
    Severity severity = Severity.INFO;
    List<Finding> findings = new ArrayList<>();
    List<String> observed = new ArrayList<>();
    double seconds = 0;
    for (RuleResult r : same) {
      seconds += r.seconds();
      if (rank(r.status()) > rank(status)) {
        status = r.status();
      }
      if (r.severity().ordinal() < severity.ordinal()) {
        severity = r.severity();
      }
      findings.addAll(r.findings());
      if (!observed.contains(r.observed())) {
        observed.add(r.observed());
      }
    }
    if (observed.size() > 1) {
      observed.remove("no declared sort order"); // the default ascending's answer says nothing next to a real one
    }
    return new RuleResult(first.file(), first.rule(), severity, status, String.join("; ", observed), findings)
        .withSeconds(seconds);
  }

  private static int rank(Status s) {
    switch (s) {
      case FAIL:
        return 3;
      case WARN:
        return 2;
      case UNDETERMINED:
        return 1;
      default:
        return 0;
    }
  }
}
