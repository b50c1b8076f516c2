package io.github.artifactio.checks.config;

import io.github.artifactio.checks.result.ConfigurationException;
import io.github.artifactio.engine.sidecar.SchemaId;
import java.util.ArrayList;
import java.util.List;

/**
 * A contract written in the POM ({@code <contracts><contract>...}); the same fields as a contract file.
 *
 * <pre>{@code
 * <contract>
 *   <name>precursors</name>
 *   <files>**}{@code /precursors.parquet</files>
 *   <columns><column><name>candidate_id</name><type>UInt32</type><nullable>false</nullable></column></columns>
 *   <allowOtherColumns>true</allowOtherColumns>
 *   <minRows>1</minRows>
 *   <schema>fragment_library_precursors@2</schema>
 *   <checks><check><rule>contiguous-ids</rule><columns><column>candidate_id</column></columns></check></checks>
 * </contract>
 * }</pre>
 */
public class ContractConfig {
  private String name;
  private String files;
  private List<ColumnConfig> columns = new ArrayList<>();
  private Boolean allowOtherColumns;
  private Long minRows;
  private Long maxRows;
  private String schema;
  private List<CheckConfig> checks = new ArrayList<>();

  /** A declared column of a POM contract. */
  public static class ColumnConfig {
    private String name;
    private String type;
    private Boolean nullable;

    public ColumnConfig() {}

    public ColumnConfig(String name, String type, Boolean nullable) {
      this.name = name;
      this.type = type;
      this.nullable = nullable;
    }
  }

  public ContractConfig() {}

  public ContractConfig(String name) {
    this.name = name;
  }

  public ContractConfig column(String name, String type, Boolean nullable) {
    columns.add(new ColumnConfig(name, type, nullable));
    return this;
  }

  public ContractConfig check(CheckConfig check) {
    checks.add(check);
    return this;
  }

  public ContractConfig rows(Long min, Long max) {
    this.minRows = min;
    this.maxRows = max;
    return this;
  }

  public ContractConfig files(String files) {
    this.files = files;
    return this;
  }

  public ContractConfig allowOtherColumns(boolean allow) {
    this.allowOtherColumns = allow;
    return this;
  }

  public ContractConfig schema(String schema) {
    this.schema = schema;
    return this;
  }

  /** The contract; a malformed schema identifier or an unnamed column is a configuration error. */
  public Contract toContract() {
    List<Contract.Column> cols = new ArrayList<>();
    for (ColumnConfig c : columns) {
      cols.add(new Contract.Column(c.name, c.type, c.nullable));
    }
    SchemaId id = null;
    if (schema != null) {
      try {
        id = SchemaId.parse(schema);
      } catch (IllegalArgumentException e) {
        throw new ConfigurationException("contract '" + name + "': " + e.getMessage());
      }
    }
    return new Contract(name, files, cols, allowOtherColumns == null || allowOtherColumns, minRows, maxRows, id,
        checks);
  }
}
