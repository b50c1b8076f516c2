package io.github.artifactio.checks.rules;

import io.github.artifactio.engine.column.Column;
import io.github.artifactio.engine.column.ColumnType;
import io.github.artifactio.engine.column.ValueVisitor;
import io.github.artifactio.engine.table.Batch;
import io.github.artifactio.engine.table.BatchReader;
import io.github.artifactio.engine.table.ColumnSpec;
import io.github.artifactio.engine.table.ScanOptions;
import io.github.artifactio.engine.table.TableFile;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/**
 * A {@link ColumnSource} over the engine's streaming reader ({@link TableFile#rowGroupBatches}): one column, at most
 * {@link #BATCH_ROWS} rows decoded at a time, so a rule's memory is one batch (512 KiB of values plus validity) however
 * large a row group is. What else is resident is the engine's: the compressed bytes of the one column chunk being
 * read and one page's decompression buffer.
 *
 * <p>The batches end where row groups do, so every {@link ValueChunk} knows the one row group its rows belong to (the
 * engine's plain batches over a whole file may straddle two); the row groups a scan reads in a row go through one
 * reader, which the file's open counts once.
 *
 * <p>A column that several rules scan ({@code contiguous-ids} and {@code ascending} on {@code id}, say) is decoded once
 * when the source is told so ({@link #sharing}): the first scan keeps the chunks of each row group it reads, up to
 * {@link #SHARED_BYTES} of values, and later scans of those row groups replay them; past that they read again, so
 * memory stays bounded. Reading the column again for each rule cost a validation with two rules twice its read.
 */
public final class BatchColumnSource implements ColumnSource {
  /** Rows per chunk handed to rules: the engine's own streaming unit (its string batches use the same). */
  public static final int BATCH_ROWS = 1 << 16;

  /**
   * With the default batch size, a run of row groups of at most this many rows each is read a whole row group a
   * chunk: DuckDB writes groups of 122,880 rows, which chunks of {@link #BATCH_ROWS} cut in two, the second one short,
   * and a scan of the read benchmark's DuckDB-written {@code id} took 5.0 ms that way against 4.1 ms a group a chunk.
   * Such a chunk holds at most 960 KiB of values (Int64 or Float64), under the 1 MiB from which a G1 heap of 2 MiB
   * regions (heaps of 4 GiB and more) allocates an array as a humongous object.
   */
  static final int WHOLE_GROUP_ROWS = 122_880;

  /**
   * What a source keeps of shared columns at most (values and validity of whole row groups): 64 MiB, or a sixteenth
   * of the heap where that is less, as files are checked on several threads at once and a small heap must still hold
   * what it held before (one batch a rule).
   */
  public static final long SHARED_BYTES = Math.min(64L << 20, Runtime.getRuntime().maxMemory() / 16);

  private final TableFile file;
  private final ReadAccounting accounting;
  private final int batchRows;
  /** Scans still to come of each shared column; a column not here is not kept. */
  private final Map<String, Integer> scansLeft = new HashMap<>();
  /** The kept chunks of each shared column, by row group; a row group is kept whole or not at all. */
  private final Map<String, Map<Integer, List<ValueChunk>>> kept = new HashMap<>();
  private final long sharedBytes;
  private long keptBytes;
  private List<Group> groups;

  public BatchColumnSource(TableFile file, ReadAccounting accounting) {
    this(file, accounting, BATCH_ROWS);
  }

  /** With another batch size: tests use small ones to put batch edges where they want them. */
  public BatchColumnSource(TableFile file, ReadAccounting accounting, int batchRows) {
    this(file, accounting, batchRows, SHARED_BYTES);
  }

  /** With another budget for shared columns: tests use small ones to make a scan read again past it. */
  public BatchColumnSource(TableFile file, ReadAccounting accounting, int batchRows, long sharedBytes) {
    if (batchRows < 1) {
      throw new IllegalArgumentException("batchRows must be at least 1 but was " + batchRows);
    }
    this.file = file;
    this.accounting = accounting;
    this.batchRows = batchRows;
    this.sharedBytes = sharedBytes;
  }

  /**
   * Tells the source how many scans of each column its rules will make ({@link Rule#scannedColumns}), so that a
   * column scanned more than once is decoded once. The source is the one of one file (or range) on one thread.
   */
  public BatchColumnSource sharing(List<Rule> rules) {
    Map<String, Integer> scans = new HashMap<>();
    for (Rule r : rules) {
      for (String column : r.scannedColumns()) {
        scans.merge(column, 1, Integer::sum);
      }
    }
    scans.forEach((column, n) -> {
      if (n > 1) {
        scansLeft.put(column, n);
      }
    });
    return this;
  }

