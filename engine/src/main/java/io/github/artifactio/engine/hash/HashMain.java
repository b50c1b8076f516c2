package io.github.artifactio.engine.hash;

import io.github.artifactio.engine.EngineContext;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * The child JVM of {@link FileHashing}: reads file paths from standard input, one a line, and prints
 * {@code <64 hex digits>\t<path>} for each, hashed with the back end this JVM has (the parent starts it with the
 * Vector API) over {@code args[0]} threads. A file that fails ends the child with status 1; the parent then hashes
 * every file itself, so the error it reports is its own.
 */
public final class HashMain {
  private HashMain() {}

  public static void main(String[] args) throws Exception {
    int threads = args.length > 0 ? Integer.parseInt(args[0]) : 1;
    PrintStream out = new PrintStream(System.out, false, StandardCharsets.UTF_8);
    try (EngineContext context = threads > 1 ? EngineContext.create("hash-child", threads - 1) : EngineContext.serial();
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8))) {
      for (String line = in.readLine(); line != null; line = in.readLine()) {
        if (!line.isEmpty()) {
          out.print(Blake3.hashFile(Path.of(line), context).hex());
          out.print('\t');
          out.print(line);
          out.print('\n');
        }
      }
    } catch (RuntimeException e) {
      out.flush();
      System.exit(1);
    }
    out.flush();
  }
}
