package io.github.artifactio.cli;

import io.github.artifactio.checks.shard.B3sumLines;
import io.github.artifactio.engine.EngineContext;
import io.github.artifactio.engine.hash.Blake3;
import io.github.artifactio.engine.hash.Blake3Hasher;
import io.github.artifactio.engine.hash.ContentHash;
import io.github.artifactio.engine.hash.FileHashing;
import io.github.artifactio.engine.plan.ShardSpec;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * {@code hash FILE...}: blake3 digests as {@code b3sum} prints them, and {@code hash --check LIST} to verify a list
 * {@code b3sum} (or this command) wrote. {@code -} or no file reads standard input.
 */
final class HashCommand implements CliCommand {
  private static final CommandDef DEF = CommandDef.command("hash",
      "Prints the blake3 of each file as b3sum does (<hex>  <path>); with --check, reads such lists and verifies"
          + " every file they name.")
      .params("FILE", 0, -1, "Files to hash, or lists with --check (- : stdin).")
      .flag("-c,--check", "The files are lists of b3sum lines: verify what they name.")
      .value("--shard", "I/N|slurm", null, "Hash only shard I of N of the files' units (a file past --split-mib is"
          + " several units) and write them to --partial-out, for merge; slurm reads SLURM_ARRAY_TASK_ID,"
          + " SLURM_ARRAY_TASK_COUNT and SLURM_ARRAY_TASK_MIN.")
      .value("--split-mib", "MIB", "1024", "With --shard: files larger than this are cut into units of this size.")
      .value("--partial-out", "FILE", null, "With --shard: where the shard's partial report is written.");

  private InputStream stdin = System.in;
  private Map<String, String> env = System.getenv();

  /** Reads the environment (the Slurm variables) from {@code env} instead (tests). */
  HashCommand env(Map<String, String> env) {
    this.env = env;
    return this;
  }

  /** Reads standard input from {@code in} instead (tests). */
  HashCommand stdin(InputStream in) {
    this.stdin = in;
    return this;
  }

  @Override
  public CommandDef def() {
    return DEF;
  }

  @Override
  public int run(Parsed args, PrintWriter out, PrintWriter err) throws IOException, UsageException {
    List<String> names = args.params().isEmpty() ? List.of("-") : args.params();
    boolean check = args.flag("--check");
    ShardSpec shard = shard(args, check, names);
    for (String name : names) {
      if (!name.equals("-") && !Files.isRegularFile(Path.of(name))) {
        err.println("artifact-io hash: " + name + (Files.exists(Path.of(name)) ? " is not a file" : " does not exist"));
        return Main.USAGE;
      }
    }
    // the files' hashing spreads over this machine's cores; past FileHashing's threshold (1.5 GiB) a JVM without the
    // Vector API hashes them in a child JVM that has it, as verify-manifest does
    try (EngineContext context = EngineContext.create("artifact-io-hash",
        Math.max(1, Runtime.getRuntime().availableProcessors() - 1))) {
      if (shard != null) {
        return HashShard.run(names, shard, splitMib(args) << 20, args.path("--partial-out"), context, err);
      }
      if (!check) {
        List<Path> files = names.stream().filter(n -> !n.equals("-")).distinct().map(Path::of).toList();
        Map<Path, ContentHash> digests = FileHashing.builder().context(context).build().hash(files).digests();
        for (String name : names) {
          ContentHash d = name.equals("-") ? stdinDigest() : digests.get(Path.of(name));
          out.println(B3sumLines.format(d.hex(), name));
        }
        return Main.PASS;
      }
      int code = Main.PASS;
      for (String name : names) {
        code = Math.max(code, verify(name, out, err, context));
      }
      return code;
    }
  }

  /** The shard asked for, or null; a malformed one, or one without --partial-out, is a usage error. */
  private ShardSpec shard(Parsed args, boolean check, List<String> names) throws UsageException {
    String text = args.string("--shard");
    if (text == null) {
      if (args.string("--partial-out") != null) {
        throw new UsageException("--partial-out needs --shard", DEF);
      }
      return null;
    }
    if (check || names.contains("-") || args.string("--partial-out") == null) {
      throw new UsageException("--shard needs --partial-out FILE and files to hash (not --check, not -)", DEF);
    }
    try {
      return text.equals("slurm") ? ShardSpec.slurm(env) : ShardSpec.parse(text);
    } catch (IllegalArgumentException e) {
      throw new UsageException("--shard " + text + ": " + e.getMessage(), DEF);
    }
  }

  private static long splitMib(Parsed args) throws UsageException {
    int mib = args.integer("--split-mib");
    if (mib < 1) {
      throw new UsageException("--split-mib must be at least 1, got " + mib, DEF);
    }
    return mib;
  }

  /** Verifies every line of one list; a malformed line is a usage error naming the list and the line. */
  private int verify(String list, PrintWriter out, PrintWriter err, EngineContext context) throws IOException {
    int code = Main.PASS;
    try (BufferedReader in = new BufferedReader(new InputStreamReader(
        list.equals("-") ? stdin : Files.newInputStream(Path.of(list)), StandardCharsets.UTF_8))) {
      int n = 0;
      for (String line = in.readLine(); line != null; line = in.readLine()) {
        n++;
        if (line.isEmpty()) {
          continue;
        }
        B3sumLines.Entry e;
        try {
          e = B3sumLines.parse(line);
        } catch (IllegalArgumentException bad) {
          err.println("artifact-io hash: " + list + ", line " + n + ": " + bad.getMessage());
          return Main.USAGE;
        }
        // as b3sum names it: escaped, and marked with a leading backslash when escaping changed it
        String escaped = B3sumLines.escape(e.path());
        String shown = escaped.equals(e.path()) ? escaped : "\\" + escaped;
        try {
          boolean same = Blake3.hashFile(Path.of(e.path()), context).hex().equals(e.hex());
          out.println(shown + (same ? ": OK" : ": FAILED"));
          code = same ? code : Main.FAILED;
        } catch (UncheckedIOException | io.github.artifactio.engine.ArtifactException x) {
          out.println(shown + ": FAILED (" + (Files.exists(Path.of(e.path())) ? "not readable" : "no such file")
              + ")");
          code = Main.FAILED;
        }
      }
    }
    return code;
  }

  private ContentHash stdinDigest() throws IOException {
    Blake3Hasher h = Blake3.newHasher();
    byte[] buf = new byte[1 << 16];
    for (int r = stdin.read(buf); r >= 0; r = stdin.read(buf)) {
      h.update(buf, 0, r);
    }
    return h.digest();
  }
}
