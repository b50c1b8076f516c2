package io.github.artifactio.checks;

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
import io.github.artifactio.checks.rules.ReadAccounting;
import io.github.artifactio.checks.rules.ReferencesRule;
import io.github.artifactio.checks.rules.Rule;
import io.github.artifactio.checks.rules.RuleFailure;
import io.github.artifactio.engine.ArtifactException;
import io.github.artifactio.engine.EngineContext;
import io.github.artifactio.engine.FooterException;
import io.github.artifactio.engine.hash.Blake3;
import io.github.artifactio.engine.layout.FileLayout;
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
import java.util.stream.IntStream;

/**
 * Runs a {@link ValidationPlan} over files: the files spread over the caller's {@link EngineContext} (the caller owns
 * and closes it; the calling thread checks files too), every applicable rule on each file, every finding collected.
 * With a {@link ResultCache}, a file whose identity is unchanged since a run with the same rules is answered from the
 * cache without being opened.
 */
public final class ParquetValidator {
  private final ValidationPlan plan;
  private final ResultCache cache;
  private final String pluginVersion;

  /** @param cache null for no cache: files are then never hashed */
  public ParquetValidator(ValidationPlan plan, ResultCache cache, String pluginVersion) {
    this.plan = plan;
    this.cache = cache;
    this.pluginVersion = pluginVersion;
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

  private Outcome validateOnly(Path root, List<Path> files, EngineContext context, Progress progress) {
    List<String> names = files.stream().map(f -> display(root, f)).toList();
    ReadAccounting accounting = new ReadAccounting();
    AtomicInteger cached = new AtomicInteger();
    List<Integer> indexes = IntStream.range(0, files.size()).boxed().toList();
    AtomicInteger done = new AtomicInteger();
    List<RuleResult> results = new ArrayList<>();
    for (List<RuleResult> perFile : context.map(indexes, i -> {
      List<RuleResult> r = validateOrReport(files.get(i), names.get(i), accounting, cached);
      if (progress != null) {
        progress.update(done.incrementAndGet(), files.size());
      }
      return r;
    })) {
      results.addAll(perFile);
    }
    return new Outcome("validate", names, results, cached.get(), accounting.filesOpened(), accounting.bytesRead(),
        accounting.bytesHashed());
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
    String hash = null;
    String fingerprint = null;
    if (cache != null) {
      try {
        FileIdentity id = FileIdentity.of(file);
        fingerprint = fingerprint(file, rules);
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
          return hit.get();
        }
      } catch (IOException | ArtifactException e) {
        hash = null; // validate uncached; the rules report what is wrong with the file
      }
    }
    List<RuleResult> results = run(file, name, rules, accounting);
    if (hash != null) {
      cache.store(hash, fingerprint, results);
    }
    return results;
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
    FileLayout layout = null;
    String problem = null;
    TableFile table = null;
    String error = null;
    accounting.opened();
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
    if (layout != null) {
      accounting.read(layout.footerBytes() + 12L); // the footer, its length and the two magics
    }
    ColumnSource columns = table == null ? null : new BatchColumnSource(table, accounting);
    FileContext ctx = new FileContext(file, name, layout, problem, table, error, columns, accounting);
    Map<String, List<RuleResult>> byId = new LinkedHashMap<>();
    for (Rule r : rules) {
      RuleResult result;
      long t0 = System.nanoTime();
      try {
        result = r.check(ctx);
      } catch (ArtifactException | UncheckedIOException e) {
        result = RuleResult.undetermined(name, r.id(), r.severity(), "not readable: " + (e instanceof ArtifactException
            ? ((ArtifactException) e).messageWithoutFile() : e.getMessage()));
      } catch (RuntimeException | StackOverflowError | OutOfMemoryError e) {
        result = RuleFailure.result(name, r, e); // one bad file never ends the goal
      }
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
