package io.github.artifactio.engine.internal.parquet.splice;

import io.github.artifactio.engine.ArtifactException;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.channels.FileChannel;
import org.apache.parquet.format.ColumnChunk;
import org.apache.parquet.format.ColumnIndex;
import org.apache.parquet.format.OffsetIndex;
import org.apache.parquet.format.PageLocation;
import org.apache.parquet.format.Util;

/**
 * The page indexes of one row group of a splice input, read (the whole row group's with one read where they lie
 * together, as writers put them) and checked before its chunks are copied: every offset index parses, its pages lie
 * in their chunk in row order starting at row 0, and a column index parses and has one entry per page. The column
 * index is kept as its bytes (it holds no offsets, so the splice copies it unchanged); the offset index is kept parsed,
 * to be shifted with its chunk.
 */
final class SpliceIndexes {
  final byte[][] columnIndex;
  final OffsetIndex[] offsetIndex;

  private SpliceIndexes(int leaves) {
    this.columnIndex = new byte[leaves][];
    this.offsetIndex = new OffsetIndex[leaves];
  }

  /** Reads row group {@code g}'s page indexes from {@code in}; a chunk without one has none here either. */
  static SpliceIndexes read(SpliceInput in, FileChannel channel, int g) {
    int leaves = in.leaves();
    SpliceIndexes out = new SpliceIndexes(leaves);
    long lo = Long.MAX_VALUE;
    long hi = -1;
    for (int leaf = 0; leaf < leaves; leaf++) {
      ColumnChunk cc = in.columnChunk(g, leaf);
      if (cc.isSetColumn_index_offset()) {
        lo = Math.min(lo, cc.getColumn_index_offset());
        hi = Math.max(hi, cc.getColumn_index_offset() + cc.getColumn_index_length());
      }
      if (cc.isSetOffset_index_offset()) {
        lo = Math.min(lo, cc.getOffset_index_offset());
        hi = Math.max(hi, cc.getOffset_index_offset() + cc.getOffset_index_length());
      }
    }
    if (hi < 0) {
      return out;
    }
    // the indexes of a row group are small (a few dozen bytes a page) and lie together before the footer; where a
    // writer scattered them, each is read on its own
    boolean together = hi - lo <= 16L << 20;
    byte[] all;
    try {
      all = together ? SpliceInput.readAt(channel, lo, (int) (hi - lo)) : null;
    } catch (IOException e) {
      throw new ArtifactException(in.path(), null, g, null, "reading the page indexes: " + e, e);
    }
    for (int leaf = 0; leaf < leaves; leaf++) {
      ColumnChunk cc = in.columnChunk(g, leaf);
      SpliceInput.Chunk chunk = in.chunk(g, leaf);
      try {
        if (cc.isSetOffset_index_offset()) {
          byte[] b = bytes(channel, all, lo, cc.getOffset_index_offset(), cc.getOffset_index_length());
          OffsetIndex oi = Util.readOffsetIndex(new ByteArrayInputStream(b));
          check(oi, chunk, in.rows(g), in, g);
          out.offsetIndex[leaf] = oi;
        }
        if (cc.isSetColumn_index_offset()) {
          byte[] b = bytes(channel, all, lo, cc.getColumn_index_offset(), cc.getColumn_index_length());
          ColumnIndex ci = Util.readColumnIndex(new ByteArrayInputStream(b));
          OffsetIndex oi = out.offsetIndex[leaf];
          if (oi != null && ci.getNull_pagesSize() != oi.getPage_locationsSize()) {
            throw new ArtifactException(in.path(), chunk.column(), g, null, "its column index has "
                + ci.getNull_pagesSize() + " pages but its offset index " + oi.getPage_locationsSize()
                + "; the file is corrupt");
          }
          out.columnIndex[leaf] = b;
        }
      } catch (IOException | RuntimeException e) {
        if (e instanceof ArtifactException) {
          throw (ArtifactException) e;
        }
        throw new ArtifactException(in.path(), chunk.column(), g, null, "its page index does not decode: "
            + e.getMessage() + "; the file is corrupt", e);
      }
    }
    return out;
  }

  private static byte[] bytes(FileChannel channel, byte[] all, long lo, long offset, int length) throws IOException {
    if (all != null) {
      return java.util.Arrays.copyOfRange(all, (int) (offset - lo), (int) (offset - lo) + length);
    }
    return SpliceInput.readAt(channel, offset, length);
  }

  private static void check(OffsetIndex oi, SpliceInput.Chunk chunk, long rows, SpliceInput in, int g) {
    long prevRow = -1;
    for (int i = 0; i < oi.getPage_locationsSize(); i++) {
      PageLocation p = oi.getPage_locations().get(i);
      boolean inChunk = p.getOffset() >= chunk.start() && p.getCompressed_page_size() >= 0
          && p.getOffset() + p.getCompressed_page_size() <= chunk.end();
      boolean ordered = i == 0 ? p.getFirst_row_index() == 0 : p.getFirst_row_index() > prevRow;
      if (!inChunk || !ordered || p.getFirst_row_index() >= Math.max(1, rows)) {
        throw new ArtifactException(in.path(), chunk.column(), g, null, "its offset index has page " + i
            + " at " + p.getOffset() + " (" + p.getCompressed_page_size() + " bytes, first row "
            + p.getFirst_row_index() + ") outside its chunk " + chunk.start() + ".." + chunk.end()
            + " or out of row order; the file is corrupt");
      }
      prevRow = p.getFirst_row_index();
    }
  }

  /** The chunk-relative page offsets of leaf {@code leaf}'s offset index, or null when it has none. */
  long[] pageOffsets(int leaf, long chunkStart) {
    OffsetIndex oi = offsetIndex[leaf];
    if (oi == null) {
      return null;
    }
    long[] out = new long[oi.getPage_locationsSize()];
    for (int i = 0; i < out.length; i++) {
      out[i] = oi.getPage_locations().get(i).getOffset() - chunkStart;
    }
    return out;
  }

  /** The page sizes (header included) of leaf {@code leaf}'s offset index, or null when it has none. */
  int[] pageSizes(int leaf) {
    OffsetIndex oi = offsetIndex[leaf];
    if (oi == null) {
      return null;
    }
    int[] out = new int[oi.getPage_locationsSize()];
    for (int i = 0; i < out.length; i++) {
      out[i] = oi.getPage_locations().get(i).getCompressed_page_size();
    }
    return out;
  }
}
