package io.github.artifactio.maven.check;

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
    // one finding per column: its first offending row group and how many of its chunks offend
    java.util.Map<String, long[]> bad = new java.util.LinkedHashMap<>();
    java.util.Map<String, String> badCodec = new java.util.HashMap<>();
    for (RowGroupInfo g : f.table().rowGroups()) {
      for (ColumnChunkInfo c : g.chunks()) {
        seen.add(c.codec());
        if (!allowed.contains(c.codec())) {
          long[] first = bad.computeIfAbsent(c.path(), k -> new long[] {g.index(), 0});
          first[1]++;
          badCodec.putIfAbsent(c.path(), c.codec());
        }
      }
    }
    for (var e : bad.entrySet()) {
      findings.add(f.finding(this, e.getKey(), (int) e.getValue()[0], null, e.getValue()[1],
          "compressed with " + badCodec.get(e.getKey()) + ", not one of the allowed codecs " + allowed));
    }
    return RuleResult.of(f.display(), id(), severity, seen.isEmpty() ? "no column chunks" : String.join(",", seen),
        findings);
  }
}
