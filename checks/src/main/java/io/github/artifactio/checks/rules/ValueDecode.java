package io.github.artifactio.checks.rules;

import io.github.artifactio.checks.result.Finding;
import io.github.artifactio.engine.layout.ChunkWalk;
import io.github.artifactio.engine.layout.PageKind;
import io.github.artifactio.engine.layout.PageLayout;
import io.github.artifactio.engine.layout.RowGroupLayout;
import io.github.artifactio.engine.layout.ValueDecoding;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;

/**
 * The value part of {@link StructureRule}'s full scan: every column chunk's values as the engine's reader decoded
 * them (levels, dictionary indexes, encodings) in the same pass as the page walk, one column of one row group at a
 * time in 65,536-row batches, so a page whose bytes frame, checksum and decompress correctly but whose contents are
 * corrupt is found before a downstream reader trips on it. The engine locates a failure to its page and first row.
 */
final class ValueDecode {
  /**
   * The decode of a range: counts, the reasons chunks were not decoded, and the first failing chunk's and first
   * chunk with null list items' findings (their counts the range's; the merge sets the file's).
   */
  public record State(long chunks, long failed, long notDecoded, List<String> why, Finding failure, long nullItems,
      Finding nullItemsFinding) {
    State then(State next) {
      TreeSet<String> all = new TreeSet<>(why);
      all.addAll(next.why);
      return new State(chunks + next.chunks, failed + next.failed, notDecoded + next.notDecoded, List.copyOf(all),
          failure != null ? failure : next.failure, nullItems + next.nullItems,
          nullItemsFinding != null ? nullItemsFinding : next.nullItemsFinding);
    }

    /** The findings of the file: the first failing chunk's place with every failure counted, then null items. */
    List<Finding> findings() {
      List<Finding> out = new ArrayList<>();
      if (failure != null) {
        out.add(counted(failure, failed));
      }
      if (nullItemsFinding != null) {
        out.add(counted(nullItemsFinding, nullItems));
      }
      return out;
    }

    private static Finding counted(Finding f, long count) {
      return new Finding(f.rule(), f.severity(), f.file(), f.column(), f.rowGroup(), f.row(), count, f.detail());
    }
  }

  State state(FileContext f, Rule rule) {
    return new State(chunks, failed, notDecoded, List.copyOf(why), finding(f, rule).orElse(null), nullItems,
        nullItemsFinding(f, rule).orElse(null));
  }

  private long chunks;
  private long failed;
  private long notDecoded;
  private final TreeSet<String> why = new TreeSet<>();
  private ChunkWalk firstFailure;
  private RowGroupLayout firstFailureGroup;
  private long nullItems;
  private ValueDecoding firstNullItems;
  private RowGroupLayout firstNullItemsGroup;

  /** Counts the chunk's decode: row groups without rows have nothing to decode and are not counted. */
  void add(ChunkWalk w, RowGroupLayout g) {
    if (w.values().isEmpty() || g.rows() == 0) {
      return;
    }
    ValueDecoding v = w.values().get();
    switch (v.status()) {
      case NOT_DECODED:
        notDecoded++;
        why.add(v.column() + ": " + v.detail());
        break;
      case FAILED:
        chunks++;
        if (failed++ == 0) {
          firstFailure = w;
          firstFailureGroup = g;
        }
        break;
      case NULL_LIST_ITEMS:
        chunks++;
        if (nullItems++ == 0) {
          firstNullItems = v;
          firstNullItemsGroup = g;
        }
        break;
      default:
        chunks++;
    }
  }

  /** One finding for every chunk that does not decode: the first one's place, and their count. */
  Optional<Finding> finding(FileContext f, Rule rule) {
    if (firstFailure == null) {
      return Optional.empty();
    }
    ValueDecoding v = firstFailure.values().orElseThrow();
    return Optional.of(new Finding(rule.id(), rule.severity(), f.display(), v.column(), firstFailureGroup.index(),
        v.row(), failed, page(firstFailure, v) + " does not decode: " + v.detail()));
  }

  /**
   * One finding for the chunks whose lists hold a null item: valid Parquet that every other reader reads, so it is
   * not called undecodable, but the engine's list columns cannot hold it.
   */
  Optional<Finding> nullItemsFinding(FileContext f, Rule rule) {
    if (firstNullItems == null) {
      return Optional.empty();
    }
    return Optional.of(new Finding(rule.id(), rule.severity(), f.display(), firstNullItems.column(),
        firstNullItemsGroup.index(), firstNullItems.row(), nullItems,
        "null list items, which the engine's list columns cannot hold"));
  }

  private static String page(ChunkWalk w, ValueDecoding v) {
    if (v.page().isEmpty()) {
      return "a data page";
    }
    PageLayout p = v.page().get();
    if (p.kind() == PageKind.DICTIONARY) {
      return "the dictionary page";
    }
    if (p.firstRow() < 0 || p.rows() < 0) {
      return "a data page"; // a repeated column's v1 pages count values, not rows: the row is all there is
    }
    return "data page " + p.dataPage() + " of " + w.dataPages() + " (rows " + p.firstRow() + ".."
        + (p.firstRow() + p.rows() - 1) + " of the row group)";
  }

  long chunks() {
    return chunks;
  }

  long notDecoded() {
    return notDecoded;
  }

  String notDecodedWhy() {
    return String.join(", ", why);
  }
}
