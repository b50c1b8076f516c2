package io.github.artifactio.engine.table;

import io.github.artifactio.engine.ArtifactException;
import io.github.artifactio.engine.ColumnNotFoundException;
import io.github.artifactio.engine.ColumnTypeException;
import io.github.artifactio.engine.column.Column;
import io.github.artifactio.engine.column.OptInt32Column;
import io.github.artifactio.engine.internal.concurrent.Workers;
import io.github.artifactio.engine.internal.parquet.read.ArrowBatches;
import io.github.artifactio.engine.internal.parquet.read.ParquetFile;
import io.github.artifactio.engine.internal.parquet.read.Scan;
import io.github.artifactio.engine.internal.parquet.read.SpanCache;
import io.github.artifactio.engine.internal.parquet.read.StringInterner;
import io.github.artifactio.engine.layout.ChunkWalk;
import io.github.artifactio.engine.layout.FileLayout;
import io.github.artifactio.engine.sidecar.SchemaGate;
import io.github.artifactio.engine.sidecar.SchemaId;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * A handle on a Parquet artifact, opened from the footer alone (optionally with the offset index of every column
 * chunk), that streams its columns. A handle covers the whole file or a row span of it ({@link #span},
 * {@link #openRows}), which behaves as a smaller file: {@link #rows()}, batches, selections and reads count rows
 * from the span's first row. Spans do not nest; parts ({@link #rowParts}, {@link #rowGroupParts}) are spans.
 *
 * <p>Reads: {@link #batches} (typed primitive-array chunks), {@link #arrowBatches} (Arrow, the caller's allocator),
 * {@link #selected} (only the rows of a {@link RowSelection}, skipping pages with no kept row on a handle opened with
 * the offset index), whole columns into a {@link Table} ({@link #read}) or one column {@link As} a type with the
 * table's null policy and messages ({@link #get}), and {@link #stringsInterned}. The schema-version gate of
 * {@link #open(Path, OpenOptions)} is {@link io.github.artifactio.engine.sidecar.SchemaGate}'s.
 *
 * <p>Immutable and safe to share between threads; each read opens its own file channel.
 */
public final class TableFile {
  /** Rows per batch of {@link #stringsInterned}. */
  static final int STRING_BATCH_ROWS = 1 << 16;

  private final ParquetFile file;
  private final long first;
  private final long rows;
  private final boolean span;

  private TableFile(ParquetFile file, long first, long rows, boolean span) {
    this.file = file;
    this.first = first;
    this.rows = rows;
    this.span = span;
  }

  /** Parses the footer of {@code path}. */
  public static TableFile open(Path path) {
    ParquetFile f = ParquetFile.open(path);
    return new TableFile(f, 0, f.rows(), false);
  }

  /** Parses the footer and loads the offset index of every column chunk that has one. */
  public static TableFile openWithOffsetIndex(Path path) {
    ParquetFile f = ParquetFile.open(path).withOffsetIndex();
    return new TableFile(f, 0, f.rows(), false);
  }

  /**
   * Opens {@code path} as {@code options} say; with an expected schema, the footer, the report sidecar and the
   * manifest are checked before the offset index or any page is read.
   */
  public static TableFile open(Path path, OpenOptions options) {
    ParquetFile f = ParquetFile.open(path);
    TableFile footerOnly = new TableFile(f, 0, f.rows(), false);
    options.expectSchema().ifPresent(
        expected -> SchemaGate.require(path, expected, footerOnly.schemaId(), options.manifest().orElse(null)));
    if (options.offsetIndex()) {
      f = f.withOffsetIndex();
      return new TableFile(f, 0, f.rows(), false);
    }
    return footerOnly;
  }

  /** {@code open(path).span(firstRow, rows)}. */
  public static TableFile openRows(Path path, long firstRow, long rows) {
    return open(path).span(firstRow, rows);
  }

  /**
   * Rows {@code [firstRow, firstRow + rows)} of the file as a handle of their own. Spans are taken from the
   * whole-file handle (so their rows are file rows); a span outside the file is an error.
   */
  public TableFile span(long firstRow, long rows) {
    if (span) {
      throw new ArtifactException(
          path(),
          "TableFile.span: this handle is already a row span; take spans from the whole-file handle so their rows"
              + " are file rows");
    }
    if (firstRow < 0 || rows < 0 || firstRow + rows > file.rows()) {
      throw new ArtifactException(
          path(),
          "row span " + firstRow + ".." + (firstRow + rows) + " lies outside the file, which has " + file.rows()
              + " rows");
    }
    return new TableFile(file, firstRow, rows, true);
  }

  // ---- the footer

  public Path path() {
    return file.path();
  }

  /** The rows of this handle: the file's, or the span's. */
  public long rows() {
    return rows;
  }

  /** The file row of this handle's first row (0 for a whole-file handle). */
  public long firstRow() {
    return first;
  }

  /** Whether this handle is a row span (or a part) of its file. */
  public boolean isSpan() {
    return span;
  }

  /** The file's row count, whatever the span. */
  public long fileRows() {
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
      throw new ArtifactException(path(), e.getMessage(), e); // the message names the footer key
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

  /** The file's row groups (whole file, whatever the span). */
  public List<RowGroupInfo> rowGroups() {
    return file.rowGroups();
  }

  /**
   * The file's physical layout from the footer this handle read (whole file, whatever the span): row groups with their
   * declared sort orders, column chunks, page index locations. The same record {@link FileLayout#read} gives.
   */
  public FileLayout layout() {
    return file.layout();
  }

  /**
   * Walks every page of the file once, as {@link FileLayout#walkPages} does, and in the same pass decodes every value
   * of each top-level column's leaf with the engine's reader ({@link ChunkWalk#values()}), from the pages as the walk
   * checked and decompressed them: each page is read and decompressed once. Memory is one chunk's compressed bytes
   * (or one window of a larger chunk) and one 65,536-row batch.
   */
  public void walkPagesAndValues(Consumer<ChunkWalk> each) {
    file.walkPagesAndValues(each);
  }

  /**
   * {@link #walkPagesAndValues(Consumer)} over row groups {@code [fromGroup, toGroup)} of the file alone: the walks of
   * consecutive ranges hand on, together, exactly the chunks of one walk over the file, in the same order.
   *
   * @throws IllegalArgumentException when the range is not one of the file's row groups
   */
  public void walkPagesAndValues(int fromGroup, int toGroup, Consumer<ChunkWalk> each) {
    file.walkPagesAndValues(fromGroup, toGroup, each);
  }

  /** The row count of each of the file's row groups. */
  public long[] rowGroupRows() {
    return file.rowGroupShapes().stream().mapToLong(RowGroupInfo::rows).toArray();
  }

  /** Whether every leaf of the schema is required (no definition levels anywhere). */
  public boolean allLeavesRequired() {
    return file.allLeavesRequired();
  }

  /** Whether the handle holds page locations for every row group it covers. */
  public boolean offsetIndexed() {
    if (!file.offsetIndexLoaded()) {
      return false;
    }
    for (RowGroupInfo g : coveredGroups()) {
      if (!file.offsetIndexed(g.index())) {
        return false;
      }
    }
    return true;
  }

  /**
   * The column's statistics for each of the file's row groups, from the footer (whole-file statistics, also on a
   * span).
   */
  public List<RowGroupStats> rowGroupStats(String column) {
    requireModelColumn(column);
    double[][] s = file.numericStats(column);
    List<RowGroupInfo> groups = file.rowGroupShapes();
    List<RowGroupStats> out = new ArrayList<>(groups.size());
    for (int g = 0; g < groups.size(); g++) {
      out.add(
          s[g] == null
              ? new RowGroupStats(groups.get(g).rows(), OptionalDouble.empty(), OptionalDouble.empty())
              : new RowGroupStats(groups.get(g).rows(), OptionalDouble.of(s[g][0]), OptionalDouble.of(s[g][1])));
    }
    return out;
  }

  /** Whether the file's row groups are sorted by {@code column} ({@link RowGroupStats#sortedByColumn}). */
  public boolean rowGroupsSortedBy(String column) {
    return RowGroupStats.sortedByColumn(rowGroupStats(column));
  }

  // ---- parts

  /** The row groups this handle covers, their chunks without statistics (which nothing here reads). */
  private List<RowGroupInfo> coveredGroups() {
    List<RowGroupInfo> out = new ArrayList<>();
    for (RowGroupInfo g : file.rowGroupShapes()) {
      if (g.firstRow() < first + rows && g.firstRow() + g.rows() > first) {
        out.add(g);
      }
    }
    return out;
  }

  /** This handle cut at the file's row-group boundaries, in order (an empty handle gives no parts). */
  public List<TableFile> rowGroupParts() {
    List<TableFile> out = new ArrayList<>();
    for (RowGroupInfo g : coveredGroups()) {
      long lo = Math.max(first, g.firstRow());
      long hi = Math.min(first + rows, g.firstRow() + g.rows());
      if (hi > lo) {
        out.add(new TableFile(file, lo, hi - lo, true));
      }
    }
    return out;
  }

  /**
   * This handle cut into at most {@code maxParts} row-contiguous parts, in order, of about equal rows: cuts fall at
   * row-group boundaries, and inside a row group with an offset index at page boundaries (those of its largest
   * column chunk); a group without one is never split.
   */
  public List<TableFile> rowParts(int maxParts) {
    if (maxParts < 1) {
      throw new IllegalArgumentException("maxParts must be at least 1, got " + maxParts);
    }
    if (rows == 0) {
      return List.of();
    }
    TreeSet<Long> cuts = new TreeSet<>();
    for (RowGroupInfo g : coveredGroups()) {
      cuts.add(g.firstRow());
      if (file.offsetIndexed(g.index())) {
        int largest = 0;
        for (int leaf = 1; leaf < g.chunks().size(); leaf++) {
          if (g.chunks().get(leaf).compressedBytes() > g.chunks().get(largest).compressedBytes()) {
            largest = leaf;
          }
        }
        for (long p : file.pageStarts(g.index(), largest)) {
          cuts.add(g.firstRow() + p);
        }
      }
    }
    cuts.add(first + rows);
    List<Long> candidates = cuts.stream().filter(c -> c > first && c <= first + rows).collect(Collectors.toList());
    List<TableFile> out = new ArrayList<>();
    long lo = first;
    int ci = 0;
    for (int k = 1; k <= maxParts && lo < first + rows; k++) {
      long ideal = first + rows * k / maxParts;
      if (k == maxParts) {
        ideal = first + rows;
      }
      // the candidate closest to the ideal cut, past lo
      long best = -1;
      while (ci < candidates.size()) {
        long c = candidates.get(ci);
        if (c <= lo) {
          ci++;
          continue;
        }
        if (best < 0 || Math.abs(c - ideal) <= Math.abs(best - ideal)) {
          best = c;
          if (c >= ideal) {
            break;
          }
          ci++;
        } else {
          break;
        }
      }
      if (best < 0) {
        best = first + rows;
      }
      out.add(new TableFile(file, lo, best - lo, true));
      lo = best;
    }
    if (lo < first + rows) {
      TableFile last = out.remove(out.size() - 1);
      out.add(new TableFile(file, last.first, first + rows - last.first, true));
    }
    return out;
  }

  /**
   * The handle rows at which the data pages of {@code column} begin, from the offset index; an error on a handle
   * opened without it, or where a row group it covers has none.
   */
  public long[] pageStarts(String column) {
    requireModelColumn(column);
    int leaf = file.leafOf(column);
    List<Long> out = new ArrayList<>();
    for (RowGroupInfo g : coveredGroups()) {
      long[] starts = file.pageStarts(g.index(), leaf);
      if (starts == null) {
        throw new ArtifactException(
            path(), column, g.index(), null,
            "pageStarts: no offset index is loaded for the column chunk"
                + (file.offsetIndexLoaded() ? "" : " (open the file with TableFile.openWithOffsetIndex)"));
      }
      for (long s : starts) {
        long r = g.firstRow() + s - first;
        if (r >= 0 && r < rows) {
          out.add(r);
        }
      }
    }
    return out.stream().mapToLong(Long::longValue).toArray();
  }

  // ---- streaming reads

  /** The projection in file order; null names every column. Unknown names and unread types are errors. */
  List<ColumnSpec> projection(List<String> names) {
    List<ColumnSpec> projection = new ArrayList<>();
    if (names == null) {
      projection.addAll(columns());
    } else {
      Set<String> wanted = new LinkedHashSet<>(names);
      for (String n : wanted) {
        column(n);
      }
      for (ColumnSpec s : columns()) {
        if (wanted.contains(s.name())) {
          projection.add(s);
        }
      }
    }
    for (ColumnSpec s : projection) {
      requireReadable(s);
    }
    return projection;
  }

  private void requireModelColumn(String name) {
    requireReadable(column(name));
  }

  private void requireReadable(ColumnSpec s) {
    if (s.decodedAs() == null) {
      throw new ColumnTypeException(
          path(), s.name(), null,
          "the column has type " + s.arrowType() + " (" + s.parquetType()
              + "), which the engine does not read; read the other columns by name");
    }
  }

  private Scan scan(List<ColumnSpec> projection, long[] starts, long[] ends, int batchRows, ScanOptions options) {
    return scan(projection, starts, ends, batchRows, options, false);
  }

  private Scan scan(List<ColumnSpec> projection, long[] starts, long[] ends, int batchRows, ScanOptions options,
      boolean withinRowGroups) {
    SpanReadOptions c = options.coalesce().orElse(null);
    Scan.Config config = new Scan.Config(
        Workers.of(options.context()),
        options.decodeThreads(),
        c == null ? null : new SpanCache.Options(c.maxGapBytes(), c.maxSpanBytes(), c.maxResidentBytes(), c.prefetch()),
        options.verifyPageChecksums(),
        withinRowGroups);
    return new Scan(file, projection, starts, ends, batchRows, config);
  }

  private long[][] wholeHandle() {
    return rows == 0 ? new long[][] {new long[0], new long[0]} : new long[][] {{first}, {first + rows}};
  }

  /** The named columns (all when {@code columns} is null), in file order, {@code batchRows} rows a batch. */
  public BatchReader batches(List<String> columns, int batchRows) {
    return batches(columns, batchRows, ScanOptions.defaults());
  }

  public BatchReader batches(List<String> columns, int batchRows, ScanOptions options) {
    long[][] r = wholeHandle();
    return new BatchReader(scan(projection(columns), r[0], r[1], batchRows, options));
  }

  /**
   * As {@link #batches(List, int, ScanOptions)}, but no batch crosses a row group: each row group's rows (of this
   * handle) come in batches of {@code batchRows}, the last one shorter, so a batch's rows all belong to one row group.
   * One reader over many row groups: a consumer that must know each value's row group (a validation) pays for one
   * reader's set-up, not one per row group (on a file of DuckDB's 122,880-row groups that set-up was a seventh of a
   * scan of one column).
   */
  public BatchReader rowGroupBatches(List<String> columns, int batchRows, ScanOptions options) {
    long[][] r = wholeHandle();
    return new BatchReader(scan(projection(columns), r[0], r[1], batchRows, options, true));
  }

  /** The same batches as Arrow roots from {@code allocator}; the caller closes each root. */
  public ArrowBatchReader arrowBatches(List<String> columns, int batchRows, BufferAllocator allocator) {
    return arrowBatches(columns, batchRows, allocator, ScanOptions.defaults());
  }

  public ArrowBatchReader arrowBatches(
      List<String> columns, int batchRows, BufferAllocator allocator, ScanOptions options) {
    List<ColumnSpec> projection = projection(columns);
    long[][] r = wholeHandle();
    return new ArrowBatchReader(
        new BatchReader(scan(projection, r[0], r[1], batchRows, options)), allocator, arrowSchemaOf(projection));
  }

  /** The Arrow schema batches of these columns have. */
  public Schema arrowSchemaOf(List<ColumnSpec> projection) {
    List<Boolean> optional = new ArrayList<>();
    for (ColumnSpec s : projection) {
      optional.add(file.leafOptional(s));
    }
    return ArrowBatches.schema(projection, optional);
  }

  /**
   * Only the kept rows of {@code selection}, whose runs start at this handle's first row. On a handle opened with the
   * offset index, a data page holding no kept row is neither read nor decompressed; a row group holding none is not
   * touched on any handle.
   */
  public BatchReader selected(RowSelection selection, List<String> columns, int batchRows) {
    return selected(selection, columns, batchRows, ScanOptions.defaults());
  }

  public BatchReader selected(RowSelection selection, List<String> columns, int batchRows, ScanOptions options) {
    if (selection.coveredRows() > rows) {
      throw new ArtifactException(
          path(),
          "the selection covers " + selection.coveredRows() + " rows, but "
              + (span ? "the span (rows " + first + ".." + (first + rows) + ")" : "the file") + " has " + rows);
    }
    long[][] r = selection.ranges(first);
    return new BatchReader(scan(projection(columns), r[0], r[1], batchRows, options));
  }

  /** {@link #selected} as Arrow roots from {@code allocator}. */
  public ArrowBatchReader arrowSelected(
      RowSelection selection, List<String> columns, int batchRows, BufferAllocator allocator, ScanOptions options) {
    List<ColumnSpec> projection = projection(columns);
    return new ArrowBatchReader(
        selected(selection, columns, batchRows, options), allocator, arrowSchemaOf(projection));
  }

  // ---- whole-column reads

  /** Reads the named columns into memory (every column when none is named), over this handle's rows. */
  public Table read(String... columns) {
    return read(columns.length == 0 ? null : List.of(columns));
  }

  /**
   * Reads the named columns into memory, in file order (every column when {@code columns} is null), over this handle's
   * rows; an unknown name is an error listing the columns present, a type outside the model one naming it.
   */
  public Table read(List<String> columns) {
    List<ColumnSpec> projection = projection(columns);
    return new Table(path(), rows, projection, readColumns(projection));
  }

  /**
   * Reads the named columns of one row group (every column when none is named): a whole-file scan in bounded memory,
   * row group by row group. The returned table's rows are the row group's, counted from 0; its first file row is
   * {@code rowGroups().get(rowGroup).firstRow()}.
   */
  public Table readRowGroup(int rowGroup, String... columns) {
    ParquetFile view = file.rowGroupView(rowGroup, 1);
    return new TableFile(view, 0, view.rows(), false).read(columns);
  }

  /** One column over this handle's rows, read {@code as} says, with {@link Table#get}'s null policy and messages. */
  public <T> T get(String column, As<T> as) {
    return read(List.of(column)).get(column, as);
  }

  /** The projected columns over this handle's rows, each one array. */
  private List<Column> readColumns(List<ColumnSpec> projection) {
    if (rows > Integer.MAX_VALUE - 8) {
      throw new ArtifactException(
          path(), "the file has " + rows + " rows, more than a whole-column read into Java arrays holds");
    }
    if (rows == 0 || projection.isEmpty()) {
      return file.read(projection, 0);
    }
    file.requireHeapFor(rows, projection);
    long[][] r = wholeHandle();
    try (Scan s = scan(projection, r[0], r[1], (int) rows, ScanOptions.defaults())) {
      return s.next();
    }
  }

  /**
   * A string column as one id per row plus its distinct values, numbered by first appearance (upstream
   * {@code str_interned}); read batch by batch; a NULL is an error naming the column and the handle row.
   */
  public StringsInterned stringsInterned(String name) {
    ColumnSpec spec = column(name);
    requireReadable(spec);
    // the type check and its message are the string accessor's, on a zero-row read
    new Table(path(), 0, List.of(spec), file.read(List.of(spec), 0)).get(name, As.UTF8_FLAT);
    if (rows > Integer.MAX_VALUE - 8) {
      throw new ArtifactException(path(), "the file has " + rows + " rows, more than one id array holds");
    }
    int[] ids = new int[(int) rows];
    StringInterner interner = new StringInterner();
    int at = 0;
    long[][] r = wholeHandle();
    try (Scan scan = scan(List.of(spec), r[0], r[1], STRING_BATCH_ROWS, ScanOptions.defaults())) {
      scan.internStrings(interner);
      List<Column> batch;
      while ((batch = scan.next()) != null) {
        OptInt32Column c = (OptInt32Column) batch.get(0); // the interned ids (Scan.internStrings)
        for (int i = 0; i < c.length(); i++) {
          if (!c.valid()[i]) {
            throw Table.rejectNull(path(), name, at + i);
          }
        }
        System.arraycopy(c.values(), 0, ids, at, c.length());
        at += c.length();
      }
    }
    return new StringsInterned(ids, interner.values());
  }

  ParquetFile parquet() {
    return file;
  }

  @Override
  public String toString() {
    return "TableFile[" + path() + ", " + rows + " rows" + (span ? " from row " + first : "") + ", " + columnNames()
        + "]";
  }
}
