package io.github.artifactio.maven.check;

import io.github.artifactio.engine.table.ColumnSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * {@code string-type}: every string column reads as Arrow {@code Utf8}, the only string type the Rust engine's
 * getters accept ("column 'peptidoform' is not utf8"). The Parquet schema cannot tell: {@code Utf8},
 * {@code LargeUtf8} and {@code Utf8View} are all {@code BYTE_ARRAY (STRING)} there. The Arrow type an Arrow reader
 * picks is in the footer's {@code ARROW:schema}, which the engine decodes without an Arrow allocator (so no
 * {@code --add-opens}); a file without that entry reads as {@code Utf8} and passes. Polars writes {@code LargeUtf8} by
 * default.
 */
public final class StringTypeRule implements Rule {
  private static final Set<String> OTHER_STRINGS = Set.of("LargeUtf8", "Utf8View");

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
      if (t.equals("Utf8") || OTHER_STRINGS.contains(t)) {
        types.add(t);
      }
      if (OTHER_STRINGS.contains(t)) {
        findings.add(f.finding(this, c.name(), null, null, 1,
            "an Arrow reader types it " + t + " (from ARROW:schema), not Utf8, and the Rust engine reads only Utf8;"
                + " cast the column to Arrow utf8 (pyarrow: pa.string()) before writing"));
      }
    }
    boolean arrow = f.table().arrowSchema().isPresent();
    String observed = types.isEmpty() ? "no string columns" : String.join(",", types);
    if (!types.isEmpty() && !arrow) {
      observed += " (no ARROW:schema: Parquet STRING reads as Utf8)";
    }
    return RuleResult.of(f.display(), id(), severity, observed, findings);
  }
}
