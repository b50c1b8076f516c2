package io.github.artifactio.maven;

import io.github.artifactio.checks.Goal;
import io.github.artifactio.checks.ManifestGoal;
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
 * as for {@code validate}. The log says how many files were hashed and on which blake3 back end (or in a child JVM
 * with the Vector API); a run with every file in the cache makes no back end choice (asking the JVM's flags costs some
 * 20 ms).
 */
@Mojo(name = "verify-manifest", defaultPhase = LifecyclePhase.VERIFY, requiresProject = false, threadSafe = true)
public class VerifyManifestMojo extends AbstractCheckMojo {
  /** Schema identifiers ({@code name@version}) to accept besides the built-in registry's. */
  @Parameter(property = "artifact-io.schemas") private List<String> schemas = new ArrayList<>();

  /** Per-rule severities, {@code <manifest-report>WARN</manifest-report>}; every rule is ERROR otherwise. */
  @Parameter private Map<String, String> severities = new LinkedHashMap<>();

  @Override
  Goal goal() {
    return new ManifestGoal(schemas, severities);
  }
}
