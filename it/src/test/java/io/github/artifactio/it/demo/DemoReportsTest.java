package io.github.artifactio.it.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.artifactio.engine.concat.Axis;
import io.github.artifactio.engine.concat.Concat;
import io.github.artifactio.engine.concat.ConcatOptions;
import io.github.artifactio.engine.concat.ConcatResult;
import io.github.artifactio.engine.concat.Fingerprint;
import io.github.artifactio.engine.concat.Provenance;
import io.github.artifactio.engine.hash.Blake3;
import io.github.artifactio.engine.sidecar.ArtifactReport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The demo's reports record each artifact's fingerprint, so a concatenation of its artifacts hashes none of them. */
class DemoReportsTest {
  @TempDir Path dir;

  @Test
  void a_concatenation_of_demo_artifacts_takes_their_digests_from_their_reports() throws Exception {
    Path run = dir.resolve("demo");
    Demo.main(new String[] {run.toString()});
    List<Path> files;
    try (Stream<Path> s = Files.list(run)) {
      files = s.filter(p -> p.toString().endsWith(".parquet")).sorted().toList();
    }
    assertTrue(!files.isEmpty(), "the demo writes artifacts");
    for (Path f : files) {
      assertEquals(Fingerprint.of(f),
          Fingerprint.fromJson(ArtifactReport.readFor(f).extra().get(Fingerprint.REPORT_KEY)), f.toString());
      ConcatResult r = Concat.concat(dir.resolve("copy-" + f.getFileName()), List.of(f), Axis.ROWS,
          ConcatOptions.defaults());
      assertEquals(Provenance.DigestFrom.REPORT, r.provenance().inputs().get(0).digestFrom(), f.toString());
      assertEquals(Blake3.hashFile(f), r.contentHash(), "the report's digest is the file's: " + f);
    }
  }
}
