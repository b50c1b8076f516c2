package io.github.artifactio.maven.check;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.format.ColumnChunk;
import org.apache.parquet.format.ColumnMetaData;
import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.format.RowGroup;

/**
 * {@code structure}: the file is framed and indexed as Parquet says. From the footer: leading and trailing magic,
 * a footer length that fits the file, a footer that decodes, every column chunk and page index inside the data
 * region, row groups whose row counts add up to the file's. With {@code full}, every page is also walked: its header
 * decodes, it stays inside its chunk, its CRC matches where the writer stored one, it decompresses to its declared
 * size (SNAPPY, GZIP, UNCOMPRESSED), and the data pages' value counts add up to the chunk's; then every value of
 * every column the engine reads is decoded ({@link ValueDecode}), a failure reported with its column, row group, data
 * page and first row.
 */
public final class StructureRule implements Rule {
  private final Severity severity;
  private final boolean full;

  public StructureRule(Severity severity, boolean full) {
    this.severity = severity;
    this.full = full;
  }

  @Override
  public String id() {
    return RuleIds.STRUCTURE;
  }

  @Override
  public Severity severity() {
    return severity;
  }

  @Override
  public String fingerprint() {
    return id() + "{severity=" + severity + ",full=" + full + "}";
  }

  @Override
  public RuleResult check(FileContext f) {
    RawFooter raw = f.raw();
    List<Finding> findings = new ArrayList<>();
    for (String p : raw.problems()) {
      findings.add(f.finding(this, null, null, null, 1, p));
    }
    FileMetaData md = raw.metadata();
    if (md == null) {
      return RuleResult.of(f.display(), id(), severity, "footer unreadable", findings);
    }
    long dataEnd = raw.size() - 8 - raw.footerLength();
    long sum = 0;
    int outside = 0;
    Integer firstGroup = null;
    String firstColumn = null;
    String firstDetail = null;
    List<RowGroup> groups = md.getRow_groups() == null ? List.of() : md.getRow_groups();
    for (int g = 0; g < groups.size(); g++) {
      RowGroup rg = groups.get(g);
      sum += rg.getNum_rows();
      for (ColumnChunk c : rg.getColumns()) {
        ColumnMetaData m = c.getMeta_data();
        String column = m == null ? "?" : String.join(".", m.getPath_in_schema());
        String problem = null;
        if (m == null) {
          problem = "the column chunk has no metadata";
        } else {
          long start = m.isSetDictionary_page_offset() && m.getDictionary_page_offset() > 0
              ? Math.min(m.getDictionary_page_offset(), m.getData_page_offset()) : m.getData_page_offset();
          long end = start + m.getTotal_compressed_size();
          if (start < 4 || end > dataEnd || m.getTotal_compressed_size() < 0) {
            problem = "the column chunk spans bytes " + start + ".." + end + ", outside the data region 4.." + dataEnd;
          } else if (c.isSetOffset_index_offset()
              && (c.getOffset_index_offset() < 4 || c.getOffset_index_offset() + c.getOffset_index_length() > dataEnd)) {
            problem = "the offset index at byte " + c.getOffset_index_offset() + " lies outside the data region 4.."
                + dataEnd;
          } else if (c.isSetColumn_index_offset()
              && (c.getColumn_index_offset() < 4 || c.getColumn_index_offset() + c.getColumn_index_length() > dataEnd)) {
            problem = "the column index at byte " + c.getColumn_index_offset() + " lies outside the data region 4.."
                + dataEnd;
          }
        }
        if (problem != null) {
          if (outside++ == 0) {
            firstGroup = g;
            firstColumn = column;
            firstDetail = problem;
          }
        }
      }
    }
    if (outside > 0) {
      findings.add(f.finding(this, firstColumn, firstGroup, null, outside, firstDetail));
    }
    if (sum != md.getNum_rows()) {
      findings.add(f.finding(this, null, null, null, 1,
          "the row groups hold " + sum + " rows but the footer declares " + md.getNum_rows()));
    }
    if (f.table() == null && raw.problems().isEmpty()) {
      findings.add(f.finding(this, null, null, null, 1, "the footer does not open: " + f.tableError()));
    }
    String observed = groups.size() + " row groups, " + md.getNum_rows() + " rows";
    if (full && outside == 0 && findings.isEmpty()) {
      try {
        PageWalk.Summary s = PageWalk.walk(f, this, md, findings);
        observed += ", " + s.pages() + " pages" + (s.crcChecked() > 0 ? ", " + s.crcChecked() + " CRCs verified" : "")
            + (s.notDecompressed() > 0 ? ", " + s.notDecompressed() + " pages not decompressed (codec)" : "");
        // values are decoded only where every page frames, checks and decompresses: a page the walk refused would
        // only fail again, as a second finding about the same bytes
        if (findings.isEmpty() && f.table() != null) {
          ValueDecode.Summary d = ValueDecode.decode(f, this, s, findings);
          observed += ", values of " + d.chunks() + " column chunks decoded"
              + (d.notDecoded() > 0 ? ", " + d.notDecoded() + " not decoded (" + d.notDecodedWhy() + ")" : "");
        }
      } catch (IOException e) {
        findings.add(f.finding(this, null, null, null, 1, "reading pages: " + e));
      }
    }
    return RuleResult.of(f.display(), id(), severity, observed, findings);
  }
}
