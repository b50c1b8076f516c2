package io.github.artifactio.checks;

import io.github.artifactio.checks.config.CheckConfig;
import io.github.artifactio.checks.config.Contract;
import io.github.artifactio.checks.config.Contracts;
import io.github.artifactio.checks.config.Dialect;
import io.github.artifactio.checks.config.Globs;
import io.github.artifactio.checks.config.Setting;
import io.github.artifactio.checks.result.ConfigurationException;
import io.github.artifactio.checks.result.RuleIds;
import io.github.artifactio.checks.result.Severity;
import io.github.artifactio.checks.rules.AscendingRule;
import io.github.artifactio.checks.rules.CodecRule;
import io.github.artifactio.checks.rules.ContiguousIdsRule;
import io.github.artifactio.checks.rules.ContractRule;
import io.github.artifactio.checks.rules.ReferencesRule;
import io.github.artifactio.checks.rules.Rule;
import io.github.artifactio.checks.rules.StringTypeRule;
import io.github.artifactio.checks.rules.StructureRule;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * The rules {@code validate} runs, each with the glob of the files it applies to, resolved from the POM's
 * {@code <checks>}, the contracts, and the {@code rules} / {@code skipRules} selections. Everything that can be wrong
 * with a configuration is refused here, before a file is read: an unknown rule id (in a check or a selection), a
 * content rule without columns, a selected rule with nothing to check, an empty rule set.
 *
 * <p>Without configuration the plan holds {@code structure}, {@code codec} (SNAPPY, UNCOMPRESSED), {@code string-type}
 * and {@code ascending} (which, with no named columns, verifies the sort orders files declare), all at ERROR. A
 * {@code <check>} for one of these with no {@code <files>} replaces its default everywhere; a check scoped with
 * {@code <files>} (and {@code <excludes>}) replaces it only for the files it selects, so that severity {@code OFF}
 * there exempts those files and no other (it used to remove the rule for every file).
 */
public final class ValidationPlan {
  /** The files a check selects: a glob, minus any of its exclude globs. */
  public record Scope(String files, List<String> excludes) {
    public Scope {
      excludes = List.copyOf(excludes);
    }

    static final Scope ALL = new Scope("**", List.of());

    boolean matches(String relativePath) {
      Path p = Path.of(relativePath);
      return Globs.matcher(files).matches(p) && excludes.stream().noneMatch(x -> Globs.matcher(x).matches(p));
    }

    @Override
    public String toString() {
      return excludes.isEmpty() ? files : files + " excluding " + excludes;
    }
  }

  /** A rule, the files it applies to, and the files a scoped check took over from it (a default's exceptions). */
  public record Entry(Scope scope, Rule rule, List<Scope> unless) {
    public Entry {
      unless = List.copyOf(unless);
    }

    Entry(String files, Rule rule) {
      this(new Scope(files, List.of()), rule, List.of());
    }

    boolean appliesTo(String relativePath) {
      return scope.matches(relativePath) && unless.stream().noneMatch(s -> s.matches(relativePath));
    }
  }

  private static final List<String> DEFAULTS =
      List.of(RuleIds.STRUCTURE, RuleIds.CODEC, RuleIds.STRING_TYPE, RuleIds.ASCENDING);

  private final List<Entry> entries;
  private final List<Contract> contracts;

  private ValidationPlan(List<Entry> entries, List<Contract> contracts) {
    this.entries = List.copyOf(entries);
    this.contracts = List.copyOf(contracts);
  }

  /**
   * Builds the plan.
   *
   * @param only rule ids to keep (empty: all), from {@code artifact-io.rules}
   * @param skip rule ids to drop, from {@code artifact-io.skipRules}
   */
  public static ValidationPlan build(
      List<CheckConfig> checks, List<Contract> contracts, Collection<String> only, Collection<String> skip) {
    return build(checks, contracts, only, skip, Dialect.MAVEN);
  }

