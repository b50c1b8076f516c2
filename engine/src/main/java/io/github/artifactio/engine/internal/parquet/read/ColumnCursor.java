package io.github.artifactio.engine.internal.parquet.read;

import io.github.artifactio.engine.ArtifactException;
import io.github.artifactio.engine.internal.parquet.format.Schemas;
import io.github.artifactio.engine.column.Column;
import io.github.artifactio.engine.table.ColumnSpec;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.schema.MessageType;

/**
 * One projected column of a {@link Scan}: its readers over the row groups a batch needs. The single reader uses one
 * lane; a column a parallel scan may cut ({@link #splittable}) reads a batch's two parts on two lanes, over pages
 * they share ({@link SharedChunk}).
 */
final class ColumnCursor {
  /** What the cursors of one scan read: the file, where its pages come from, which rows the scan keeps. */
  record ScanFile(ParquetFile file, ChunkSource source, boolean sourceCopies, List<long[]>[] keptByGroup,
      long[] groupFirst, boolean verifyChecksums, int streamWindow) {}

  /** One reader of a column: a {@link LeafReader} over a row group's chunk, at a chunk row. */
  static final class Lane {
    int group = -1;
    LeafReader reader;
    /** The pages this lane shares with the column's other lane; null where they are its own. */
    SharedChunk chunk;
    /** The lane's chunk where it is read through a reused window ({@link ChunkPages#streamed}); else null. */
    ChunkPages streamed;

    /** Whether this lane's next row is {@code op}'s first. */
    boolean at(Scan.Op op) {
      return reader != null && group == op.group() && reader.row == op.from();
    }
  }

  final ColumnSpec spec;
  final int leaf;
  final ColumnDescriptor desc;
  final int listDef;
  final boolean optional;
  final Lane[] lanes = {new Lane(), new Lane()};
  /** The scan's file, set once the scan has opened it. */
  ScanFile scan;
  /** The file with its offset index, for where a list's pages start; null where it has none. */
  ParquetFile pageHints;
  /** Set when the (one, string) column is read as interned ids. */
  StringInterner interner;
  /** Whether a parallel scan may cut this column's batches in two (only then is the second lane used). */
  boolean splittable;
  /** List items and rows of this column's previous batch, for the next batch's items array. */
  long lastItems = -1;
  long lastRows;
  /**
   * The array the previous whole chunk of this column was read into, reused for the next once its reader is closed:
   * nothing outlives a chunk's reader (values, dictionaries and strings are copied out), and a fresh array per chunk
   * cost its zeroing (1.2 ms for 8 MB on the benchmark machine). Only arrays from the file, never a span's. Taken
   * and given back under the cursor's lock, as the two lanes of a cut column open chunks at the same time.
   */
  byte[] chunkBuffer;

  /** Items expected in a batch of {@code rows}: the previous batch's rate with 5% to spare, or -1 for none yet. */
  int itemsHint(int rows) {
    if (lastItems < 0 || lastRows == 0) {
      return -1;
    }
    double expected = (double) lastItems / lastRows * rows * 1.05 + 64;
    return (int) Math.min(expected, 1 << 26);
  }

  ColumnCursor(ColumnSpec spec, int leaf, ColumnDescriptor desc, MessageType schema) {
    this.spec = spec;
    this.leaf = leaf;
    this.desc = desc;
    this.listDef = spec.decodedAs().isList() ? Schemas.repeatedDefinitionLevel(schema, desc) - 1 : 0;
    this.optional = desc.getMaxDefinitionLevel() > 0;
  }

  Column run(Lane lane, List<Scan.Op> ops, int rows) {
    Builders.Base b = builder(rows);
    read(lane, ops, b, false);
    return build(b, ops.get(ops.size() - 1).group());
  }

  Builders.Base builder(int rows) {
    return builder(rows, rows);
  }

  /**
   * A builder of {@code rows} rows whose list items are sized for {@code filled} of them: the first part of a cut
   * column fills its rows only, its builder taking the second part's items at the join, into an exact array.
   */
  Builders.Base builder(int rows, int filled) {
    return interner != null
        ? new Builders.Interned(spec.name(), optional, rows, interner)
        : Builders.create(spec.name(), spec.decodedAs(), optional, rows, itemsHint(filled));
  }

