package io.github.artifactio.checks.rules;

import io.github.artifactio.checks.result.ConfigurationException;
import io.github.artifactio.checks.result.Finding;
import io.github.artifactio.checks.result.RuleIds;
import io.github.artifactio.checks.result.RuleResult;
import io.github.artifactio.checks.result.Severity;
import io.github.artifactio.engine.table.ColumnChunkInfo;
import io.github.artifactio.engine.table.RowGroupInfo;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * {@code codec}: every column chunk is compressed with a codec in the allowed set. Footer only: no page is read.
 * The default set is what the Rust engine reads (it is built with the {@code snap} feature only), so a zstd file
 * written by Polars' defaults fails here instead of at the consuming stage with "Disabled feature at compile time".
 */
public final class CodecRule implements Rule {
  /** SNAPPY and UNCOMPRESSED: the codecs the Rust engine's reader decodes. */
  public static final Set<String> DEFAULT_ALLOWED = Set.of("SNAPPY", "UNCOMPRESSED");

  /** Parquet's codec names; an allowed set naming anything else is a configuration error. */
  static final Set<String> KNOWN = Set.of("UNCOMPRESSED", "SNAPPY", "GZIP", "LZO", "BROTLI", "LZ4", "ZSTD", "LZ4_RAW");

  private final Severity severity;
  private final Set<String> allowed;

  public CodecRule(Severity severity, Set<String> allowed) {
    this.severity = severity;
    this.allowed = new TreeSet<>(allowed);
    for (String c : this.allowed) {
      if (!KNOWN.contains(c)) {
        throw new ConfigurationException(
            "rule 'codec': allowed codec '" + c + "' is not a Parquet codec (known: " + new TreeSet<>(KNOWN) + ")");
      }
    }
    if (this.allowed.isEmpty()) {
      throw new ConfigurationException("rule 'codec': the allowed set is empty, so every file would fail");
    }
  }

  @Override
  public String id() {
    return RuleIds.CODEC;
  }

  @Override
  public Severity severity() {
    return severity;
  }

  @Override
  public String fingerprint() {
    return id() + "{severity=" + severity + ",allowed=" + allowed + "}";
  }

  @Override
  public RuleResult check(FileContext f) {
    if (f.table() == null) {
      return f.footerUnreadable(this);
    }
    Set<String> seen = new TreeSet<>();
    List<Finding> findings = new ArrayList<>();
    // one finding per codec that is not allowed: the columns using it (in file order), its first row group, and how
    // many chunks use it; a file written with one codec throughout gets one line, not one per column
    java.util.Map<String, java.util.Set<String>> columns = new java.util.TreeMap<>();
    java.util.Map<String, long[]> firstAndCount = new java.util.HashMap<>();
    for (RowGroupInfo g : f.table().rowGroups()) {
      for (ColumnChunkInfo c : g.chunks()) {
        seen.add(c.codec());
        if (!allowed.contains(c.codec())) {
          columns.computeIfAbsent(c.codec(), k -> new java.util.LinkedHashSet<>()).add(c.path());
          firstAndCount.computeIfAbsent(c.codec(), k -> new long[] {g.index(), 0})[1]++;
        }
      }
    }
    for (var e : columns.entrySet()) {
      long[] fc = firstAndCount.get(e.getKey());
      String why = "compressed with " + e.getKey() + ", not one of the allowed codecs " + allowed;
      if (e.getValue().size() == 1) {
        findings.add(f.finding(this, e.getValue().iterator().next(), (int) fc[0], null, fc[1], why));
      } else {
        findings.add(f.finding(this, null, (int) fc[0], null, fc[1],
            "columns '" + String.join("', '", e.getValue()) + "': " + why));
      }
    }
    return RuleResult.of(f.display(), id(), severity, seen.isEmpty() ? "no column chunks" : String.join(",", seen),
        findings);
  }
}
