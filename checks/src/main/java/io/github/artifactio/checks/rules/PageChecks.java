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
  private static final class Problem {
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
  }

  private final Problem framing = new Problem();
  private final Problem crc = new Problem();
  private final Problem decompression = new Problem();
  private final Problem values = new Problem();
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

  List<Finding> findings(FileContext f, Rule rule) {
    List<Finding> out = new ArrayList<>();
    for (Problem p : List.of(framing, crc, decompression, values)) {
      if (p.count > 0) {
        out.add(f.finding(rule, p.column, p.rowGroup, null, p.count, p.detail));
      }
    }
    return out;
  }

  long pages() {
    return pages;
  }

  long crcChecked() {
    return crcChecked;
  }

  long notDecompressed() {
    return notDecompressed;
  }
}
