package io.github.artifactio.cli;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.github.artifactio.checks.ValidatePartial;
import io.github.artifactio.checks.shard.B3sumLines;
import io.github.artifactio.checks.shard.HashPartial;
import io.github.artifactio.checks.shard.ManifestMerge;
import io.github.artifactio.checks.shard.ManifestShards;
import io.github.artifactio.checks.shard.ShardedHash;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * {@code merge PARTIAL...|DIR}: joins the partial reports of every shard of one plan and prints what the unsharded
 * command prints, with its exit code: for {@code hash}, b3sum's lines in the plan's file order; for
 * {@code verify-manifest}, its log, reports and verdict ({@link ManifestMerge}); for {@code validate}, what
 * {@code validate} prints and writes ({@link ValidateCommand#merge}); the reports' {@code kind} tells which. Refuses,
 * naming what is wrong, reports of two commands, a set with a missing or a duplicated shard, and reports of different
 * plans (another tool version, split size, shard count or file set, or a file seen with another size or time).
 */
final class MergeCommand implements CliCommand {
  private static final CommandDef DEF = CommandDef.command("merge",
      "Merges the partial reports that the shards of a job array wrote (hash, verify-manifest or validate --shard)"
          + " into the unsharded output.")
      .params("PARTIAL", 1, -1, "Partial reports, or folders whose *.json files are partial reports.");

  @Override
  public CommandDef def() {
    return DEF;
  }

  @Override
  public int run(Parsed args, PrintWriter out, PrintWriter err) throws IOException, UsageException {
    List<Path> inputs = new ArrayList<>();
    for (String p : args.params()) {
      Path path = Path.of(p);
      if (Files.isDirectory(path)) {
        try (Stream<Path> s = Files.list(path)) {
          List<Path> found = s.filter(f -> f.getFileName().toString().endsWith(".json") && Files.isRegularFile(f))
              .sorted().toList();
          if (found.isEmpty()) {
            err.println("artifact-io merge: " + p + " holds no partial report (*.json)");
            return Main.USAGE;
          }
          inputs.addAll(found);
        }
      } else if (Files.isRegularFile(path)) {
        inputs.add(path);
      } else {
        err.println("artifact-io merge: " + p + " does not exist");
        return Main.USAGE;
      }
    }
    // the command whose shards these are decides the merge; shards of two commands are never one run (each report's
    // head only is read here)
    String kind = kind(inputs.get(0));
    for (Path p : inputs.subList(1, inputs.size())) {
      String other = kind(p);
      if (kind != null && other != null && !kind.equals(other)) {
        err.println("artifact-io merge: partial reports of different commands: " + inputs.get(0) + " is of " + kind
            + ", " + p + " of " + other);
        return Main.FAILED;
      }
    }
    if (ManifestShards.KIND.equals(kind)) {
      return manifests(inputs, out, err);
    }
    if (ValidatePartial.KIND.equals(kind)) {
      return new ValidateCommand().merge(inputs, out, err);
    }
    List<HashPartial> reports = new ArrayList<>();
    HashPartial.Plans plans = new HashPartial.Plans();
    for (Path p : inputs) {
      try {
        reports.add(HashPartial.read(p, p.toString(), plans));
      } catch (HashPartial.MalformedException e) {
        err.println("artifact-io merge: " + e.getMessage());
        return Main.USAGE;
      }
    }
    List<String> refusals = ShardedHash.refusals(reports);
    if (!refusals.isEmpty()) {
      refusals.forEach(r -> err.println("artifact-io merge: " + r));
      return Main.FAILED;
    }
    return hash(reports, out, err);
  }

  /** The {@code kind} a partial report names (null when it names none): which command's merge reads the set. */
  private static String kind(Path report) throws IOException {
    // the head's fields up to "kind" only (the third): 1,000 partials' whole heads took a tenth of a second
    try (JsonParser p = KIND_READER.createParser(report.toFile())) {
      if (p.nextToken() != JsonToken.START_OBJECT) {
        return null;
      }
      while (p.nextToken() == JsonToken.FIELD_NAME) {
        String field = p.currentName();
        JsonToken t = p.nextToken();
        if (field.equals("units")) {
          return null;
        }
        if (field.equals("kind")) {
          return t.isScalarValue() && t != JsonToken.VALUE_NULL ? p.getText() : null;
        }
        p.skipChildren();
      }
      return null;
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      return null; // the hash merge names the report that is not JSON
    }
  }

  private static final JsonFactory KIND_READER = new JsonFactory();

  /** b3sum's lines of every file, as {@code hash} prints them; any unit's error instead, and no line at all. */
  private static int hash(List<HashPartial> reports, PrintWriter out, PrintWriter err) {
    ShardedHash.Merged merged = ShardedHash.merge(reports);
    if (!merged.errors().isEmpty()) {
      merged.errors().forEach(e -> err.println("artifact-io merge: " + e));
      return Main.FAILED;
    }
    merged.digests().forEach((path, digest) -> out.println(B3sumLines.format(digest.hex(), path)));
    return Main.PASS;
  }

  /**
   * verify-manifest's merge: refuses a set with a missing or duplicated shard or of different plans (naming what
   * differs), else runs {@code verify-manifest} again with the shards' own command line, its goal taking its outcome
   * from the partial reports instead of the files, so that the log, the summary, the reports and the exit code are
   * the unsharded run's.
   */
  private static int manifests(List<Path> inputs, PrintWriter out, PrintWriter err) throws IOException {
    List<ManifestMerge.Header> headers = ManifestMerge.headers(inputs);
    List<String> refusals = ManifestMerge.refusals(headers);
    if (!refusals.isEmpty()) {
      refusals.forEach(r -> err.println("artifact-io merge: " + r));
      return Main.FAILED;
    }
    List<Path> ordered = ManifestMerge.ordered(headers).stream().map(ManifestMerge.Header::file).toList();
    VerifyManifestCommand command = new VerifyManifestCommand()
        .merged(goal -> ManifestMerge.goal(goal, ManifestMerge.files(ordered)));
    return Main.run(command, ManifestMerge.invocation(headers), out, err);
  }
}
