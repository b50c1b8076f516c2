package io.github.artifactio.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The command line's own usage: help, version, and usage errors exit 2. */
class MainTest {
  @Test
  void no_command_is_a_usage_error_listing_every_command() {
    Cli.Result r = Cli.run();
    assertEquals(Main.USAGE, r.code(), r.toString());
    assertTrue(r.err().startsWith("a command is required"), r.err());
    for (String c : new String[] {"validate", "verify-manifest", "inspect", "hash", "concat"}) {
      assertTrue(r.err().contains("\n  " + c + " "), c + " in " + r.err());
    }
  }

  @Test
  void help_exits_0_and_an_unknown_command_exits_2() {
    Cli.Result help = Cli.run("--help");
    assertEquals(Main.PASS, help.code(), help.toString());
    assertTrue(help.out().startsWith("Usage: artifact-io [-hV] [COMMAND]"), help.out());
    Cli.Result validateHelp = Cli.run("validate", "--help");
    assertEquals(Main.PASS, validateHelp.code(), validateHelp.toString());
    assertTrue(validateHelp.out().contains("--fail-on=LEVEL"), validateHelp.out());
    Cli.Result unknown = Cli.run("valdiate", "x");
    assertEquals(Main.USAGE, unknown.code(), unknown.toString());
    assertTrue(
        unknown.err().startsWith("Unmatched arguments from index 0: 'valdiate', 'x'; did you mean 'validate'?\n"),
        unknown.err());
  }

  @Test
  void version_names_the_version_and_the_commit_the_build_recorded() {
    Cli.Result r = Cli.run("--version");
    assertEquals(Main.PASS, r.code(), r.toString());
    // the short hash, with -dirty while the tree has uncommitted changes; unknown where the build had no git clone
    // (LauncherIT compares the hash with the clone's HEAD)
    assertTrue(r.out().matches(
        "artifact-io \\d+\\.\\d+\\.\\d+(-SNAPSHOT)? \\(commit ([0-9a-f]{12}(-dirty)?|unknown)\\)\n"), r.out());
  }
}
