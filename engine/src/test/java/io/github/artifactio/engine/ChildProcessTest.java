package io.github.artifactio.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;

class ChildProcessTest {
  @Test
  void a_child_that_never_ends_is_killed_at_the_timeout_and_the_failure_shows_what_it_printed() {
    long start = System.nanoTime();
    AssertionFailedError e = assertThrows(AssertionFailedError.class,
        () -> ChildProcess.run(ChildProcess.java(List.of(), Child.class, "hang"), Duration.ofSeconds(3)));
    long seconds = Duration.ofNanos(System.nanoTime() - start).toSeconds();
    assertTrue(e.getMessage().startsWith("the child did not end within 3 s and was killed: "), e.getMessage());
    assertTrue(e.getMessage().endsWith("\nstarted, now hanging\n\n[stderr]\nstill here\n"), e.getMessage());
    assertTrue(seconds < 30, "the failure came after " + seconds + " s");
  }

  @Test
  void a_child_that_fills_both_pipes_ends_and_every_byte_it_wrote_is_kept() {
    // more than a pipe's buffer (64 KiB on Linux) on each stream: undrained, the child would block on its write
    ChildProcess.Result r =
        ChildProcess.run(ChildProcess.java(List.of(), Child.class, "flood"), Duration.ofSeconds(60));
    assertEquals(3, r.exitCode());
    assertEquals(("o".repeat(99) + "\n").repeat(5000), r.stdout());
    assertEquals(("e".repeat(99) + "\n").repeat(5000), r.stderr());
  }

  /** The child: hangs after printing a line on each stream, or floods both streams and exits 3. */
  public static final class Child {
    public static void main(String[] args) throws InterruptedException {
      if (args[0].equals("hang")) {
        System.out.println("started, now hanging");
        System.err.println("still here");
        Thread.sleep(Long.MAX_VALUE);
      }
      for (int i = 0; i < 5000; i++) {
        System.out.println("o".repeat(99));
        System.err.println("e".repeat(99));
      }
      System.exit(3);
    }
  }
}