  @Override
  public String describe(String column) {
    if (!file.hasColumn(column)) {
      return "is not in the file (columns: " + String.join(", ", file.columnNames()) + ")";
    }
    ColumnSpec spec = file.column(column);
    ColumnType kind = spec.decodedAs();
    if (kind == null || kind.isList() || kind.leaf() == ColumnType.Leaf.BOOL || kind.leaf() == ColumnType.Leaf.UTF8) {
      return "has type " + spec.arrowType() + ", not an integer or floating-point type";
    }
    return null;
  }

  @Override
  public boolean isInteger(String column) {
    ColumnType.Leaf leaf = file.column(column).decodedAs().leaf();
    return leaf == ColumnType.Leaf.INT64 || leaf == ColumnType.Leaf.INT32 || leaf == ColumnType.Leaf.UINT32;
  }

  @Override
  public String describeKey(String column) {
    if (!file.hasColumn(column)) {
      return "is not in the file (columns: " + String.join(", ", file.columnNames()) + ")";
    }
    ColumnSpec spec = file.column(column);
    ColumnType kind = spec.decodedAs();
    if (kind == null || kind.isList() || column.contains(".")) {
      return "has type " + spec.arrowType() + ", which is not compared as a sort key";
    }
    return null;
  }

  @Override
  public void scanRows(int rowGroup, List<String> columns, Consumer<Rows> consumer) {
    Group g = groups().get(rowGroup);
    // the engine's batch holds the projection in file order; the caller named its keys in sort order. Each key
    // column is widened once a batch, so the rule compares rows without asking for the kind per value
    forEachBatch(g, columns, (row, b) -> consumer.accept(
        new Rows(rowGroup, row, b.rows(), columns.stream().map(b::column).map(KeyValues::of).toList())));
  }

  @Override
  public void scan(String column, Consumer<ValueChunk> consumer) {
    scan(column, 0, groups().size(), consumer);
  }

  @Override
  public void scan(String column, int fromGroup, int toGroup, Consumer<ValueChunk> consumer) {
    Integer left = scansLeft.get(column);
    boolean keep = left != null && left > 1; // a later scan of the column will replay what this one keeps
    Map<Integer, List<ValueChunk>> keptGroups =
        left == null ? Map.of() : kept.computeIfAbsent(column, k -> new HashMap<>());
    try {
      List<Group> wanted = groups().subList(fromGroup, toGroup);
      int i = 0;
      while (i < wanted.size()) {
        List<ValueChunk> replay = keptGroups.get(wanted.get(i).index());
        if (replay != null) {
          replay.forEach(consumer);
          i++;
          continue;
        }
        // the run of row groups from here that nothing replays: one reader for all of them
        int j = i + 1;
        while (j < wanted.size() && keptGroups.get(wanted.get(j).index()) == null) {
          j++;
        }
        readRun(wanted.subList(i, j), column, keep ? keptGroups : null, consumer);
        i = j;
      }
    } finally {
      if (left != null && left > 1) {
        scansLeft.put(column, left - 1);
      } else if (left != null) {
        scansLeft.remove(column);
        release(column);
      }
    }
  }

  /**
   * Reads {@code column} over the consecutive row groups {@code run} with one reader whose batches end where row
   * groups do ({@link TableFile#rowGroupBatches}), so each chunk names its row group; each row group's chunks are
   * kept in {@code keepInto} (when not null) while they fit the budget. One reader a row group cost a seventh of a
   * scan on a file of DuckDB's 122,880-row groups.
   */
  private void readRun(List<Group> run, String column, Map<Integer, List<ValueChunk>> keepInto,
      Consumer<ValueChunk> consumer) {
    Group last = run.get(run.size() - 1);
    long rows = last.firstRow() + last.rows() - run.get(0).firstRow();
    if (rows == 0) {
      return;
    }
    BatchReader reader = file.span(run.get(0).firstRow(), rows).rowGroupBatches(List.of(column), batchRows(run),
        ScanOptions.defaults());
    accounting.opened();
    try {
      int k = 0;
      Group g = run.get(0);
      long row = g.firstRow();
      Keeping keeping = keepInto == null ? null : new Keeping();
      while (reader.hasNext()) {
        Batch b = reader.next();
        while (row == g.firstRow() + g.rows()) { // the batch starts the next row group (past any empty ones)
          keepGroup(keepInto, g, keeping);
          g = run.get(++k);
          row = g.firstRow();
          keeping = keepInto == null ? null : new Keeping();
        }
        ValueChunk c = chunk(g.index(), row, b.column(column));
        if (keeping != null) {
          keeping.offer(c);
        }
        consumer.accept(c);
        row += b.rows();
      }
      keepGroup(keepInto, g, keeping);
    } finally {
      accounting.read(reader.bytesRead());
      reader.close();
    }
  }

  /** Rows a chunk over {@code run}: a whole row group where all are small enough ({@link #WHOLE_GROUP_ROWS}). */
  private int batchRows(List<Group> run) {
    if (batchRows != BATCH_ROWS) {
      return batchRows; // a size asked for (tests)
    }
    long most = 0;
    for (Group g : run) {
      most = Math.max(most, g.rows());
    }
    return most > BATCH_ROWS && most <= WHOLE_GROUP_ROWS ? (int) most : batchRows;
  }

