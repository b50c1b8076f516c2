package io.github.artifactio.engine.internal.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.artifactio.engine.column.Int64Column;
import io.github.artifactio.engine.table.Table;
import io.github.artifactio.engine.table.TableWriter;
import io.github.artifactio.engine.table.WriteOptions;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A writer killed with {@code kill -9} leaves its temporary file; the next writer of that destination removes it. */
class LeftoversTest {
  @TempDir Path dir;

  /** The killed writer: opens a write, writes one chunk (so its temporary file exists), says so, and waits. */
  public static final class KilledWriter {
    public static void main(String[] args) throws Exception {
      TableWriter w = TableWriter.open(Path.of(args[0]), WriteOptions.builder().rowGroupRows(10).build());
      long[] ids = new long[25];
      w.write(List.of(new Int64Column("id", ids))); // two full row groups reach the file
      System.out.println("READY");
      System.out.flush();
      Thread.sleep(TimeUnit.MINUTES.toMillis(5));
    }
  }

  private List<Path> temporaries() throws IOException {
    try (Stream<Path> s = Files.list(dir)) {
      return s.filter(p -> p.getFileName().toString().contains(".tmp-")).sorted().toList();
    }
  }

  @Test
  void a_temporary_file_left_by_a_writer_killed_with_kill_9_is_removed_by_the_next_write_and_not_before()
      throws Exception {
    Path dest = dir.resolve("t.parquet");
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Process child = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
        KilledWriter.class.getName(), dest.toString()).redirectErrorStream(true).start();
    try {
      BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8));
      String line;
      while ((line = out.readLine()) != null && !line.equals("READY")) {
        // the child's JVM may print warnings first
      }
      assertEquals("READY", line, "the child wrote its chunk");
      List<Path> left = temporaries();
      assertEquals(1, left.size(), left.toString());
      assertTrue(left.get(0).getFileName().toString().matches(
          "t\\.parquet\\.tmp-" + Leftovers.HOST + "-" + child.pid() + "-\\d+"), left.toString());
      // while its writer runs, a temporary file is never touched
      assertEquals(List.of(), Leftovers.sweep(dest));
      assertEquals(left, temporaries());
    } finally {
      child.destroyForcibly(); // SIGKILL: no shutdown hook, no cleanup
      assertTrue(child.waitFor(30, TimeUnit.SECONDS));
    }
    assertNotEquals(0, child.exitValue());
    assertEquals(1, temporaries().size(), "kill -9 left the temporary file");
    TableWriter.writeTable(dest, List.of(Int64Column.of("id", 7)));
    assertEquals(List.of(), temporaries(), "the next write removed it");
    assertEquals(7, Table.read(dest).get("id", io.github.artifactio.engine.table.As.INT64)[0]);
  }

  @Test
  void leftovers_of_another_host_and_unrelated_files_are_never_removed_and_old_names_are_judged_as_this_hosts()
      throws IOException {
    Path dest = dir.resolve("t.parquet");
    long gone = deadPid();
    String otherHost = Leftovers.HOST.equals("0badc0de") ? "0badc0df" : "0badc0de";
    Path foreign = Files.writeString(dir.resolve("t.parquet.tmp-" + otherHost + "-" + gone + "-1"), "x");
    Path old = Files.writeString(dir.resolve("t.parquet.tmp-" + gone + "-3"), "x");
    Path mine = Files.writeString(dir.resolve("t.parquet.tmp-" + Leftovers.HOST + "-" + gone + "-2"), "x");
    Path otherArtifact = Files.writeString(dir.resolve("u.parquet.tmp-" + Leftovers.HOST + "-" + gone + "-1"), "x");
    Path unrelated = Files.writeString(dir.resolve("t.parquet.tmp-notes.txt"), "x");
    Path ours = Files.writeString(dir.resolve("t.parquet" + Leftovers.prefix() + "99"), "x");
    assertEquals(Stream.of(old, mine).sorted().toList(), Leftovers.sweep(dest).stream().sorted().toList());
    assertTrue(Files.exists(foreign) && Files.exists(otherArtifact) && Files.exists(unrelated) && Files.exists(ours));
    assertFalse(Files.exists(old) || Files.exists(mine));
  }

  /** A pid no process has now: one past the highest running, checked. */
  static long deadPid() {
    long max = ProcessHandle.allProcesses().mapToLong(ProcessHandle::pid).max().orElse(1000);
    for (long p = max + 1000;; p++) {
      if (ProcessHandle.of(p).isEmpty()) {
        return p;
      }
    }
  }
}