  /**
   * Reads the rows of {@code ops} into {@code b} on {@code lane}; with {@code cutAfter}, the rows end at a page
   * the other lane begins at ({@link LeafReader#requirePageEnd}).
   */
  void read(Lane lane, List<Scan.Op> ops, Builders.Base b, boolean cutAfter) {
    int at = -1;
    try {
      for (Scan.Op op : ops) {
        at = op.group();
        if (op.group() != lane.group || lane.reader.row > op.from()) {
          open(lane, op.group());
        }
        lane.reader.skip(op.from() - lane.reader.row);
        lane.reader.read(op.count(), b);
      }
      if (cutAfter) {
        lane.reader.requirePageEnd();
      }
    } catch (LeafReader.NullItemException e) {
      long row = scan.groupFirst()[at] + e.row;
      throw new ArtifactException(scan.file().path(), spec.name(), at, row, Scan.NULL_LIST_ITEM);
    } catch (LeafReader.PageChecksumException e) {
      throw new ArtifactException(
          scan.file().path(), spec.name(), at, null,
          e.pageName() + ": the page's CRC32 is " + hex(e.actual) + " but its header records " + hex(e.recorded)
              + "; the file is corrupt");
    } catch (IOException | RuntimeException e) {
      if (e instanceof ArtifactException) {
        throw ((ArtifactException) e).located(scan.file().path(), spec.name(), at, null);
      }
      throw new ArtifactException(
          scan.file().path(), spec.name(), at, null, e.getMessage() != null ? e.getMessage() : e.toString(), e);
    }
  }

  /** The column of a batch's rows read into {@code b}, the last of them in row group {@code group}. */
  Column build(Builders.Base b, int group) {
    if (b instanceof Builders.ListBase l) {
      lastItems = l.items;
      lastRows = l.size;
    }
    try {
      return b.buildRows();
    } catch (Builders.LevelsException e) {
      throw new ArtifactException(scan.file().path(), spec.name(), group, null, e.getMessage(), e);
    }
  }

  private void open(Lane lane, int g) throws IOException {
    close(lane);
    ColumnChunkMetaData cc = scan.file().blocks().get(g).getColumns().get(leaf);
    ChunkPages.PageIndex index = scan.file().pageIndex(g, leaf);
    boolean[] wanted = index == null ? null : wantedPages(index, scan.keptByGroup()[g]);
    PageSource pages;
    if (splittable && shareable(g)) {
      // the other lane may be opening the same chunk at this moment: it is read once, by whichever comes first
      synchronized (this) {
        Lane other = lanes[0] == lane ? lanes[1] : lanes[0];
        if (other.group == g && other.chunk != null) {
          lane.chunk = other.chunk;
        } else {
          ChunkPages own = chunkPages(g, cc, index, wanted);
          byte[] whole = scan.sourceCopies() ? own.wholeChunk() : null;
          ChunkPages.PageIndex rows = pageHints == null ? null : pageHints.pageIndex(g, leaf);
          lane.chunk = new SharedChunk(own, rows, desc.getMaxRepetitionLevel() > 0, whole);
        }
        lane.group = g;
        pages = lane.chunk.reader();
      }
    } else {
      ChunkPages own = chunkPages(g, cc, index, wanted);
      lane.streamed = own.windowArray() != null ? own : null; // its window comes back to the column when it closes
      pages = own;
      lane.group = g;
    }
    lane.reader = new LeafReader(desc, pages, cc.getCodec(), listDef, scan.verifyChecksums());
  }

  /**
   * Whether a chunk is read through a reused window rather than whole: a column one lane reads (two lanes share a
   * chunk's pages), from a source that copies the file's bytes (spans hand out bytes they hold), larger than the
   * window. Reading a chunk whole cost a chunk-sized array (zeroed when new, 1.2 ms for 8 MB) that the decompression
   * then read back from memory; a window the read fills and the decompression reads at once stays in the core's cache
   * (see {@link ChunkPages#STREAM_WINDOW}).
   */
  private boolean streams(ColumnChunkMetaData cc) {
    return !splittable && scan.sourceCopies() && cc.getTotalSize() > scan.streamWindow();
  }

