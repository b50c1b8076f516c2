package io.github.artifactio.engine.table;

import io.github.artifactio.engine.ArtifactException;
import io.github.artifactio.engine.ColumnNotFoundException;
import io.github.artifactio.engine.sidecar.SchemaId;
import io.github.artifactio.engine.internal.parquet.ParquetFile;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.SortedMap;
import java.util.stream.Collectors;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * A footer-only handle on a Parquet artifact: row count, columns and their types, the Arrow schema, key-value
 * metadata and row groups, all parsed once from the footer without touching a data page. Reads go through
 * {@link #read(String...)} or {@link Table#read}.
 *
 * <p>Immutable and safe to share between threads.
 */
public final class TableFile {
  private final ParquetFile file;

  private TableFile(ParquetFile file) {
    this.file = file;
  }

  /** Parses the footer of {@code path}. */
  public static TableFile open(Path path) {
    return new TableFile(ParquetFile.open(path));
  }

  public Path path() {
    return file.path();
  }

  /** The row count, summed over row groups. */
  public long rows() {
    return file.rows();
  }

  /** Column names in file order. */
  public List<String> columnNames() {
    return file.specs().stream().map(ColumnSpec::name).collect(Collectors.toList());
  }

  /** Every top-level column as the file declares it, in file order. */
  public List<ColumnSpec> columns() {
    return file.specs();
  }

  public boolean hasColumn(String name) {
    return file.specs().stream().anyMatch(s -> s.name().equals(name));
  }

  /** The column {@code name}; an unknown name is an error listing the columns present. */
  public ColumnSpec column(String name) {
    for (ColumnSpec s : file.specs()) {
      if (s.name().equals(name)) {
        return s;
      }
    }
    throw notFound(name);
  }

  ColumnNotFoundException notFound(String name) {
    return Table.notFound(path(), name, columnNames());
  }

  /** The Arrow schema stored in the footer ({@code ARROW:schema}), empty where the writer stored none. */
  public Optional<Schema> arrowSchema() {
    return file.arrowSchema();
  }

  /** The footer's key-value metadata, sorted by key ({@code ARROW:schema} included, base64 as stored). */
  public SortedMap<String, String> metadata() {
    return file.metadata();
  }

  public Optional<String> metadataValue(String key) {
    return Optional.ofNullable(file.metadata().get(key));
  }

  /** The schema identifier the writer recorded in the footer, empty when it recorded none. */
  public Optional<SchemaId> schemaId() {
    try {
      return SchemaId.fromFooter(file.metadata());
    } catch (IllegalArgumentException e) {
      throw new ArtifactException(path(), "reading parquet footer " + path() + ": " + e.getMessage(), e);
    }
  }

  /** The footer's {@code created_by}: which library wrote the file. */
  public String createdBy() {
    return file.createdBy();
  }

  /** The Parquet schema, as parquet-java prints it. */
  public String parquetSchema() {
    return file.parquetSchema();
  }

  public List<RowGroupInfo> rowGroups() {
    return file.rowGroups();
  }

  /** The row count of each row group. */
  public long[] rowGroupRows() {
    return file.rowGroups().stream().mapToLong(RowGroupInfo::rows).toArray();
  }

  /** Reads the named columns into memory (every column when none is named). */
  public Table read(String... columns) {
    return Table.read(this, columns.length == 0 ? null : List.of(columns));
  }

  /**
   * Reads the named columns of one row group (every column when none is named): a whole-file scan in bounded memory,
   * row group by row group. The returned table's rows are the row group's, counted from 0; its first file row is
   * {@code rowGroups().get(rowGroup).firstRow()}.
   */
  public Table readRowGroup(int rowGroup, String... columns) {
    return Table.read(new TableFile(file.rowGroupView(rowGroup, 1)), columns.length == 0 ? null : List.of(columns));
  }

  ParquetFile parquet() {
    return file;
  }

  @Override
  public String toString() {
    return "TableFile[" + path() + ", " + rows() + " rows, " + columnNames() + "]";
  }
}
