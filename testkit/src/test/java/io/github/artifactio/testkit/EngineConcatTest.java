package io.github.artifactio.testkit;

import io.github.artifactio.testkit.gen.SplitCase;
import io.github.artifactio.testkit.gen.TableShape;
import io.github.artifactio.testkit.property.Gen;
import org.junit.jupiter.api.Test;

/**
 * The engine's concatenation through the testkit's one-line properties: any split of a generated table into row
 * ranges (written with any chunking, cap and codec) splices back to it, any split into column groups joins back to
 * it, the same inputs give the same bytes, and the provenance maps every row back.
 */
class EngineConcatTest {
  /** Small tables of every kind, edge values, caps from 1 to 65,536. */
  private static final Gen<SplitCase> SMALL = SplitCase.cases(TableShape.small());
  /** Up to 70,000 rows: the page and write-chunk boundaries. */
  private static final Gen<SplitCase> LARGE = SplitCase.cases(TableShape.DEFAULT.withMaxColumns(3));

  @Test
  void any_split_by_rows_spliced_back_reads_as_the_table_and_its_page_index_selects_the_right_rows() {
    ArtifactProperties.ofConcat(SMALL).tries(60).assertSplicedReadsAsTable();
    ArtifactProperties.ofConcat(LARGE).tries(6).assertSplicedReadsAsTable();
  }

  @Test
  void any_split_by_columns_joined_back_reads_as_the_table() {
    ArtifactProperties.ofConcat(SMALL).tries(60).assertJoinedReadsAsTable();
  }

  @Test
  void the_same_inputs_give_the_same_bytes() {
    ArtifactProperties.ofConcat(SMALL).tries(30).assertDeterministic();
  }

  @Test
  void the_provenance_maps_every_row_back_to_its_input_row() {
    ArtifactProperties.ofConcat(SMALL).tries(40).assertProvenanceMapsEveryRow();
  }
}
