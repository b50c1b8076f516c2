package io.github.artifactio.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** Progress says nothing for a short run and counts files for a long one; in place it clears its line at the end. */
class TerminalProgressTest {
  @Test
  void a_run_shorter_than_the_delay_prints_nothing() {
    StringWriter err = new StringWriter();
    TerminalProgress p = new TerminalProgress(new PrintWriter(err), "files", Duration.ofSeconds(10),
        Duration.ofSeconds(1), false);
    p.started("validate", 3);
    p.update(3, 3);
    p.finished();
    assertEquals("", err.toString());
  }

  @Test
  void a_longer_run_prints_how_many_files_are_done_and_an_in_place_line_is_cleared() throws InterruptedException {
    StringWriter err = new StringWriter();
    TerminalProgress p = new TerminalProgress(new PrintWriter(err), "files", Duration.ZERO, Duration.ofMillis(20),
        false);
    p.started("validate", 4);
    p.update(1, 4);
    Thread.sleep(200);
    p.finished();
    assertTrue(err.toString().startsWith("artifact-io validate: "), err.toString());
    assertTrue(err.toString().contains(" of 4 files checked, "), err.toString());
    StringWriter tty = new StringWriter();
    TerminalProgress inPlace = new TerminalProgress(new PrintWriter(tty), "records", Duration.ZERO,
        Duration.ofMillis(20), true);
    inPlace.started("verify-manifest", 1);
    Thread.sleep(100);
    inPlace.finished();
    assertTrue(tty.toString().startsWith("\rartifact-io verify-manifest: 0 of 0 records checked, "), tty.toString());
    assertTrue(tty.toString().endsWith("\r\033[K"), tty.toString());
  }
}