  /** Whether two lanes can share row group {@code g}'s pages: a chunk read whole, or the pages a selection keeps. */
  boolean shareable(int g) {
    ChunkPages.PageIndex index = scan.file().pageIndex(g, leaf);
    return index != null && wantedPages(index, scan.keptByGroup()[g]) != null
        || scan.file().blocks().get(g).getColumns().get(leaf).getTotalSize() <= ChunkPages.WHOLE_CHUNK_MAX;
  }

  /**
   * The chunk's pages read as a single reader reads them: through a window ({@link #streams}) or whole, into
   * {@link #chunkBuffer} where it is large enough.
   */
  private ChunkPages chunkPages(int g, ColumnChunkMetaData cc, ChunkPages.PageIndex index, boolean[] wanted)
      throws IOException {
    ChunkPages pages;
    if (wanted != null) {
      pages = ChunkPages.indexed(scan.source(), g, leaf, cc.getStartingPos(), index, wanted);
    } else {
      boolean streamed = streams(cc);
      byte[] reuse;
      synchronized (this) {
        // a window grows as it needs; for a whole read, an array too small for this chunk is dropped before the
        // chunk's is allocated: one chunk's bytes at a time
        reuse = chunkBuffer != null && (streamed || chunkBuffer.length >= cc.getTotalSize()) ? chunkBuffer : null;
        chunkBuffer = null;
      }
      if (streamed) {
        pages = ChunkPages.streamed(scan.source(), g, leaf, cc.getStartingPos(), cc.getTotalSize(),
            cc.getValueCount(), scan.streamWindow(), reuse);
      } else {
        pages = ChunkPages.sequential(
            scan.source(), g, leaf, cc.getStartingPos(), cc.getTotalSize(), cc.getValueCount(), reuse);
        if (scan.sourceCopies() && !splittable) {
          chunkBuffer = pages.wholeChunk() != null ? pages.wholeChunk() : reuse;
        }
      }
    }
    pages.expectEncodings(cc.getEncodings().stream().map(Enum::name).toList());
    return pages;
  }

  /**
   * Where data pages of row group {@code g} start in chunk rows {@code (from, to)}, as far as known without reading:
   * from the walked headers of a chunk a lane has open, else from the offset index; none where neither knows.
   */
  List<Long> pageStarts(int g, long from, long to) {
    if (!shareable(g)) {
      return List.of();
    }
    for (Lane lane : lanes) {
      if (lane.group == g && lane.chunk != null) {
        return lane.chunk.pageStartsWithin(from, to);
      }
    }
    ChunkPages.PageIndex index = pageHints == null ? null : pageHints.pageIndex(g, leaf);
    List<Long> out = new ArrayList<>();
    if (index != null) {
      for (long first : index.firstRows()) {
        if (first > from && first < to) {
          out.add(first);
        }
      }
    }
    return out;
  }

  void close(Lane lane) {
    if (lane.reader != null) {
      lane.reader.close();
      lane.reader = null;
    }
    synchronized (this) {
      // the last lane to let a chunk go gives its array back
      if (lane.chunk != null && lane.chunk.released() && lane.chunk.wholeChunk != null) {
        chunkBuffer = lane.chunk.wholeChunk;
      }
      if (lane.streamed != null) {
        chunkBuffer = lane.streamed.windowArray();
        lane.streamed = null;
      }
      lane.chunk = null;
      lane.group = -1;
    }
  }

  void close() {
    close(lanes[0]);
    close(lanes[1]);
  }

  private static String hex(int v) {
    return String.format("%08x", v);
  }

  /** The pages holding a kept row, or null when every page does (then the chunk is read whole, with one read). */
  private static boolean[] wantedPages(ChunkPages.PageIndex index, List<long[]> kept) {
    int n = index.pages();
    boolean[] wanted = new boolean[n];
    boolean all = true;
    int r = 0;
    for (int p = 0; p < n; p++) {
      long lo = index.firstRows()[p];
      long hi = lo + index.rowsOf(p);
      while (r < kept.size() && kept.get(r)[1] <= lo) {
        r++;
      }
      wanted[p] = r < kept.size() && kept.get(r)[0] < hi;
      all &= wanted[p];
    }
    return all ? null : wanted;
  }
}
