package io.github.artifactio.engine.internal.parquet.read;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The pages of one column chunk, read once and walked once, for the two readers of a column a parallel scan decodes
 * in parts ({@link Scan}): each reader takes the pages from its own place in the walk, so the reader of a batch's
 * second part skips the first part's pages without reading or decompressing them again, and the chunk's bytes are
 * held once. A page header that does not decode fails every reader that reaches it, with the same exception.
 *
 * <p>A list page's rows are not in a v1 header: where the offset index gives them, and a page lies where the index
 * says, the page carries them ({@link ChunkPages.RawPage#rows}), as a selection's pages do, so that a reader can skip
 * it unread; a page not where the index says ends that for the rest of the chunk. The reader that decodes the first
 * part holds the index to its word: it must end exactly where the second part's page begins ({@link
 * LeafReader#requirePageEnd}).
 */
final class SharedChunk {
  private final PageSource pages;
  private final ChunkPages.PageIndex index;
  private final boolean lists;
  private final List<ChunkPages.RawPage> walked = new ArrayList<>();
  /** The first chunk row of each walked page (a dictionary page's is its data page's), -1 from the first unknown. */
  private final List<Long> firstRows = new ArrayList<>();
  private long nextRow;
  private boolean indexHolds;
  private boolean ended;
  private RuntimeException failed;
  private IOException failedIo;
  private int users;
  /** The array the chunk was read into, for its cursor to reuse once every reader is done; null if none. */
  final byte[] wholeChunk;

  /**
   * @param index the chunk's offset index, or null
   * @param lists whether the leaf repeats (a list's items), whose v1 pages do not give their rows
   */
  SharedChunk(PageSource pages, ChunkPages.PageIndex index, boolean lists, byte[] wholeChunk) {
    this.pages = pages;
    this.index = index;
    this.lists = lists;
    this.indexHolds = index != null;
    this.wholeChunk = wholeChunk;
  }

  /** A reader's own walk over the pages, from the first; released with the last reader, the chunk is. */
  synchronized PageSource reader() {
    users++;
    return new PageSource() {
      private int at;

      @Override
      public ChunkPages.RawPage next() throws IOException {
        return page(at++);
      }

      @Override
      public void release() {
        SharedChunk.this.release();
      }
    };
  }

  /** Whether the last reader released the chunk. */
  synchronized boolean released() {
    return users == 0;
  }

  private synchronized void release() {
    if (--users == 0) {
      pages.release();
    }
  }

  /** Page {@code i} of the walk, walking on to it; null past the last. */
  private synchronized ChunkPages.RawPage page(int i) throws IOException {
    walkTo(i);
    if (i < walked.size()) {
      return walked.get(i);
    }
    if (failedIo != null) {
      throw failedIo;
    }
    if (failed != null) {
      throw failed;
    }
    return null;
  }

  private void walkTo(int i) {
    while (walked.size() <= i && !ended && failed == null && failedIo == null) {
      ChunkPages.RawPage p;
      try {
        p = pages.next();
      } catch (IOException e) {
        failedIo = e;
        return;
      } catch (RuntimeException e) {
        failed = e;
        return;
      }
      if (p == null) {
        ended = true;
        return;
      }
      p = withIndexRows(p);
      // a selection's pages say where they start: the pages it does not keep are not in the walk
      long first = p.page >= 0 && p.firstRow >= 0 ? p.firstRow : nextRow;
      firstRows.add(first);
      if (first >= 0 && p.page >= 0) {
        long rows = rowsOf(p);
        nextRow = rows < 0 ? -1 : first + rows;
      }
      walked.add(p);
    }
  }

  /** A v1 list page with its rows from the offset index, where the page lies where the index says. */
  private ChunkPages.RawPage withIndexRows(ChunkPages.RawPage p) {
    if (!lists || !indexHolds || p.page < 0 || p.rows >= 0 || p.header.data_page_header == null) {
      return p;
    }
    int k = p.page;
    if (k >= index.pages() || index.offsets()[k] != p.headerAt
        || index.sizes()[k] != p.bodyAt + p.length - p.headerAt) {
      indexHolds = false;
      return p;
    }
    ChunkPages.RawPage q = new ChunkPages.RawPage(
        p.header, p.data, p.offset, p.length, index.firstRows()[k], index.rowsOf(k), p.headerAt, p.bodyAt);
    q.page = k;
    q.decompressed = p.decompressed;
    return q;
  }

  /** A data page's rows where known without decoding it (as {@link LeafReader} skips it), else -1. */
  private long rowsOf(ChunkPages.RawPage p) {
    if (p.rows >= 0) {
      return p.rows;
    }
    if (p.header.data_page_header_v2 != null) {
      return p.header.data_page_header_v2.num_rows;
    }
    if (!lists && p.header.data_page_header != null) {
      return p.header.data_page_header.num_values;
    }
    return -1;
  }

  /**
   * The chunk rows in {@code (from, to)} where a data page starts, as far as the walk knows them (walking on to
   * {@code to}, headers only): where a second reader can begin without decoding a page the first reader decodes.
   */
  synchronized List<Long> pageStartsWithin(long from, long to) {
    List<Long> out = new ArrayList<>();
    for (int i = 0;; i++) {
      walkTo(i); // a failure is kept for the reader that reaches the page
      if (i >= walked.size()) {
        return out;
      }
      long first = firstRows.get(i);
      if (first < 0 || first >= to) {
        return out;
      }
      if (walked.get(i).page >= 0 && first > from) {
        out.add(first);
      }
    }
  }
}
