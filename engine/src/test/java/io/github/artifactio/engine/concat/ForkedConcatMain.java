package io.github.artifactio.engine.concat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs in a JVM of its own with a small heap (see {@link ConcatMemoryTest}): concatenates its inputs along the rows
 * axis with the default options (16 MiB buffers, checks and hashes on) and prints the rows, the digest and the peak
 * heap use.
 */
public final class ForkedConcatMain {
  public static void main(String[] args) {
    Path out = Path.of(args[0]);
    List<Path> inputs = new ArrayList<>();
    for (int i = 1; i < args.length; i++) {
      inputs.add(Path.of(args[i]));
    }
    ConcatResult r = Concat.concat(out, inputs, Axis.ROWS, ConcatOptions.defaults());
    System.out.println("ok " + r.rows() + " " + r.contentHash().hex());
  }

  private ForkedConcatMain() {}
}