  /** Builds the plan; messages name the rule selections as {@code dialect} spells them. */
  public static ValidationPlan build(List<CheckConfig> checks, List<Contract> contracts, Collection<String> only,
      Collection<String> skip, Dialect dialect) {
    String rules = dialect.name(Setting.RULES);
    String skipRules = dialect.name(Setting.SKIP_RULES);
    Set<String> onlySet = ids(only, rules);
    Set<String> skipSet = ids(skip, skipRules);
    List<Entry> entries = new ArrayList<>();
    Set<String> replaced = new TreeSet<>();
    java.util.Map<String, List<Scope>> takenOver = new java.util.TreeMap<>();
    for (CheckConfig c : checks == null ? List.<CheckConfig>of() : checks) {
      Rule r = rule(c, "check " + c, false);
      String id = id(c.getRule(), "check " + c);
      if (c.getFiles() == null && c.getExcludes().isEmpty()) {
        replaced.add(id);
      } else {
        takenOver.computeIfAbsent(id, k -> new ArrayList<>()).add(scope(c, "**"));
      }
      if (r != null) {
        entries.addAll(expand(r, c, "**"));
      }
    }
    for (String d : DEFAULTS) {
      if (!replaced.contains(d)) {
        entries.add(new Entry(Scope.ALL, rule(new CheckConfig(d), "default", false),
            takenOver.getOrDefault(d, List.of())));
      }
    }
    for (Contract k : contracts) {
      if (k.hasShape()) {
        entries.add(new Entry(k.files(), new ContractRule(Severity.ERROR, k)));
      }
      for (CheckConfig c : k.checks()) {
        Rule r = rule(c, "contract '" + k.name() + "'", true);
        if (r != null) {
          entries.addAll(expand(r, c, k.files()));
        }
      }
    }
    for (String id : onlySet) {
      if (entries.stream().noneMatch(e -> e.rule().id().equals(id))) {
        throw new ConfigurationException("rule '" + id + "' is selected (" + rules + ") but has nothing to check:"
            + " configure it in a <check> or a contract");
      }
    }
    List<Entry> kept = entries.stream()
        .filter(e -> onlySet.isEmpty() || onlySet.contains(e.rule().id()))
        .filter(e -> !skipSet.contains(e.rule().id()))
        .collect(Collectors.toList());
    if (kept.isEmpty()) {
      throw new ConfigurationException("no rules to run after " + rules + "=" + String.join(",", onlySet)
          + " and " + skipRules + "=" + String.join(",", skipSet)
          + "; an empty rule set checks nothing" + dialect.skipHint());
    }
    return new ValidationPlan(kept, contracts);
  }

  /** The files a check selects: its {@code <files>} (else {@code defaultFiles}) minus its {@code <excludes>}. */
  private static Scope scope(CheckConfig c, String defaultFiles) {
    return new Scope(c.getFiles() != null ? c.getFiles() : defaultFiles, c.getExcludes());
  }

  /** References split per column, so that each has its own target and finding. */
  private static List<Entry> expand(Rule r, CheckConfig c, String defaultFiles) {
    Scope scope = scope(c, defaultFiles);
    if (r instanceof ReferencesRule && c.getColumns().size() > 1) {
      List<Entry> out = new ArrayList<>();
      for (String col : c.getColumns()) {
        out.add(new Entry(scope, references(Severity.parse(sev(c), "check " + c), col, c.getTarget()), List.of()));
      }
      return out;
    }
    return List.of(new Entry(scope, r, List.of()));
  }

  private static String sev(CheckConfig c) {
    return c.getSeverity() == null ? "ERROR" : c.getSeverity();
  }

