package io.github.artifactio.checks;

import static io.github.artifactio.checks.Validation.messages;
import static io.github.artifactio.checks.Validation.result;
import static io.github.artifactio.checks.Validation.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.artifactio.checks.config.CheckConfig;
import io.github.artifactio.checks.config.Contract;
import io.github.artifactio.checks.config.ContractConfig;
import io.github.artifactio.checks.config.Contracts;
import io.github.artifactio.checks.result.ConfigurationException;
import io.github.artifactio.checks.result.Outcome;
import io.github.artifactio.checks.result.RuleResult;
import io.github.artifactio.checks.result.Status;
import io.github.artifactio.checks.rules.StringTypeRule;
import io.github.artifactio.engine.column.Float64Column;
import io.github.artifactio.engine.column.OptFloat64Column;
import io.github.artifactio.engine.column.OptInt64Column;
import io.github.artifactio.engine.column.OptUInt32Column;
import io.github.artifactio.engine.column.UInt32Column;
import io.github.artifactio.engine.column.Utf8Column;
import io.github.artifactio.engine.sidecar.SchemaId;
import io.github.artifactio.engine.table.Codec;
import io.github.artifactio.engine.table.TableWriter;
import io.github.artifactio.engine.table.WriteOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RulesTest {
  @TempDir Path dir;

  @Test
  void the_default_rules_pass_an_engine_written_library_table() {
    Inputs.precursors(dir.resolve("p.parquet"), 3000, 1000);
    Outcome o = run(dir, List.of(), List.of());
    assertEquals(List.of("structure", "codec", "string-type", "ascending"),
        o.results().stream().map(RuleResult::rule).toList());
    assertTrue(o.results().stream().allMatch(r -> r.status() == Status.PASS), o.results().toString());
    assertEquals("3 row groups, 3000 rows", result(o, "p.parquet", "structure").observed());
    assertEquals("SNAPPY", result(o, "p.parquet", "codec").observed());
  }

  @Test
  void codec_names_every_column_written_with_zstd_by_duckdb_and_counts_its_chunks() {
    Inputs.duckdb(dir.resolve("z.parquet"), "SELECT i AS id, i * 1.5 AS mz FROM range(1000) t(i)",
        "COMPRESSION zstd");
    Inputs.duckdb(dir.resolve("s.parquet"), "SELECT i AS id FROM range(10) t(i)", "COMPRESSION snappy");
    Outcome o = run(dir, List.of(), List.of());
    RuleResult z = result(o, "z.parquet", "codec");
    assertEquals(Status.FAIL, z.status());
    assertEquals("ZSTD", z.observed());
    // one line per codec, naming its columns, not one per column
    assertEquals(List.of("[codec] z.parquet, row group 0: columns 'id', 'mz': compressed with ZSTD, not one of the"
        + " allowed codecs [SNAPPY, UNCOMPRESSED] (2 violations)"), messages(z));
    assertEquals(Status.PASS, result(o, "s.parquet", "codec").status());
  }

  @Test
  void codec_accepts_a_configured_set_and_refuses_a_codec_parquet_does_not_have() {
    Inputs.duckdb(dir.resolve("g.parquet"), "SELECT 1 AS x", "COMPRESSION gzip");
    Outcome o = run(dir, List.of(new CheckConfig("codec").setAllowed(List.of("gzip", "SNAPPY"))), List.of());
    assertEquals(Status.PASS, result(o, "g.parquet", "codec").status());
    ConfigurationException e = org.junit.jupiter.api.Assertions.assertThrows(ConfigurationException.class,
        () -> run(dir, List.of(new CheckConfig("codec").setAllowed(List.of("SNAPPY", "ZIP"))), List.of()));
    assertEquals("rule 'codec': allowed codec 'ZIP' is not a Parquet codec (known: [BROTLI, GZIP, LZ4, LZ4_RAW,"
        + " LZO, SNAPPY, UNCOMPRESSED, ZSTD])", e.getMessage());
  }

  @Test
  void string_type_flags_what_polars_writes_utf8_view_and_a_categorical_naming_its_dictionary() throws IOException {
    Files.copy(io.github.artifactio.engine.TestData.path("polars/polars_strings_and_lists.parquet"),
        dir.resolve("polars.parquet"));
    RuleResult r = result(run(dir, List.of(), List.of()), "polars.parquet", "string-type");
    assertEquals(Status.FAIL, r.status());
    assertEquals("Dictionary(UInt32, Utf8View),Utf8View", r.observed());
    assertEquals(List.of(
        "[string-type] polars.parquet, column 'peptide': an Arrow reader types it Utf8View (from ARROW:schema), not"
            + " Utf8, and the Rust engine reads only Utf8; " + StringTypeRule.FIX + " (1 violation)",
        "[string-type] polars.parquet, column 'label': an Arrow reader types it Dictionary(UInt32, Utf8View) (a"
            + " dictionary of Utf8View values, as Polars writes a categorical) (from ARROW:schema), not Utf8, and the"
            + " Rust engine reads only Utf8; decode the dictionary and " + StringTypeRule.FIX + " (1 violation)"),
        messages(r));
  }

  @Test
  void string_type_fails_a_column_that_arrow_readers_type_large_utf8_and_passes_a_file_without_arrow_schema() {
    Inputs.largeUtf8(dir.resolve("large.parquet"));
    Inputs.duckdb(dir.resolve("plain.parquet"), "SELECT 'a' AS s", "COMPRESSION snappy");
    Outcome o = run(dir, List.of(), List.of());
    RuleResult large = result(o, "large.parquet", "string-type");
    assertEquals(Status.FAIL, large.status());
    assertEquals(List.of("[string-type] large.parquet, column 'peptidoform': an Arrow reader types it LargeUtf8"
        + " (from ARROW:schema), not Utf8, and the Rust engine reads only Utf8; " + StringTypeRule.FIX
        + " (1 violation)"), messages(large));
    RuleResult plain = result(o, "plain.parquet", "string-type");
    assertEquals(Status.PASS, plain.status());
    assertEquals("Utf8 (no ARROW:schema: Parquet STRING reads as Utf8)", plain.observed());
  }

  @Test
  void contiguous_ids_reports_the_first_break_as_a_file_row_across_row_groups_and_counts_every_wrong_row() {
    int[] ids = new int[3000];
    for (int i = 0; i < ids.length; i++) {
      ids[i] = i < 2500 ? i : i + 1; // a gap at file row 2500, in the third row group
    }
    Inputs.write(dir.resolve("ids.parquet"), List.of(new UInt32Column("candidate_id", ids)), 1000);
    Outcome o = run(dir, List.of(new CheckConfig("contiguous-ids").setColumns(List.of("candidate_id"))), List.of());
    RuleResult r = result(o, "ids.parquet", "contiguous-ids");
    assertEquals(Status.FAIL, r.status());
    assertEquals(List.of("[contiguous-ids] ids.parquet, column 'candidate_id', row group 2: id 2501 at row 2500, but"
        + " ids must be the contiguous range 0..n-1 in row order (id == row) (first offending row 2500; 500"
        + " violations)"), messages(r));
    assertEquals(500, r.violations());
  }

  @Test
  void contiguous_ids_counts_nulls_separately_and_passes_an_exact_range() {
    Inputs.write(dir.resolve("n.parquet"), List.of(OptUInt32Column.of("id", 0, 1, null, 3)), 1000);
    Inputs.precursors(dir.resolve("ok.parquet"), 10, 4);
    Outcome o = run(dir, List.of(new CheckConfig("contiguous-ids").setColumns(List.of("id")).setFiles("n.parquet"),
        new CheckConfig("contiguous-ids").setColumns(List.of("candidate_id")).setFiles("ok.parquet")), List.of());
    assertEquals(List.of("[contiguous-ids] n.parquet, column 'id', row group 0: NULL id; ids must not be null (first"
        + " offending row 2; 1 violation)"), messages(result(o, "n.parquet", "contiguous-ids")));
    RuleResult ok = result(o, "ok.parquet", "contiguous-ids");
    assertEquals(Status.PASS, ok.status());
    assertEquals("candidate_id: 0..9", ok.observed());
  }

  @Test
  void ascending_reports_inversions_nans_and_nulls_each_with_its_first_row_and_count() {
    Double[] mz = {400.0, 401.0, 399.5, 402.0, Double.NaN, 403.0, null, 401.0};
    Inputs.write(dir.resolve("mz.parquet"), List.of(OptFloat64Column.of("precursor_mz", mz)), 3);
    Outcome o = run(dir, List.of(new CheckConfig("ascending").setColumns(List.of("precursor_mz"))), List.of());
    RuleResult r = result(o, "mz.parquet", "ascending");
    assertEquals(Status.FAIL, r.status());
    assertEquals(List.of(
        "[ascending] mz.parquet, column 'precursor_mz', row group 0: 399.5 follows 401.0; values must be"
            + " non-decreasing (first offending row 2; 2 violations)",
        "[ascending] mz.parquet, column 'precursor_mz', row group 2: NULL value; values must not be null (first"
            + " offending row 6; 1 violation)",
        "[ascending] mz.parquet, column 'precursor_mz', row group 1: NaN value; values must not be NaN (first"
            + " offending row 4; 1 violation)"),
        messages(r));
  }

  @Test
  void ascending_with_strict_refuses_equal_neighbours_and_without_it_accepts_them() {
    Inputs.write(dir.resolve("eq.parquet"), List.of(new Float64Column("mz", new double[] {1, 2, 2, 3})), 10);
    RuleResult loose = result(
        run(dir, List.of(new CheckConfig("ascending").setColumns(List.of("mz"))), List.of()), "eq.parquet",
        "ascending");
    assertEquals(Status.PASS, loose.status());
    RuleResult strict = result(
        run(dir, List.of(new CheckConfig("ascending").setColumns(List.of("mz")).setStrict(true)), List.of()),
        "eq.parquet", "ascending");
    assertEquals(List.of("[ascending] eq.parquet, column 'mz', row group 0: 2.0 follows 2.0; values must be strictly"
        + " increasing (first offending row 2; 1 violation)"), messages(strict));
  }

  @Test
  void a_sort_order_declared_in_the_footer_is_verified_against_the_data() throws IOException {
    Files.copy(Path.of(corpus("sort_columns.parquet")), dir.resolve("sorted.parquet"));
    RuleResult r = result(run(dir, List.of(), List.of()), "sorted.parquet", "ascending");
    assertEquals(Status.PASS, r.status());
    // parquet-testing's file declares a (INT64) descending nulls first, then b (BYTE_ARRAY) ascending nulls last
    assertEquals("declared a descending nulls first, b ascending nulls last in 2 row groups: holds", r.observed());
  }

  @Test
  void references_finds_ids_past_the_target_row_count_and_a_missing_target_is_an_error() {
    Inputs.precursors(dir.resolve("lib_precursors.parquet"), 5, 10);
    Inputs.write(dir.resolve("lib_fragments.parquet"),
        List.of(new UInt32Column("candidate_id", new int[] {0, 4, 5, 9, 1})), 2);
    Outcome o = run(dir, List.of(), List.of(Contracts.builtIn().get("library-fragments")));
    RuleResult r = result(o, "lib_fragments.parquet", "references");
    assertEquals(List.of("[references] lib_fragments.parquet, column 'candidate_id', row group 1: references row 5,"
        + " but lib_precursors.parquet has 5 rows (valid ids 0..4) (first offending row 2; 2 violations)"),
        messages(r));
    Outcome missing = run(dir, List.of(new CheckConfig("references").setColumns(List.of("candidate_id"))
        .setTarget("nothing.parquet").setFiles("lib_fragments.parquet")), List.of());
    RuleResult m = result(missing, "lib_fragments.parquet", "references");
    assertEquals(Status.FAIL, m.status());
    assertTrue(messages(m).get(0).startsWith("[references] lib_fragments.parquet, column 'candidate_id': the"
        + " referenced file "), messages(m).toString());
    assertTrue(messages(m).get(0).endsWith("nothing.parquet does not exist (1 violation)"), messages(m).toString());
  }

  @Test
  void the_library_precursors_contract_checks_types_contiguity_and_order() {
    int[] id = {0, 1, 2, 4};
    double[] mz = {400, 399, 401, 402};
    Inputs.write(dir.resolve("bad_precursors.parquet"),
        List.of(new UInt32Column("candidate_id", id), new Float64Column("precursor_mz", mz)), 10);
    Inputs.precursors(dir.resolve("good_precursors.parquet"), 100, 30);
    Outcome o = run(dir, List.of(), List.of(Contracts.builtIn().get("library-precursors")));
    assertEquals(Status.FAIL, result(o, "bad_precursors.parquet", "contiguous-ids").status());
    assertEquals(Status.FAIL, result(o, "bad_precursors.parquet", "ascending").status());
    assertEquals(Status.PASS, result(o, "bad_precursors.parquet", "contract").status());
    for (String rule : List.of("contract", "contiguous-ids", "ascending")) {
      assertEquals(Status.PASS, result(o, "good_precursors.parquet", rule).status(), rule);
    }
  }

  @Test
  void a_contract_checks_declared_columns_types_other_columns_row_bounds_and_the_schema_id() {
    TableWriter.writeTable(dir.resolve("t.parquet"),
        List.of(new UInt32Column("id", new int[] {0, 1}), Utf8Column.of("name", "a", "b")),
        WriteOptions.builder().schema(new SchemaId("peptides", 1)).build());
    Contract k = new ContractConfig("mine").column("id", "Int64", false).column("mz", "Float64", null)
        .allowOtherColumns(false).rows(5L, null).schema("peptides@2").toContract();
    RuleResult r = result(run(dir, List.of(), List.of(k)), "t.parquet", "contract");
    assertEquals(List.of(
        "[contract] t.parquet, column 'id': the column is UInt32; contract 'mine' declares Int64 (1 violation)",
        "[contract] t.parquet, column 'mz': the column is missing; contract 'mine' declares it (1 violation)",
        "[contract] t.parquet, column 'name': the column is not declared and contract 'mine' allows no other"
            + " columns (1 violation)",
        "[contract] t.parquet: the file has 2 rows; contract 'mine' requires at least 5 (1 violation)",
        "[contract] t.parquet: the footer records schema peptides@1; contract 'mine' expects peptides@2 (1"
            + " violation)"),
        messages(r));
  }

  @Test
  void structure_names_a_broken_magic_and_content_rules_become_undetermined() throws IOException {
    Path p = Inputs.precursors(dir.resolve("cut.parquet"), 100, 100);
    byte[] b = Files.readAllBytes(p);
    b[b.length - 1] = 'X';
    Files.write(p, b);
    Outcome o = run(dir, List.of(new CheckConfig("contiguous-ids").setColumns(List.of("candidate_id"))), List.of());
    assertEquals(List.of("[structure] cut.parquet: the trailing magic is 'PARX', not PAR1 (1 violation)"),
        messages(result(o, "cut.parquet", "structure")));
    RuleResult ids = result(o, "cut.parquet", "contiguous-ids");
    assertEquals(Status.UNDETERMINED, ids.status());
    assertEquals("footer unreadable: the trailing magic is 'PARX', not PAR1", ids.observed());
  }

  @Test
  void structure_with_the_full_scan_verifies_page_crcs() throws IOException {
    Files.copy(Path.of(corpus("datapage_v1-corrupt-checksum.parquet")), dir.resolve("crc.parquet"));
    Files.copy(Path.of(corpus("datapage_v1-snappy-compressed-checksum.parquet")), dir.resolve("ok.parquet"));
    Outcome o = run(dir, List.of(new CheckConfig("structure").setFull(true)), List.of());
    RuleResult bad = result(o, "crc.parquet", "structure");
    assertEquals(Status.FAIL, bad.status());
    assertTrue(messages(bad).get(0).startsWith("[structure] crc.parquet, column 'a', row group 0: a page's CRC32 is "),
        messages(bad).toString());
    RuleResult ok = result(o, "ok.parquet", "structure");
    assertEquals(Status.PASS, ok.status(), ok.toString());
    assertTrue(ok.observed().contains("CRCs verified"), ok.observed());
  }

  @Test
  void structure_with_the_full_scan_decodes_every_value_and_names_the_column_row_group_and_page_that_does_not() {
    Long[] twice = new Long[50_000];
    for (int i = 0; i < twice.length; i++) {
      twice[i] = i % 7 == 0 ? null : 2L * i;
    }
    WriteOptions uncompressed = WriteOptions.builder().codec(Codec.UNCOMPRESSED).pageRows(10_000).build();
    for (String name : List.of("ok.parquet", "bad.parquet")) {
      TableWriter.writeTable(dir.resolve(name), List.of(OptInt64Column.of("twice", twice)), uncompressed);
    }
    Inputs.BrokenPage broken = Inputs.breakLastDataPage(dir.resolve("bad.parquet"), "twice");
    assertEquals(4, broken.page(), "five data pages of 10,000 rows: the page is located, not the first by default");
    Outcome o = run(dir, List.of(new CheckConfig("structure").setFull(true)), List.of());
    RuleResult bad = result(o, "bad.parquet", "structure");
    assertEquals(Status.FAIL, bad.status());
    assertEquals(List.of("[structure] bad.parquet, column 'twice', row group 0: data page 4 of 5 (rows 40000..49999"
        + " of the row group) does not decode: levels of 2147483647 bytes run past their page (first offending row"
        + " 40000; 1 violation)"), messages(bad));
    RuleResult ok = result(o, "ok.parquet", "structure");
    assertEquals(Status.PASS, ok.status(), ok.toString());
    assertEquals("1 row groups, 50000 rows, 5 pages, 5 CRCs verified, values of 1 column chunks decoded",
        ok.observed());
  }

  @Test
  void structure_with_the_full_scan_decompresses_and_decodes_zstd_and_lz4_raw_pages_like_the_others() {
    for (String codec : List.of("zstd", "lz4_raw", "gzip")) {
      Inputs.duckdb(dir.resolve(codec + ".parquet"), "SELECT i::UINTEGER AS candidate_id, (i * 0.5)::DOUBLE AS mz"
          + " FROM range(1000) t(i)", "COMPRESSION " + codec);
    }
    Outcome o = run(dir, List.of(new CheckConfig("structure").setFull(true)), List.of());
    for (String codec : List.of("zstd", "lz4_raw", "gzip")) {
      RuleResult r = result(o, codec + ".parquet", "structure");
      assertEquals(Status.PASS, r.status(), r.toString());
      assertTrue(r.observed().matches("1 row groups, 1000 rows, \\d+ pages, values of 2 column chunks decoded"),
          r.observed());
    }
  }

  @Test
  void structure_with_the_full_scan_walks_but_does_not_decompress_a_codec_the_engine_does_not_read()
      throws IOException {
    // Hadoop-framed LZ4 (not LZ4_RAW): framed and checked, not decompressed, and its values not decoded
    Files.copy(Path.of(corpus("hadoop_lz4_compressed.parquet")), dir.resolve("z.parquet"));
    RuleResult r = result(run(dir, List.of(new CheckConfig("structure").setFull(true)), List.of()), "z.parquet",
        "structure");
    assertEquals(Status.PASS, r.status(), r.toString());
    assertEquals("1 row groups, 4 rows, 6 pages, 6 pages not decompressed (codec), values of 0 column chunks decoded,"
        + " 3 not decoded (c0: codec LZ4, c1: type BINARY, v11: codec LZ4)", r.observed());
  }

  @Test
  void structure_with_the_full_scan_reads_each_page_once_for_the_walk_and_the_values() throws IOException {
    Path p = Inputs.precursors(dir.resolve("p.parquet"), 30_000, 10_000);
    long chunks = 0;
    io.github.artifactio.engine.layout.FileLayout layout = io.github.artifactio.engine.layout.FileLayout.read(p);
    for (var g : layout.rowGroups()) {
      for (var c : g.chunks()) {
        chunks += c.compressedBytes();
      }
    }
    Outcome o = run(dir, List.of(new CheckConfig("structure").setFull(true)), List.of());
    assertEquals(Status.PASS, result(o, "p.parquet", "structure").status());
    assertEquals(layout.footerBytes() + 12 + chunks, o.bytesRead(), "the footer once, every chunk once");
  }

  @Test
  void a_missing_column_is_an_error_even_under_a_warn_rule() {
    Inputs.precursors(dir.resolve("p.parquet"), 10, 10);
    RuleResult r = result(run(dir, List.of(new CheckConfig("ascending").setSeverity("WARN")
        .setColumns(List.of("mz"))), List.of()), "p.parquet", "ascending");
    assertEquals(Status.FAIL, r.status());
    assertEquals(List.of("[ascending] p.parquet, column 'mz': the column is not in the file (columns: candidate_id,"
        + " precursor_mz) (1 violation)"), messages(r));
  }

  @Test
  void a_content_rule_on_a_codec_the_engine_does_not_read_is_undetermined_not_passed() throws Exception {
    // Hadoop-framed LZ4 (not LZ4_RAW), written by parquet-mr 1.10.1: the engine refuses it
    Files.copy(Path.of(corpus("hadoop_lz4_compressed.parquet")), dir.resolve("z.parquet"));
    RuleResult r = result(run(dir, List.of(new CheckConfig("ascending")
        .setColumns(List.of("c0"))), List.of()), "z.parquet", "ascending");
    assertEquals(Status.UNDETERMINED, r.status(), r.toString());
    assertTrue(r.observed().startsWith("c0: not readable: "), r.observed());
  }

  @Test
  void a_content_rule_reads_zstd_and_lz4_raw_files_written_by_duckdb() {
    Inputs.duckdb(dir.resolve("z.parquet"), "SELECT i::UINTEGER AS candidate_id FROM range(10) t(i)",
        "COMPRESSION zstd");
    Inputs.duckdb(dir.resolve("l.parquet"), "SELECT i::UINTEGER AS candidate_id FROM range(10) t(i)",
        "COMPRESSION lz4_raw");
    Outcome all = run(dir, List.of(new CheckConfig("contiguous-ids").setColumns(List.of("candidate_id"))),
        List.of());
    assertEquals(Status.PASS, result(all, "z.parquet", "contiguous-ids").status());
    assertEquals(Status.PASS, result(all, "l.parquet", "contiguous-ids").status());
  }

  static String corpus(String name) {
    return io.github.artifactio.engine.TestData.parquetTesting("data/" + name).toString();
  }
}
