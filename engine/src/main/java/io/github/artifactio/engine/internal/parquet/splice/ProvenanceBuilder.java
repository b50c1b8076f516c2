package io.github.artifactio.engine.internal.parquet.splice;

import io.github.artifactio.engine.concat.Axis;
import io.github.artifactio.engine.concat.Provenance;
import io.github.artifactio.engine.table.ColumnSpec;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Collects a concatenation's {@link Provenance} input by input, merging consecutive row groups into one run. */
final class ProvenanceBuilder {
  private final Axis axis;
  private final Path folder;
  private final List<Provenance.Input> inputs = new ArrayList<>();
  private final List<Provenance.Run> runs = new ArrayList<>();
  private long outputRows;

  ProvenanceBuilder(Axis axis, Path destination) {
    this.axis = axis;
    Path parent = destination.toAbsolutePath().normalize().getParent();
    this.folder = parent;
  }

  /** Input {@code in}'s row groups {@code groups} (ascending) were appended. */
  void addRows(SpliceInput in, InputDigest digest, int[] groups) {
    int index = inputs.size();
    List<long[]> groupRuns = new ArrayList<>();
    for (int k = 0; k < groups.length; k++) {
      int g = groups[k];
      if (!groupRuns.isEmpty()
          && groupRuns.get(groupRuns.size() - 1)[0] + groupRuns.get(groupRuns.size() - 1)[1] == g) {
        groupRuns.get(groupRuns.size() - 1)[1]++;
      } else {
        groupRuns.add(new long[] {g, 1});
      }
      long rows = in.rows(g);
      if (rows == 0) {
        continue;
      }
      Provenance.Run last = runs.isEmpty() ? null : runs.get(runs.size() - 1);
      if (last != null && last.input() == index && last.inputRow() + last.rows() == in.firstRow(g)) {
        runs.set(runs.size() - 1, new Provenance.Run(index, last.outputRow(), last.inputRow(), last.rows() + rows));
      } else {
        runs.add(new Provenance.Run(index, outputRows, in.firstRow(g), rows));
      }
      outputRows += rows;
    }
    inputs.add(new Provenance.Input(relative(in.path()), hex(digest), from(digest), in.length(), in.rows(), groupRuns,
        List.of(), false));
  }

  /** Input {@code in}'s columns were joined (re-encoded where {@code reencoded}). */
  void addColumns(SpliceInput in, InputDigest digest, boolean reencoded) {
    inputs.add(new Provenance.Input(relative(in.path()), hex(digest), from(digest), in.length(), in.rows(), List.of(),
        in.specs().stream().map(ColumnSpec::name).toList(), reencoded));
  }

  private static String hex(InputDigest digest) {
    return digest == null ? null : digest.hash().hex();
  }

  private static Provenance.DigestFrom from(InputDigest digest) {
    return digest == null ? null : digest.from();
  }

  /** A one-input concatenation that linked or copied the input whole. */
  void addWhole(SpliceInput in, InputDigest digest) {
    if (axis == Axis.ROWS) {
      int[] all = new int[in.rowGroups()];
      for (int g = 0; g < all.length; g++) {
        all[g] = g;
      }
      addRows(in, digest, all);
    } else {
      addColumns(in, digest, false);
    }
  }

  Provenance build(long rows) {
    return new Provenance(axis, rows, inputs, runs);
  }

  /** The input's path relative to the output's folder, with {@code /} between names whatever the platform. */
  private String relative(Path input) {
    Path abs = input.toAbsolutePath().normalize();
    Path rel = folder == null ? abs : folder.relativize(abs);
    List<String> parts = new ArrayList<>();
    for (Path p : rel) {
      parts.add(p.toString());
    }
    return String.join("/", parts);
  }
}
