package io.github.artifactio.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The command line's parser: the rules users know from picocli and GNU tools, and picocli's messages. */
class CommandDefTest {
  enum Color { RED, GREEN }

  private static final CommandDef DEF = CommandDef.command("paint", "Paints the files given.")
      .params("FILE", 1, -1, "The files.")
      .flag("-c,--check", "Only check.")
      .bool("--strict", "BOOL", true, "Strict (default true).")
      .value("--color", "COLOR", "red", "RED or GREEN.")
      .value("--threads", "N", "0", "Threads.")
      .list("--rules", "RULE", "Rules.")
      .repeated("--schema", "NAME@VERSION", "Schemas.")
      .map("--metadata", "KEY=VALUE", "Entries.")
      .value("--out", "DIR", null, "Where.");

  private static Parsed parse(String... args) throws UsageException {
    return DEF.parse(List.of(args));
  }

  private static String error(String... args) {
    return assertThrows(UsageException.class, () -> parse(args)).getMessage();
  }

  @Test
  void options_take_their_value_after_an_equals_sign_or_as_the_next_argument_and_mix_with_parameters()
      throws UsageException {
    Parsed p = parse("a.parquet", "--color=green", "--out", "dir", "b.parquet", "--threads", "4");
    assertEquals(List.of("a.parquet", "b.parquet"), p.params());
    assertEquals(Color.GREEN, p.choice("--color", Color.class));
    assertEquals(Path.of("dir"), p.path("--out"));
    assertEquals(4, p.integer("--threads"));
  }

  @Test
  void defaults_apply_to_options_not_given_and_lists_not_given_are_null() throws UsageException {
    Parsed p = parse("a");
    assertEquals(Color.RED, p.choice("--color", Color.class));
    assertTrue(p.bool("--strict"));
    assertEquals(0, p.integer("--threads"));
    assertNull(p.path("--out"));
    assertNull(p.list("--rules"));
    assertNull(p.map("--metadata"));
    assertFalse(p.flag("--check"));
  }

  @Test
  void a_boolean_alone_is_true_and_takes_true_or_false_attached_or_next() throws UsageException {
    assertTrue(parse("a", "--strict").bool("--strict"));
    assertFalse(parse("a", "--strict=false").bool("--strict"));
    assertFalse(parse("--strict", "FALSE", "a").bool("--strict"));
    assertEquals(List.of("a"), parse("--strict", "a").params(), "a value that is no boolean is a parameter");
    assertEquals("Invalid value for option '--strict': 'maybe' is not a boolean", error("a", "--strict=maybe"));
  }

  @Test
  void lists_split_on_commas_and_repeat_while_repeated_options_keep_each_value_whole() throws UsageException {
    Parsed p = parse("a", "--rules", "codec,string-type", "--rules=ascending", "--schema", "x@1,2",
        "--schema=y@3", "--metadata", "stage=test", "--metadata=k=v=w");
    assertEquals(List.of("codec", "string-type", "ascending"), p.list("--rules"));
    assertEquals(List.of("x@1,2", "y@3"), p.list("--schema"));
    assertEquals(Map.of("stage", "test", "k", "v=w"), p.map("--metadata"));
  }

  @Test
  void short_flags_cluster_and_a_double_dash_ends_the_options() throws UsageException {
    Parsed p = parse("-c", "--", "--color", "-x");
    assertTrue(p.flag("--check"));
    assertEquals(List.of("--color", "-x"), p.params());
    assertTrue(parse("-hV").flag("--version"));
    assertEquals(List.of("-"), parse("-").params(), "a lone dash is standard input, a parameter");
  }

  @Test
  void help_and_version_need_nothing_else() throws UsageException {
    assertTrue(parse("--help").flag("--help"), "no FILE needed");
    assertTrue(parse("--version").flag("--version"));
  }

  @Test
  void usage_errors_say_what_is_wrong_in_picocli_words() {
    assertEquals("Unknown option: '--colour'; did you mean '--color'?", error("a", "--colour=red"),
        "the option's name, without its value, and the closest one");
    assertEquals("Unknown option: '--trheads'; did you mean '--threads'?", error("a", "--trheads", "2"));
    assertEquals("Unknown option: '--paint-it-black'", error("a", "--paint-it-black"), "no option is close");
    assertEquals("Unknown option: '-x'", error("a", "-x"));
    assertEquals("Missing required parameter: 'FILE'", error("--check"));
    assertEquals("Missing required parameter for option '--out' (DIR)", error("a", "--out"));
    assertEquals("option '--check' takes no value, but was given 'yes'", error("a", "--check=yes"));
    assertEquals("Value for option '--metadata' should be in KEY=VALUE format but was stage", error("a",
        "--metadata", "stage"));
    assertEquals("Invalid value for option '--threads': 'many' is not an int",
        assertThrows(UsageException.class, () -> parse("a", "--threads=many").integer("--threads")).getMessage());
    assertEquals("Invalid value for option '--color': expected one of [RED, GREEN] (case-insensitive) but was 'blue'",
        assertThrows(UsageException.class, () -> parse("a", "--color=blue").choice("--color", Color.class))
            .getMessage());
  }

  @Test
  void too_many_parameters_and_missing_required_options_are_named() {
    CommandDef one = CommandDef.command("inspect", "One file.").params("FILE", 1, 1, "The file.")
        .required("-o,--output", "OUT", "Where.");
    assertEquals("Unmatched argument at index 3: 'b'",
        assertThrows(UsageException.class, () -> one.parse(List.of("-o", "x", "a", "b"))).getMessage());
    assertEquals("Missing required option: '--output=OUT'",
        assertThrows(UsageException.class, () -> one.parse(List.of("a"))).getMessage());
  }

  @Test
  void the_usage_lists_the_synopsis_the_parameters_and_every_option_within_80_columns() {
    String usage = DEF.usage("artifact-io");
    assertTrue(usage.startsWith("Usage: artifact-io paint [-hV] [-c, --check] [--strict[=BOOL]] [--color=COLOR]\n"
        + "                         [--threads=N] [--rules=RULE]...\n"), usage);
    assertTrue(usage.contains("\nPaints the files given.\n      FILE...             The files.\n"), usage);
    assertTrue(usage.contains("\n  -c, --check             Only check.\n"), usage);
    assertTrue(usage.contains("\n      --rules=RULE        Rules. (comma-separated, repeatable)\n"), usage);
    for (String line : usage.split("\n")) {
      assertTrue(line.length() <= 80, "over 80 columns: " + line);
    }
  }
}
