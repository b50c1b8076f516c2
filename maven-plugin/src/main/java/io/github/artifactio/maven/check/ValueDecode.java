package io.github.artifactio.maven.check;

import io.github.artifactio.engine.ArtifactException;
import io.github.artifactio.engine.table.BatchReader;
import io.github.artifactio.engine.table.ColumnChunkInfo;
import io.github.artifactio.engine.table.ColumnSpec;
import io.github.artifactio.engine.table.RowGroupInfo;
import io.github.artifactio.engine.table.ScanOptions;
import io.github.artifactio.engine.table.TableFile;
import java.util.List;
import java.util.TreeSet;

/**
 * The last step of {@link StructureRule}'s full scan: every column chunk's values are decoded by the engine's reader
 * (levels, dictionary indexes, encodings), one column of one row group at a time in {@link
 * BatchColumnSource#BATCH_ROWS}-row batches, so a page whose bytes frame, checksum and decompress correctly but whose
 * contents are corrupt is found before a downstream reader trips on it. A failure is located to its data page: the
 * failing batch is read again row by row, and the row is mapped to a page with the page walk's row counts.
 */
final class ValueDecode {
  record Summary(long chunks, long notDecoded, String notDecodedWhy) {}

  /**
   * The walk ran first and found nothing, so every recorded page CRC has just been verified; the engine's reader would
   * only compute them all a second time.
   */
  private static final ScanOptions WALKED = ScanOptions.builder().verifyPageChecksums(false).build();

  private ValueDecode() {}

  static Summary decode(FileContext f, Rule rule, PageWalk.Summary pages, List<Finding> findings) {
    TableFile t = f.table();
    long chunks = 0;
    long failed = 0;
    Finding first = null;
    long notDecoded = 0;
    TreeSet<String> why = new TreeSet<>();
    for (RowGroupInfo g : t.rowGroups()) {
      if (g.rows() == 0) {
        continue;
      }
      TableFile span = t.span(g.firstRow(), g.rows());
      for (ColumnSpec spec : t.columns()) {
        if (spec.decodedAs() == null) {
          notDecoded++;
          why.add(spec.name() + ": type " + spec.arrowType());
          continue;
        }
        BatchReader reader;
        try {
          reader = span.batches(List.of(spec.name()), BatchColumnSource.BATCH_ROWS, WALKED);
        } catch (ArtifactException e) {
          // refused before any page is read: a codec the engine does not decompress (the walk reported the rest)
          notDecoded++;
          why.add(spec.name() + ": codec " + codecOf(g, spec));
          continue;
        }
        f.accounting().opened();
        chunks++;
        long done = 0;
        try {
          while (reader.hasNext()) {
            done += reader.next().rows();
          }
        } catch (ArtifactException e) {
          long row = done + firstFailingRow(t, g, spec, done);
          if (failed++ == 0) {
            first = f.finding(rule, spec.name(), g.index(), g.firstRow() + row, 1,
                page(pages, g, spec, row) + " does not decode: " + reason(e));
          }
        } finally {
          f.accounting().read(reader.bytesRead());
          reader.close();
        }
      }
    }
    if (first != null) {
      findings.add(new Finding(first.rule(), first.severity(), first.file(), first.column(), first.rowGroup(),
          first.row(), failed, first.detail()));
    }
    return new Summary(chunks, notDecoded, String.join(", ", why));
  }

  /**
   * The offset, from {@code from}, of the first row that does not decode: the rows of the batch that failed are read
   * again one at a time, so the error surfaces at a row of the page that holds it (0 if it does not surface again).
   */
  private static long firstFailingRow(TableFile t, RowGroupInfo g, ColumnSpec spec, long from) {
    long k = 0;
    long rows = Math.min(BatchColumnSource.BATCH_ROWS, g.rows() - from);
    try (BatchReader one = t.span(g.firstRow() + from, rows).batches(List.of(spec.name()), 1, WALKED)) {
      while (one.hasNext()) {
        one.next();
        k++;
      }
    } catch (ArtifactException e) {
      return k;
    }
    return 0;
  }

  private static String page(PageWalk.Summary pages, RowGroupInfo g, ColumnSpec spec, long row) {
    String leaf = leafPath(g, spec);
    long[] rows = leaf == null ? null : pages.dataPages().get(PageWalk.key(g.index(), leaf));
    boolean countsAreRows = !spec.decodedAs().isList() || !pages.v1Pages().contains(PageWalk.key(g.index(), leaf));
    if (rows == null || !countsAreRows) {
      return "a data page"; // a repeated column's V1 pages count values, not rows: the row is all there is
    }
    long start = 0;
    for (int p = 0; p < rows.length; p++) {
      if (row < start + rows[p]) {
        return "data page " + p + " of " + rows.length + " (rows " + start + ".." + (start + rows[p] - 1)
            + " of the row group)";
      }
      start += rows[p];
    }
    return "a data page";
  }

  private static String leafPath(RowGroupInfo g, ColumnSpec spec) {
    for (ColumnChunkInfo c : g.chunks()) {
      if (c.path().equals(spec.name()) || c.path().startsWith(spec.name() + ".")) {
        return c.path();
      }
    }
    return null;
  }

  private static String codecOf(RowGroupInfo g, ColumnSpec spec) {
    String leaf = leafPath(g, spec);
    for (ColumnChunkInfo c : g.chunks()) {
      if (c.path().equals(leaf)) {
        return c.codec();
      }
    }
    return "?";
  }

  /** The decoder's own words: the engine's message also names the file, column and row group the finding has. */
  private static String reason(ArtifactException e) {
    Throwable c = e.getCause();
    if (c == null) {
      return e.getMessage();
    }
    return c.getMessage() != null ? c.getMessage() : c.toString();
  }
}
