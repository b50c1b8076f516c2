package io.github.artifactio.checks.rules;

import io.github.artifactio.checks.result.Finding;
import io.github.artifactio.checks.result.RuleIds;
import io.github.artifactio.checks.result.RuleResult;
import io.github.artifactio.checks.result.Severity;
import io.github.artifactio.engine.ArtifactException;
import io.github.artifactio.engine.layout.ColumnChunkLayout;
import io.github.artifactio.engine.layout.FileLayout;
import io.github.artifactio.engine.layout.IndexLocation;
import io.github.artifactio.engine.layout.RowGroupLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * {@code structure}: the file is framed and indexed as Parquet says. From the footer (the engine's layout): leading
 * and trailing magic, a footer length that fits the file, a footer that decodes, every column chunk and page index
 * inside the data region, row groups whose row counts add up to the file's. With {@code full}, the engine's page walk
 * reads every page once: its header decodes, it stays inside its chunk, its CRC matches where the writer stored one, it
 * decompresses to its declared size (every codec the engine reads: UNCOMPRESSED, SNAPPY, GZIP, ZSTD, LZ4_RAW), and the
 * data pages' value counts add up to the chunk's ({@link PageChecks}); in the same pass every value of every column
 * the engine reads is decoded ({@link ValueDecode}), a failure reported with its column, row group, data page and
 * first row.
 */
public final class StructureRule implements RangeRule<StructureRule.State> {
  private final Severity severity;
  private final boolean full;

  public StructureRule(Severity severity, boolean full) {
    this.severity = severity;
    this.full = full;
  }

  /** With {@code full}, every chunk: the page walk reads and decodes them all. */
  @Override
  public boolean readsPages(RowGroupLayout group, ColumnChunkLayout chunk) {
    return full;
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

  /**
   * The state of a range. What the footer says (the findings and summary of the framing, the row counts) is the same
   * in every range and said once; the full scan's pages and values are the range's.
   *
   * @param scanned whether the full scan ran (it does only on a file whose footer has nothing to say)
   * @param walkFailure the error that ended the range's page walk, or null: it is all the whole-file scan says
   */
  public record State(List<Finding> footer, String observed, boolean scanned, Finding walkFailure,
      PageChecks.State pages, ValueDecode.State values) {}

  @Override
  public Class<State> stateType() {
    return State.class;
  }

  @Override
  public RuleResult check(FileContext f) {
    if (f.layout() == null) {
      List<Finding> findings = List.of(f.finding(this, null, null, null, 1, f.footerProblem()));
      return RuleResult.of(f.display(), id(), severity, "footer unreadable", findings);
    }
    return merge(f.display(), List.of(part(f)));
  }

  @Override
  public State part(FileContext f) {
    FileLayout layout = f.layout();
    List<Finding> findings = new ArrayList<>();
    long dataEnd = layout.footerStart();
    long sum = 0;
    int outside = 0;
    Integer firstGroup = null;
    String firstColumn = null;
    String firstDetail = null;
    for (RowGroupLayout g : layout.rowGroups()) {
      sum += g.rows();
      for (ColumnChunkLayout c : g.chunks()) {
        String problem = outsideDataRegion(c, dataEnd);
        if (problem != null && outside++ == 0) {
          firstGroup = g.index();
          firstColumn = c.path();
          firstDetail = problem;
        }
      }
    }
    if (outside > 0) {
      findings.add(f.finding(this, firstColumn, firstGroup, null, outside, firstDetail));
    }
    if (sum != layout.rows()) {
      findings.add(f.finding(this, null, null, null, 1,
          "the row groups hold " + sum + " rows but the footer declares " + layout.rows()));
    }
    if (f.table() == null) {
      findings.add(f.finding(this, null, null, null, 1, "the footer does not open: " + f.tableError()));
    }
    String observed = layout.rowGroups().size() + " row groups, " + layout.rows() + " rows";
    if (!full || !findings.isEmpty()) {
      return new State(findings, observed, false, null, null, null);
    }
    PageChecks pages = new PageChecks();
    ValueDecode values = new ValueDecode();
    if (f.ownsFile()) {
      f.accounting().opened(); // each range's walk opens the file; the whole file's opens it once
    }
    try {
      f.table().walkPagesAndValues(f.fromGroup(), f.toGroup(), w -> {
        f.accounting().read(w.bytesRead());
        pages.add(w);
        values.add(w, layout.rowGroups().get(w.chunk().rowGroup()));
      });
    } catch (ArtifactException e) {
      // the error's location is the finding's: the file is this one, the column and row group where it names them
      Finding failure = f.finding(this, e.column().orElse(null),
          e.rowGroup().isPresent() ? e.rowGroup().getAsInt() : null, e.row().isPresent() ? e.row().getAsLong() : null,
          1, "reading pages: " + e.detail());
      return new State(findings, observed, true, failure, null, null);
    }
    return new State(findings, observed, true, null, pages.state(), values.state(f, this));
  }

  /**
   * The footer's findings and summary from the first range; with the full scan, the first range whose walk failed
   * says all, else the ranges' pages and values add up (see {@link PageChecks.State} for the one order that matters).
   * Values are reported only where every page frames, checks and decompresses: a page the walk refused would only
   * fail again, as a second finding about the same bytes.
   */
  @Override
  public RuleResult merge(String display, List<State> parts) {
    State first = parts.get(0);
    List<Finding> findings = new ArrayList<>(first.footer());
    String observed = first.observed();
    if (first.scanned()) {
      Finding failure = parts.stream().map(State::walkFailure).filter(x -> x != null).findFirst().orElse(null);
      if (failure != null) {
        findings.add(failure);
      } else {
        PageChecks.State pages = first.pages();
        ValueDecode.State values = first.values();
        for (State p : parts.subList(1, parts.size())) {
          pages = pages.then(p.pages());
          values = values.then(p.values());
        }
        findings.addAll(pages.findings(display, this));
        observed += ", " + pages.pages() + " pages"
            + (pages.crcChecked() > 0 ? ", " + pages.crcChecked() + " CRCs verified" : "")
            + (pages.notDecompressed() > 0 ? ", " + pages.notDecompressed() + " pages not decompressed (codec)" : "");
        if (findings.isEmpty()) {
          findings.addAll(values.findings());
          observed += ", values of " + values.chunks() + " column chunks decoded"
              + (values.notDecoded() > 0 ? ", " + values.notDecoded() + " not decoded ("
                  + String.join(", ", values.why()) + ")" : "");
        }
      }
    }
    return RuleResult.of(display, id(), severity, observed, findings);
  }

  /** What is wrong with where a chunk or one of its page indexes lies, or null. */
  private static String outsideDataRegion(ColumnChunkLayout c, long dataEnd) {
    long start = c.startOffset();
    long end = start + c.compressedBytes();
    if (start < 4 || end > dataEnd || c.compressedBytes() < 0) {
      return "the column chunk spans bytes " + start + ".." + end + ", outside the data region 4.." + dataEnd;
    }
    Optional<IndexLocation> offsets = c.offsetIndex();
    if (offsets.isPresent() && (offsets.get().offset() < 4 || offsets.get().end() > dataEnd)) {
      return "the offset index at byte " + offsets.get().offset() + " lies outside the data region 4.." + dataEnd;
    }
    Optional<IndexLocation> columns = c.columnIndex();
    if (columns.isPresent() && (columns.get().offset() < 4 || columns.get().end() > dataEnd)) {
      return "the column index at byte " + columns.get().offset() + " lies outside the data region 4.." + dataEnd;
    }
    return null;
  }
}
