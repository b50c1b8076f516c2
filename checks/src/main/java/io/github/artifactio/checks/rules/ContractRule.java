package io.github.artifactio.checks.rules;

import io.github.artifactio.checks.config.Contract;
import io.github.artifactio.checks.result.Finding;
import io.github.artifactio.checks.result.RuleIds;
import io.github.artifactio.checks.result.RuleResult;
import io.github.artifactio.checks.result.Severity;
import io.github.artifactio.engine.ArtifactException;
import io.github.artifactio.engine.sidecar.SchemaId;
import io.github.artifactio.engine.table.ColumnSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * {@code contract}: the file has the declared columns with their Arrow types and nullability, no other columns
 * unless the contract allows them, a row count inside the bounds, and the expected schema identifier in its footer.
 * Footer only. The value-level conditions of a contract (contiguous ids, ascending values, references) are the rules
 * of those names, which a contract also switches on.
 */
public final class ContractRule implements Rule {
  private final Severity severity;
  private final Contract contract;

  public ContractRule(Severity severity, Contract contract) {
    this.severity = severity;
    this.contract = contract;
  }

  @Override
  public String id() {
    return RuleIds.CONTRACT;
  }

  @Override
  public Severity severity() {
    return severity;
  }

  @Override
  public String fingerprint() {
    return id() + "{severity=" + severity + ",contract=" + contract.fingerprint() + "}";
  }

  @Override
  public RuleResult check(FileContext f) {
    if (f.table() == null) {
      return f.footerUnreadable(this);
    }
    List<Finding> findings = new ArrayList<>();
    String who = "contract '" + contract.name() + "'";
    for (Contract.Column c : contract.columns()) {
      if (!f.table().hasColumn(c.name())) {
        findings.add(f.finding(this, c.name(), null, null, 1, "the column is missing; " + who + " declares it"));
        continue;
      }
      ColumnSpec s = f.table().column(c.name());
      if (c.type() != null && !c.type().equalsIgnoreCase(s.arrowType())) {
        findings.add(f.finding(this, c.name(), null, null, 1,
            "the column is " + s.arrowType() + "; " + who + " declares " + c.type()));
      }
      if (c.nullable() != null && c.nullable() != s.nullable()) {
        findings.add(f.finding(this, c.name(), null, null, 1,
            "the column is " + (s.nullable() ? "nullable" : "non-nullable") + "; " + who + " declares it "
                + (c.nullable() ? "nullable" : "non-nullable")));
      }
    }
    if (!contract.allowOtherColumns()) {
      for (String name : f.table().columnNames()) {
        if (contract.columns().stream().noneMatch(c -> c.name().equals(name))) {
          findings.add(f.finding(this, name, null, null, 1,
              "the column is not declared and " + who + " allows no other columns"));
        }
      }
    }
    long rows = f.table().rows();
    if (contract.minRows() != null && rows < contract.minRows()) {
      findings.add(f.finding(this, null, null, null, 1,
          "the file has " + rows + " rows; " + who + " requires at least " + contract.minRows()));
    }
    if (contract.maxRows() != null && rows > contract.maxRows()) {
      findings.add(f.finding(this, null, null, null, 1,
          "the file has " + rows + " rows; " + who + " allows at most " + contract.maxRows()));
    }
    String schemaText = "";
    if (contract.schema() != null) {
      Optional<SchemaId> id;
      try {
        id = f.table().schemaId();
      } catch (ArtifactException e) {
        id = Optional.empty();
        findings.add(f.finding(this, null, null, null, 1, "the footer's schema identifier is malformed: "
            + e.detail()));
      }
      schemaText = ", schema " + id.map(SchemaId::toString).orElse("none");
      if (id.isEmpty()) {
        findings.add(f.finding(this, null, null, null, 1,
            "the footer records no schema identifier; " + who + " expects " + contract.schema()));
      } else if (!id.get().equals(contract.schema())) {
        findings.add(f.finding(this, null, null, null, 1,
            "the footer records schema " + id.get() + "; " + who + " expects " + contract.schema()));
      }
    }
    return RuleResult.of(f.display(), id(), severity,
        contract.name() + ": " + f.table().columnNames().size() + " columns, " + rows + " rows" + schemaText,
        findings);
  }
}
