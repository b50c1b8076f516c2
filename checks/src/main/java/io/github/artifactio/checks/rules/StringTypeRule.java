package io.github.artifactio.checks.rules;

import io.github.artifactio.checks.result.Finding;
import io.github.artifactio.checks.result.RuleIds;
import io.github.artifactio.checks.result.RuleResult;
import io.github.artifactio.checks.result.Severity;
import io.github.artifactio.engine.table.ColumnSpec;
import io.github.artifactio.engine.table.WriteOptions;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * {@code string-type}: every string column reads as Arrow {@code Utf8}, the only string type the Rust engine's
 * getters accept ("column 'peptidoform' is not utf8"). The Parquet schema cannot tell: {@code Utf8},
 * {@code LargeUtf8} and {@code Utf8View} are all {@code BYTE_ARRAY (STRING)} there. The Arrow type an Arrow reader
 * picks is in the footer's {@code ARROW:schema}, which the engine decodes without an Arrow allocator (so no
 * {@code --add-opens}); a file without that entry reads as {@code Utf8} and passes. Polars writes {@code LargeUtf8} or
 * {@code Utf8View} for every string column, and a categorical as {@code Dictionary(UInt32, Utf8View)}; the finding
 * names the wrapper, since the cast that fixes it must also drop the dictionary. The engine itself reads all three
 * layouts (they are the same Parquet bytes); the rule guards the Rust engine.
 */
public final class StringTypeRule implements Rule {
  private static final Set<String> OTHER_STRINGS = Set.of("LargeUtf8", "Utf8View");
  /** How to write Utf8, in each tool that produces these files. */
  public static final String FIX = "cast the column to Arrow utf8 before writing (pyarrow: pa.string(); Polars writes"
      + " every String column as LargeUtf8 or Utf8View, so convert with df.to_arrow(), cast the column to pa.string()"
      + " and write with pyarrow.parquet; DuckDB's COPY writes Utf8)";

  private final Severity severity;

  public StringTypeRule(Severity severity) {
    this.severity = severity;
  }

  @Override
  public String id() {
    return RuleIds.STRING_TYPE;
  }

  @Override
  public Severity severity() {
    return severity;
  }

  @Override
  public String fingerprint() {
    return id() + "{severity=" + severity + "}";
  }

  @Override
  public RuleResult check(FileContext f) {
    if (f.table() == null) {
      return f.footerUnreadable(this);
    }
    List<Finding> findings = new ArrayList<>();
    Set<String> types = new TreeSet<>();
    for (ColumnSpec c : f.table().columns()) {
      String t = c.arrowType();
      boolean dictionary = t.startsWith("Dictionary(") && t.endsWith(")") && t.contains(", ");
      String value = dictionary ? t.substring(t.indexOf(", ") + 2, t.length() - 1) : t;
      if (value.equals("Utf8") || OTHER_STRINGS.contains(value)) {
        types.add(t);
      }
      if (dictionary && value.equals("Utf8") || OTHER_STRINGS.contains(value)) {
        String what = dictionary ? " (a dictionary of " + value + " values, as Polars writes a categorical)" : "";
        findings.add(f.finding(this, c.name(), null, null, 1,
            "an Arrow reader types it " + t + what + " (from ARROW:schema), not Utf8, and the Rust engine reads only"
                + " Utf8; " + (dictionary ? "decode the dictionary and " : "") + FIX));
      }
    }
    // the entry, not its decoded schema: Arrow's Schema class costs a Jackson ObjectMapper to load (Schemas)
    boolean arrow = f.table().metadataValue(WriteOptions.ARROW_SCHEMA_KEY).isPresent();
    String observed = types.isEmpty() ? "no string columns" : String.join(",", types);
    if (!types.isEmpty() && !arrow) {
      observed += " (no ARROW:schema: Parquet STRING reads as Utf8)";
    }
    return RuleResult.of(f.display(), id(), severity, observed, findings);
  }
}
