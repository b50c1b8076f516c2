package io.github.artifactio.checks.config;

import java.util.ArrayList;
import java.util.List;

/**
 * One rule's configuration, as a {@code <check>} in the POM or an entry of a contract file's {@code checks}: a plain
 * bean, so Maven fills it from XML and the JSON reader from a contract file.
 *
 * <pre>{@code
 * <check><rule>ascending</rule><columns><column>precursor_mz</column></columns><strict>true</strict></check>
 * <check><rule>codec</rule><severity>WARN</severity><allowed><codec>SNAPPY</codec><codec>ZSTD</codec></allowed></check>
 * <check><rule>references</rule><columns><column>candidate_id</column></columns>
 *   <target>precursors.parquet</target></check>
 * }</pre>
 */
public class CheckConfig {
  /** The rule id: structure, codec, string-type, contiguous-ids, ascending, references. */
  private String rule;

  /** ERROR (default), WARN, INFO or OFF. */
  private String severity;

  /** The columns a content rule checks (contiguous-ids, ascending, references). */
  private List<String> columns = new ArrayList<>();

  /** ascending: strictly increasing instead of non-decreasing. */
  private Boolean strict;

  /** codec: the allowed codecs (default SNAPPY, UNCOMPRESSED). */
  private List<String> allowed = new ArrayList<>();

  /** references: the referenced file, relative to the checked file's folder. */
  private String target;

  /** The glob of the files this check applies to, relative to the checked folder (default: all). */
  private String files;

  /** structure: also walk every page (header, CRC, decompression, value counts). */
  private Boolean full;

  /** Globs of files this check does not apply to, although {@code files} selects them. */
  private List<String> excludes = new ArrayList<>();

  public CheckConfig() {}

  public CheckConfig(String rule) {
    this.rule = rule;
  }

  public String getRule() {
    return rule;
  }

  public CheckConfig setRule(String rule) {
    this.rule = rule;
    return this;
  }

  public String getSeverity() {
    return severity;
  }

  public CheckConfig setSeverity(String severity) {
    this.severity = severity;
    return this;
  }

  public List<String> getColumns() {
    return columns == null ? List.of() : columns;
  }

  public CheckConfig setColumns(List<String> columns) {
    this.columns = new ArrayList<>(columns);
    return this;
  }

  public Boolean getStrict() {
    return strict;
  }

  public CheckConfig setStrict(Boolean strict) {
    this.strict = strict;
    return this;
  }

  public List<String> getAllowed() {
    return allowed == null ? List.of() : allowed;
  }

  public CheckConfig setAllowed(List<String> allowed) {
    this.allowed = new ArrayList<>(allowed);
    return this;
  }

  public String getTarget() {
    return target;
  }

  public CheckConfig setTarget(String target) {
    this.target = target;
    return this;
  }

  public String getFiles() {
    return files;
  }

  public CheckConfig setFiles(String files) {
    this.files = files;
    return this;
  }

  public List<String> getExcludes() {
    return excludes;
  }

  public CheckConfig setExcludes(List<String> excludes) {
    this.excludes = excludes == null ? new ArrayList<>() : new ArrayList<>(excludes);
    return this;
  }

  public Boolean getFull() {
    return full;
  }

  public CheckConfig setFull(Boolean full) {
    this.full = full;
    return this;
  }

  @Override
  public String toString() {
    return "check{rule=" + rule + ",severity=" + severity + ",columns=" + columns + ",strict=" + strict
        + ",allowed=" + allowed + ",target=" + target + ",files=" + files + ",excludes=" + excludes + ",full=" + full
        + "}";
  }
}
