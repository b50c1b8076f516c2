package io.github.artifactio.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Progress says nothing for a short run and counts units for a long one; in place it clears its line at the end. */
class TerminalProgressTest {
  @Test
  void a_run_shorter_than_the_delay_prints_nothing() {
    StringWriter err = new StringWriter();
    TerminalProgress p = new TerminalProgress(new PrintWriter(err), "files", Duration.ofSeconds(10),
        Duration.ZERO, false);
    p.started("validate", 3);
    p.update(1, 3);
    p.update(3, 3);
    p.finished();
    assertEquals("", err.toString());
  }

  @Test
  void past_the_delay_each_finished_unit_prints_how_many_are_done_at_most_once_a_period() {
    StringWriter err = new StringWriter();
    TerminalProgress every = new TerminalProgress(new PrintWriter(err), "files", Duration.ZERO, Duration.ZERO, false);
    every.started("validate", 2);
    every.update(1, 2);
    every.update(2, 2);
    every.finished();
    List<String> lines = err.toString().lines().toList();
    assertEquals(2, lines.size(), err.toString());
    assertTrue(lines.get(0).startsWith("artifact-io validate: 1 of 2 files checked, "), lines.get(0));
    assertTrue(lines.get(1).startsWith("artifact-io validate: 2 of 2 files checked, "), lines.get(1));
    assertEquals("", Cli.withoutProgress(err.toString()), "what the command tests leave out of stderr");
    StringWriter once = new StringWriter();
    TerminalProgress hourly = new TerminalProgress(new PrintWriter(once), "records", Duration.ZERO,
        Duration.ofHours(1), false);
    hourly.started("verify-manifest", 1);
    hourly.update(1, 3);
    hourly.update(2, 3);
    assertEquals(1, once.toString().lines().count(), once.toString());
  }

  @Test
  void on_a_terminal_the_line_is_rewritten_in_place_and_cleared_at_the_end() {
    StringWriter tty = new StringWriter();
    TerminalProgress p = new TerminalProgress(new PrintWriter(tty), "records", Duration.ZERO, Duration.ZERO, true);
    p.started("verify-manifest", 1);
    p.update(1, 4);
    p.finished();
    assertTrue(tty.toString().startsWith("\rartifact-io verify-manifest: 1 of 4 records checked, "), tty.toString());
    assertTrue(tty.toString().endsWith("\r\033[K"), tty.toString());
  }
}
