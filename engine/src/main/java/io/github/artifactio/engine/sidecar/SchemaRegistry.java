package io.github.artifactio.engine.sidecar;

import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * The artifact schema identifiers this engine recognises: an immutable set of {@link SchemaId}s.
 *
 * <p><b>Where the built-ins come from.</b> Two descriptions of upstream's {@code mumdia_core::schema::artifact}
 * disagree, because they were taken from different upstream revisions:
 *
 * <ul>
 *   <li>the io-layer reference ({@code docs/03_io_layer.md}, schema.rs:7-24) lists 18 artifacts, 19 identifiers
 *       (chromatograms at 1 and 2), most at version 1;
 *   <li>schema.rs at 10165cd (upstream-io-layer-notes section 2.4) has since bumped many of them (spectra to 3,
 *       psms_extracted to 5, chromatograms 1-4, ...) and added prescan_survivors, lfq_maxlfq and overlap_losers.
 * </ul>
 *
 * <p>{@link #builtIn()} registers the <em>union</em> of every (name, version) that either source names, so a report or
 * manifest written by an older or a newer upstream build is recognised. Upstream never reads a version back to compare
 * it (readers probe which columns exist), so an older version is still a file upstream itself would read. Versions that
 * neither source names (say psms_extracted@3, if it ever existed) are not guessed at; add them with {@link #with}.
 *
 * <p>{@link Upstream} holds one constant per artifact at its newest known version, for writers.
 */
public final class SchemaRegistry {

  /** Upstream's artifacts, each at the newest version either source names (schema.rs@10165cd for all of them). */
  public static final class Upstream {
    private Upstream() {}

    public static final SchemaId SPECTRA_MS1 = new SchemaId("spectra_ms1", 3);
    public static final SchemaId SPECTRA_MS2 = new SchemaId("spectra_ms2", 3);
    public static final SchemaId ISOLATION_WINDOWS = new SchemaId("isolation_windows", 2);
    public static final SchemaId MS2_TO_MS1 = new SchemaId("ms2_to_ms1", 1);
    public static final SchemaId PEPTIDES = new SchemaId("peptides", 1);
    public static final SchemaId PEPTIDOFORMS = new SchemaId("peptidoforms", 1);
    public static final SchemaId FRAGMENT_LIBRARY_PRECURSORS = new SchemaId("fragment_library_precursors", 2);
    public static final SchemaId FRAGMENT_LIBRARY_FRAGMENTS = new SchemaId("fragment_library_fragments", 1);
    public static final SchemaId SEED_PSMS = new SchemaId("seed_psms", 2);
    public static final SchemaId RUN_WINDOWS = new SchemaId("run_windows", 1);
    public static final SchemaId PSMS_EXTRACTED = new SchemaId("psms_extracted", 5);
    /**
     * The newest chromatograms identifier. Unlike upstream's {@code CHROMATOGRAMS} (which is version 1), this is the
     * newest; upstream picks among 1-4 by layout and ion mobility, which {@link #chromatograms(int, boolean)} mirrors.
     */
    public static final SchemaId CHROMATOGRAMS = new SchemaId("chromatograms", 4);
    public static final SchemaId FEATURES = new SchemaId("features", 2);
    public static final SchemaId PSMS_COMPETED = new SchemaId("psms_competed", 4);
    public static final SchemaId PSMS_SCORED = new SchemaId("psms_scored", 4);
    public static final SchemaId PEPTIDE_QUANT = new SchemaId("peptide_quant", 2);
    public static final SchemaId PROTEIN_GROUP_QUANT = new SchemaId("protein_group_quant", 2);
    public static final SchemaId FRAGMENT_QUANT = new SchemaId("fragment_quant", 3);

    // Named only by the newer schema.rs@10165cd, not by the io-layer reference.
    public static final SchemaId PRESCAN_SURVIVORS = new SchemaId("prescan_survivors", 1);
    public static final SchemaId LFQ_MAXLFQ = new SchemaId("lfq_maxlfq", 1);
    public static final SchemaId OVERLAP_LOSERS = new SchemaId("overlap_losers", 1);

    /** The 18 artifacts the io-layer reference documents, each at its newest version. */
    public static final List<SchemaId> DOCUMENTED =
        List.of(
            SPECTRA_MS1, SPECTRA_MS2, ISOLATION_WINDOWS, MS2_TO_MS1, PEPTIDES, PEPTIDOFORMS,
            FRAGMENT_LIBRARY_PRECURSORS, FRAGMENT_LIBRARY_FRAGMENTS, SEED_PSMS, RUN_WINDOWS, PSMS_EXTRACTED,
            CHROMATOGRAMS, FEATURES, PSMS_COMPETED, PSMS_SCORED, PEPTIDE_QUANT, PROTEIN_GROUP_QUANT, FRAGMENT_QUANT);

    /**
     * Upstream's {@code fn chromatograms(schema, has_im)}: layout 1 or 2 without ion mobility is version 1 or 2, with
     * ion mobility version 3 or 4.
     */
    public static SchemaId chromatograms(int layout, boolean hasIonMobility) {
      if (layout != 1 && layout != 2) {
        throw new IllegalArgumentException("chromatogram layout must be 1 or 2, got " + layout);
      }
      return new SchemaId("chromatograms", layout + (hasIonMobility ? 2 : 0));
    }
  }

  private static final SchemaRegistry BUILT_IN =
      new SchemaRegistry(
          Collections.unmodifiableSortedSet(
              new TreeSet<>(
                  List.of(
                      // io-layer reference (older schema.rs:7-24)
                      id("spectra_ms1", 1), id("spectra_ms2", 1), id("isolation_windows", 1), id("ms2_to_ms1", 1),
                      id("peptides", 1), id("peptidoforms", 1), id("fragment_library_precursors", 1),
                      id("fragment_library_fragments", 1), id("seed_psms", 1), id("run_windows", 1),
                      id("psms_extracted", 1), id("chromatograms", 1), id("chromatograms", 2), id("features", 1),
                      id("psms_competed", 2), id("psms_scored", 3), id("peptide_quant", 2),
                      id("protein_group_quant", 2), id("fragment_quant", 1),
                      // schema.rs@10165cd (upstream-io-layer-notes 2.4); duplicates of the above collapse
                      id("spectra_ms1", 3), id("spectra_ms2", 3), id("isolation_windows", 2), id("ms2_to_ms1", 1),
                      id("peptides", 1), id("peptidoforms", 1), id("fragment_library_precursors", 2),
                      id("fragment_library_fragments", 1), id("prescan_survivors", 1), id("seed_psms", 2),
                      id("run_windows", 1), id("psms_extracted", 5), id("chromatograms", 1), id("chromatograms", 2),
                      id("chromatograms", 3), id("chromatograms", 4), id("features", 2), id("psms_competed", 4),
                      id("psms_scored", 4), id("peptide_quant", 2), id("protein_group_quant", 2),
                      id("fragment_quant", 3), id("lfq_maxlfq", 1), id("overlap_losers", 1)))));

  private final SortedSet<SchemaId> ids;

  private SchemaRegistry(SortedSet<SchemaId> ids) {
    this.ids = ids;
  }

  private static SchemaId id(String name, int version) {
    return new SchemaId(name, version);
  }

  /** Upstream's artifacts, old and new versions: see the class comment for the two sources. */
  public static SchemaRegistry builtIn() {
    return BUILT_IN;
  }

  /** A new registry holding this one's identifiers and {@code additions}; this one is unchanged. */
  public SchemaRegistry with(SchemaId... additions) {
    Objects.requireNonNull(additions, "additions");
    TreeSet<SchemaId> next = new TreeSet<>(ids);
    for (SchemaId id : additions) {
      next.add(Objects.requireNonNull(id, "a null schema id"));
    }
    return new SchemaRegistry(Collections.unmodifiableSortedSet(next));
  }

  public boolean contains(SchemaId id) {
    return ids.contains(Objects.requireNonNull(id, "schema id"));
  }

  /** The registered versions of {@code name}, ascending; empty for an unknown name. */
  public Set<Integer> versionsOf(String name) {
    Objects.requireNonNull(name, "schema name");
    TreeSet<Integer> versions = new TreeSet<>();
    for (SchemaId id : ids) {
      if (id.name().equals(name)) {
        versions.add(id.version());
      }
    }
    return Collections.unmodifiableSortedSet(versions);
  }

  /** Every identifier, by name (code point order) then version. */
  public SortedSet<SchemaId> all() {
    return ids;
  }

  /** The highest registered version of {@code name}. */
  public Optional<SchemaId> latest(String name) {
    Objects.requireNonNull(name, "schema name");
    SchemaId latest = null;
    for (SchemaId id : ids) {
      if (id.name().equals(name)) {
        latest = id;
      }
    }
    return Optional.ofNullable(latest);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof SchemaRegistry other && ids.equals(other.ids);
  }

  @Override
  public int hashCode() {
    return ids.hashCode();
  }

  @Override
  public String toString() {
    return "SchemaRegistry" + ids;
  }
}
