package io.github.artifactio.checks.rules;

import io.github.artifactio.checks.result.Finding;
import io.github.artifactio.engine.layout.ChunkWalk;
import io.github.artifactio.engine.layout.PageCrc;
import io.github.artifactio.engine.layout.PageKind;
import io.github.artifactio.engine.layout.PageLayout;
import java.util.ArrayList;
import java.util.List;

/**
 * The page part of {@link StructureRule}'s full scan, from the engine's page walk: one finding per kind of problem
 * (framing, CRC, decompression, value count), with the first place it occurs and the count.
 */
final class PageChecks {
  /**
   * One kind of problem over a range: how many, and the first one's place (null when none).
   *
   * @param rowGroup the first one's row group, or null when there is none
   */
  public record Problem(long count, String column, Integer rowGroup, String detail) {
    static final Problem NONE = new Problem(0, null, null, null);

    /** This range's problems then the next's: counts add up, the first is this range's if it has one. */
    Problem then(Problem next) {
      return count > 0 ? new Problem(count + next.count, column, rowGroup, detail)
          : next.count > 0 ? next : NONE;
    }
  }

  /**
   * The page checks of a range. A value count is checked only in a chunk no framing problem has cut short, here or
   * in an earlier chunk: the merge keeps the next range's value problems only while no range before it had one.
   */
  public record State(Problem framing, Problem crc, Problem decompression, Problem values, long pages,
      long crcChecked, long notDecompressed) {
    State then(State next) {
      return new State(framing.then(next.framing), crc.then(next.crc), decompression.then(next.decompression),
          framing.count > 0 ? values : values.then(next.values), pages + next.pages, crcChecked + next.crcChecked,
          notDecompressed + next.notDecompressed);
    }

    /** One finding per kind of problem, at its first place. */
    List<Finding> findings(String display, Rule rule) {
      List<Finding> out = new ArrayList<>();
      for (Problem p : List.of(framing, crc, decompression, values)) {
        if (p.count > 0) {
          out.add(new Finding(rule.id(), rule.severity(), display, p.column, p.rowGroup, null, p.count, p.detail));
        }
      }
      return out;
    }
  }

  private static final class Counter {
    long count;
    String column;
    Integer rowGroup;
    String detail;

    void add(String column, int rowGroup, String detail) {
      if (count++ == 0) {
        this.column = column;
        this.rowGroup = rowGroup;
        this.detail = detail;
      }
    }

    Problem problem() {
      return count == 0 ? Problem.NONE : new Problem(count, column, rowGroup, detail);
    }
  }

  private final Counter framing = new Counter();
  private final Counter crc = new Counter();
  private final Counter decompression = new Counter();
  private final Counter values = new Counter();
  private long pages;
  private long crcChecked;
  private long notDecompressed;

  void add(ChunkWalk w) {
    String column = w.chunk().path();
    int g = w.chunk().rowGroup();
    pages += w.pages().size();
    for (PageLayout p : w.pages()) {
      if (p.crc().isPresent()) {
        crcChecked++;
        PageCrc c = p.crc().get();
        if (!c.verified()) {
          crc.add(column, g, "a page's CRC32 is " + Integer.toHexString(c.computed()) + " but its header records "
              + Integer.toHexString(c.recorded()));
        }
      }
      switch (p.decompression().status()) {
        case FAILED:
          decompression.add(column, g, "a " + headerType(p.kind()) + " page does not decompress (" + w.chunk().codec()
              + ") to its declared " + p.uncompressedBytes() + " bytes");
          break;
        case CODEC_NOT_READ:
          notDecompressed++;
          break;
        default:
          break;
      }
    }
    w.stop().ifPresent(s -> framing.add(column, g, s.reason()));
    // a chunk cut short by a framing problem (here or before) holds fewer values than it declares for that reason
    if (framing.count == 0 && w.dataPageValues() != w.chunk().valueCount()) {
      values.add(column, g, "the data pages hold " + w.dataPageValues() + " values but the chunk declares "
          + w.chunk().valueCount());
    }
  }

  /** The page type as the Parquet format names it, as messages have always named it. */
  private static String headerType(PageKind kind) {
    switch (kind) {
      case DICTIONARY:
        return "DICTIONARY_PAGE";
      case DATA_V1:
        return "DATA_PAGE";
      case DATA_V2:
        return "DATA_PAGE_V2";
      default:
        return "INDEX_PAGE";
    }
  }

  State state() {
    return new State(framing.problem(), crc.problem(), decompression.problem(), values.problem(), pages, crcChecked,
        notDecompressed);
  }
}