  /** The rule a check configures, or null when its severity is OFF. */
  static Rule rule(CheckConfig c, String where, boolean fromContract) {
    String id = id(c.getRule(), where);
    Severity s = Severity.parse(sev(c), where);
    if (s == Severity.OFF) {
      return null;
    }
    List<String> cols = c.getColumns();
    switch (id) {
      case RuleIds.STRUCTURE:
        noColumns(id, cols);
        return new StructureRule(s, Boolean.TRUE.equals(c.getFull()));
      case RuleIds.CODEC:
        noColumns(id, cols);
        return new CodecRule(s, c.getAllowed().isEmpty() ? CodecRule.DEFAULT_ALLOWED
            : c.getAllowed().stream().map(x -> x.trim().toUpperCase(Locale.ROOT)).collect(Collectors.toSet()));
      case RuleIds.STRING_TYPE:
        noColumns(id, cols);
        return new StringTypeRule(s);
      case RuleIds.CONTIGUOUS_IDS:
        return new ContiguousIdsRule(s, cols);
      case RuleIds.ASCENDING:
        return new AscendingRule(s, cols, Boolean.TRUE.equals(c.getStrict()), !fromContract);
      case RuleIds.REFERENCES:
        if (cols.isEmpty()) {
          throw new ConfigurationException("rule 'references' has no column: name it in <columns>");
        }
        return references(s, cols.get(0), c.getTarget());
      case RuleIds.CONTRACT:
        throw new ConfigurationException(
            "rule 'contract' is configured through <contracts> or artifact-io.contract, not a <check>");
      default:
        throw new IllegalStateException(id);
    }
  }

  private static ReferencesRule references(Severity s, String column, String target) {
    if (Contracts.SIBLING_PRECURSORS.equals(target)) {
      return new ReferencesRule(s, column, target, p -> {
        Path abs = p.toAbsolutePath();
        return abs.getParent().resolve(abs.getFileName().toString().replace("fragments", "precursors"));
      });
    }
    return ReferencesRule.relative(s, column, target);
  }

  private static void noColumns(String id, List<String> cols) {
    if (!cols.isEmpty()) {
      throw new ConfigurationException("rule '" + id + "' takes no columns, got " + cols);
    }
  }

  private static String id(String text, String where) {
    if (text == null || text.isBlank()) {
      throw new ConfigurationException(where + ": no rule id; known: " + RuleIds.VALIDATE);
    }
    String id = text.trim();
    if (!RuleIds.VALIDATE.contains(id)) {
      throw new ConfigurationException(where + ": unknown rule id '" + id + "'; known: " + RuleIds.VALIDATE);
    }
    return id;
  }

  private static Set<String> ids(Collection<String> ids, String setting) {
    Set<String> out = new LinkedHashSet<>();
    for (String s : ids == null ? List.<String>of() : ids) {
      for (String part : s.split(",")) {
        if (!part.isBlank()) {
          String id = part.trim();
          if (!RuleIds.VALIDATE.contains(id)) {
            throw new ConfigurationException(
                setting + ": unknown rule id '" + id + "'; known: " + RuleIds.VALIDATE);
          }
          out.add(id);
        }
      }
    }
    return out;
  }

  public List<Entry> entries() {
    return entries;
  }

  public List<Contract> contracts() {
    return contracts;
  }

  /** The rules that apply to a file, in summary order. */
  public List<Rule> rulesFor(String relativePath) {
    return entries.stream()
        .filter(e -> e.appliesTo(relativePath))
        .map(Entry::rule)
        .sorted(Comparator.comparingInt(r -> RuleIds.order(r.id())))
        .collect(Collectors.toList());
  }

  /** A contract that applies to none of {@code relativePaths} is a configuration error: it would pass silently. */
  public void requireContractsMatch(List<String> relativePaths) {
    for (Contract k : contracts) {
      if (relativePaths.stream().noneMatch(p -> Globs.matcher(k.files()).matches(Path.of(p)))) {
        throw new ConfigurationException("contract '" + k.name() + "' applies to no file: none of the "
            + relativePaths.size() + " checked files matches " + k.files());
      }
    }
  }
}