  /** Keeps row group {@code g}'s chunks for later scans when they all fitted the budget. */
  private void keepGroup(Map<Integer, List<ValueChunk>> keepInto, Group g, Keeping keeping) {
    if (keeping != null && keeping.chunks != null) {
      keepInto.put(g.index(), keeping.chunks);
      keptBytes += keeping.bytes;
    }
  }

  /** A row group of the file: where its rows start, and how many. */
  private record Group(int index, long firstRow, long rows) {}

  /**
   * The file's row groups, from their row counts alone: the engine's {@link TableFile#rowGroups} also renders each
   * chunk's statistics as text, which nothing here reads.
   */
  private List<Group> groups() {
    if (groups == null) {
      long[] rows = file.rowGroupRows();
      List<Group> out = new ArrayList<>(rows.length);
      long first = 0;
      for (int i = 0; i < rows.length; i++) {
        out.add(new Group(i, first, rows[i]));
        first += rows[i];
      }
      groups = List.copyOf(out);
    }
    return groups;
  }

  /** A row group's chunks while they fit what is left of the budget; none ({@code chunks} null) once they do not. */
  private final class Keeping {
    List<ValueChunk> chunks = new ArrayList<>();
    long bytes;

    void offer(ValueChunk c) {
      if (chunks == null) {
        return;
      }
      bytes += bytes(c);
      if (keptBytes + bytes > sharedBytes) {
        chunks = null;
      } else {
        chunks.add(c);
      }
    }
  }

  private void release(String column) {
    Map<Integer, List<ValueChunk>> groups = kept.remove(column);
    if (groups != null) {
      for (List<ValueChunk> chunks : groups.values()) {
        for (ValueChunk c : chunks) {
          keptBytes -= bytes(c);
        }
      }
    }
  }

  /** What a kept chunk holds: its values and its validity. */
  private static long bytes(ValueChunk c) {
    long width = c.ints() != null ? 4 : 8;
    return c.size() * width + (c.valid() == null ? 0 : c.size());
  }

  /**
   * Hands each batch of row group {@code g}'s projection to {@code each} with the file row of its first row. Each row
   * group's reader opens the file; bytes are counted as the reader reports them (pages and dictionaries actually
   * read), also when a page fails.
   */
  private void forEachBatch(Group g, List<String> projection, BiConsumer<Long, Batch> each) {
    if (g.rows() == 0) {
      return;
    }
    BatchReader reader = file.span(g.firstRow(), g.rows()).batches(projection, batchRows);
    accounting.opened();
    try {
      long row = g.firstRow();
      while (reader.hasNext()) {
        Batch b = reader.next();
        each.accept(row, b);
        row += b.rows();
      }
    } finally {
      accounting.read(reader.bytesRead());
      reader.close();
    }
  }

  /** One batch of a scannable column (integer or floating point, see {@link #describe}) as a value chunk. */
  static ValueChunk chunk(int rowGroup, long firstRow, Column c) {
    return c.acceptValues(new ValueVisitor<>() {
      @Override
      public ValueChunk int64(long[] values, boolean[] valid) {
        return new ValueChunk(rowGroup, firstRow, values, null, valid);
      }

      @Override
      public ValueChunk int32(int[] values, boolean[] valid) {
        return new ValueChunk(rowGroup, firstRow, null, values, false, null, valid);
      }

      @Override
      public ValueChunk uint32(int[] values, boolean[] valid) {
        return new ValueChunk(rowGroup, firstRow, null, values, true, null, valid);
      }

      @Override
      public ValueChunk float64(double[] values, boolean[] valid) {
        return new ValueChunk(rowGroup, firstRow, null, values, valid);
      }

      @Override
      public ValueChunk float32(float[] values, boolean[] valid) {
        return new ValueChunk(rowGroup, firstRow, null, widen(values), valid);
      }

      @Override
      public ValueChunk bool(boolean[] values, boolean[] valid) {
        throw notScannable(c);
      }

      @Override
      public ValueChunk utf8(byte[] data, int[] offsets, boolean[] valid) {
        throw notScannable(c);
      }
    });
  }

  /** {@link #describe} keeps booleans and strings from the value rules; reaching here is a bug. */
  private static IllegalArgumentException notScannable(Column c) {
    return new IllegalArgumentException("column '" + c.name() + "' of type " + c.type() + " is not scannable");
  }

  static long[] widen(int[] v, boolean unsigned) {
    long[] out = new long[v.length];
    for (int i = 0; i < v.length; i++) {
      out[i] = unsigned ? Integer.toUnsignedLong(v[i]) : v[i];
    }
    return out;
  }

  static double[] widen(float[] v) {
    double[] out = new double[v.length];
    for (int i = 0; i < v.length; i++) {
      out[i] = v[i];
    }
    return out;
  }
}
