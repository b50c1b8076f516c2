package io.github.artifactio.maven;

import io.github.artifactio.checks.Goal;
import io.github.artifactio.checks.ManifestGoal;
import io.github.artifactio.engine.hash.Blake3;
import io.github.artifactio.engine.hash.FileHashing;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * Checks every {@code manifest.json} of a file set against the files it records: strict JSON, keys, safe paths,
 * format, blake3, row counts, registered schemas, report sidecars and the config hash (see the rule ids
 * {@code manifest-*}). Files are hashed in parallel; unchanged files' hashes come from the cache. Reports and failure
 * as for {@code validate}.
 */
@Mojo(name = "verify-manifest", defaultPhase = LifecyclePhase.VERIFY, requiresProject = false, threadSafe = true)
public class VerifyManifestMojo extends AbstractCheckMojo {
  /** Schema identifiers ({@code name@version}) to accept besides the built-in registry's. */
  @Parameter(property = "artifact-io.schemas")
  private List<String> schemas = new ArrayList<>();

  /** Per-rule severities, {@code <manifest-report>WARN</manifest-report>}; every rule is ERROR otherwise. */
  @Parameter
  private Map<String, String> severities = new LinkedHashMap<>();

  @Override
  Goal goal() {
    return new ManifestGoal(schemas, severities);
  }

  @Override
  void before(Goal goal) {
    getLog().info(hashingLine(Blake3.backend()));
  }

  /** Which blake3 back end hashes the files, and what happens when Maven's JVM lacks the vector one. */
  static String hashingLine(String backend) {
    if (!backend.equals("scalar")) {
      return "hashing with blake3 (" + backend + " back end)";
    }
    return "hashing with blake3 (Maven's JVM has the scalar back end: files to hash past "
        + (FileHashing.DEFAULT_FORK_ABOVE >> 20) + " MiB in all are hashed in a child JVM with the Vector API, no"
        + " setup needed)";
  }
}
