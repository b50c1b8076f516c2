package io.github.artifactio.engine.sidecar;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class SchemaRegistryTest {
  private final SchemaRegistry builtIn = SchemaRegistry.builtIn();

  /** The io-layer reference's table, in its order: 18 artifacts, chromatograms twice. */
  private static final List<String> DOCUMENTED_NAMES =
      List.of("spectra_ms1", "spectra_ms2", "isolation_windows", "ms2_to_ms1", "peptides", "peptidoforms",
          "fragment_library_precursors", "fragment_library_fragments", "seed_psms", "run_windows", "psms_extracted",
          "chromatograms", "features", "psms_competed", "psms_scored", "peptide_quant", "protein_group_quant",
          "fragment_quant");

  @Test
  void all_eighteen_documented_artifacts_are_registered_with_an_upstream_constant() {
    assertEquals(18, DOCUMENTED_NAMES.size());
    for (String name : DOCUMENTED_NAMES) {
      assertFalse(builtIn.versionsOf(name).isEmpty(), name);
    }
    assertEquals(
        DOCUMENTED_NAMES,
        SchemaRegistry.Upstream.DOCUMENTED.stream().map(SchemaId::name).collect(Collectors.toList()));
    for (SchemaId id : SchemaRegistry.Upstream.DOCUMENTED) {
      assertEquals(Optional.of(id), builtIn.latest(id.name()), "the constant is the newest: " + id);
    }
    assertEquals(new SchemaId("peptides", 1), SchemaRegistry.Upstream.PEPTIDES);
  }

  @Test
  void the_versions_of_both_upstream_sources_are_recognised() {
    // the io-layer reference (older schema.rs)
    for (String text : List.of("spectra_ms1@1", "chromatograms@1", "chromatograms@2", "psms_competed@2",
        "psms_scored@3", "peptide_quant@2", "protein_group_quant@2", "fragment_quant@1", "features@1")) {
      assertTrue(builtIn.contains(SchemaId.parse(text)), text);
    }
    // schema.rs@10165cd
    for (String text : List.of("spectra_ms2@3", "isolation_windows@2", "fragment_library_precursors@2",
        "prescan_survivors@1", "seed_psms@2", "psms_extracted@5", "chromatograms@3", "chromatograms@4",
        "features@2", "psms_competed@4", "psms_scored@4", "fragment_quant@3", "lfq_maxlfq@1", "overlap_losers@1")) {
      assertTrue(builtIn.contains(SchemaId.parse(text)), text);
    }
    assertEquals(21, builtIn.all().stream().map(SchemaId::name).distinct().count());
    assertEquals(34, builtIn.all().size());
    assertFalse(builtIn.contains(SchemaId.parse("psms_extracted@3")), "a version neither source names");
  }

  @Test
  void versions_of_lists_every_registered_version_ascending() {
    assertEquals(List.of(1, 2, 3, 4), List.copyOf(builtIn.versionsOf("chromatograms")));
    assertEquals(List.of(1, 3), List.copyOf(builtIn.versionsOf("spectra_ms1")));
    assertEquals(Set.of(), builtIn.versionsOf("no_such_artifact"));
    assertEquals(Optional.empty(), builtIn.latest("no_such_artifact"));
    assertEquals(Optional.of(SchemaId.parse("psms_scored@4")), builtIn.latest("psms_scored"));
  }

  @Test
  void with_returns_a_new_registry_and_leaves_the_original_alone() {
    SchemaId mine = SchemaId.parse("my_table@1");
    SchemaId newer = SchemaId.parse("peptides@7");
    SchemaRegistry extended = builtIn.with(mine, newer);
    assertTrue(extended.contains(mine));
    assertEquals(Optional.of(newer), extended.latest("peptides"));
    assertFalse(builtIn.contains(mine));
    assertFalse(SchemaRegistry.builtIn().contains(newer));
    assertEquals(builtIn.all().size() + 2, extended.all().size());
    assertEquals(builtIn, builtIn.with(SchemaRegistry.Upstream.PEPTIDES));
    assertThrows(UnsupportedOperationException.class, () -> builtIn.all().add(mine));
  }

  @Test
  void all_is_sorted_by_name_then_version() {
    List<SchemaId> all = List.copyOf(builtIn.all());
    assertEquals(List.copyOf(new TreeSet<>(all)), all);
    assertEquals(SchemaId.parse("chromatograms@1"), all.get(0));
  }

  @Test
  void the_chromatogram_helper_picks_upstreams_four_versions() {
    assertEquals(1, SchemaRegistry.Upstream.chromatograms(1, false).version());
    assertEquals(2, SchemaRegistry.Upstream.chromatograms(2, false).version());
    assertEquals(3, SchemaRegistry.Upstream.chromatograms(1, true).version());
    assertEquals(4, SchemaRegistry.Upstream.chromatograms(2, true).version());
    assertThrows(IllegalArgumentException.class, () -> SchemaRegistry.Upstream.chromatograms(3, true));
  }
}
