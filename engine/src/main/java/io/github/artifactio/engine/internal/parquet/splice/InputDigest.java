package io.github.artifactio.engine.internal.parquet.splice;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.artifactio.engine.concat.Fingerprint;
import io.github.artifactio.engine.concat.Provenance;
import io.github.artifactio.engine.hash.ContentHash;
import io.github.artifactio.engine.sidecar.ArtifactReport;
import io.github.artifactio.engine.sidecar.SidecarJson;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.Objects;

/**
 * An input's blake3 and where it came from: hashed from its bytes, or taken from its {@code <input>.report.json}
 * when that report can be trusted for it ({@link #fromReport}).
 *
 * @param bytesRead what taking it read beyond the splice's own reads: the fingerprint's two windows for a report's
 */
record InputDigest(ContentHash hash, Provenance.DigestFrom from, long bytesRead) {
  InputDigest {
    Objects.requireNonNull(hash, "hash");
    Objects.requireNonNull(from, "from");
  }

  /** A digest hashed from the bytes, or null when there is none (inputs not hashed). */
  static InputDigest bytes(ContentHash hash) {
    return hash == null ? null : new InputDigest(hash, Provenance.DigestFrom.BYTES, 0);
  }

  /**
   * The {@code content_hash} of {@code in}'s report, or null when the report cannot vouch for the input as its footer
   * was read: the report is missing or unreadable, records no {@link Fingerprint#REPORT_KEY fingerprint} (a writer that
   * predates it, or another engine's), or the input differs from what it records: another size, another first or last
   * MiB, or a modification after the report's own (the report is written once the file is published, so a file
   * modified later is not the file it describes). Never an error: a report that is not trusted only means the input is
   * hashed from its bytes. What this does not catch is a change in the middle of the file that keeps its size and a
   * modification time no later than the report's (see docs/concat.md); the size and time are those the splice checks
   * again after the input's last byte was copied ({@link SpliceInput#checkUnchanged}).
   */
  static InputDigest fromReport(SpliceInput in) {
    Path sidecar = ArtifactReport.sidecarPathFor(in.path());
    try {
      // the report's time first: a report rewritten after this read is judged by the earlier, stricter time
      FileTime reported = Files.getLastModifiedTime(sidecar);
      ArtifactReport report = SidecarJson.readReport(sidecar);
      JsonNode recorded = report.extra().get(Fingerprint.REPORT_KEY);
      if (recorded == null) {
        return null;
      }
      Fingerprint fingerprint = Fingerprint.fromJson(recorded);
      if (fingerprint.size() != in.length() || in.modified().compareTo(reported) > 0
          || fingerprint.difference(in.path()).isPresent()) {
        return null;
      }
      long windows = 2 * Math.min(fingerprint.window(), fingerprint.size());
      return new InputDigest(new ContentHash(report.contentHash()), Provenance.DigestFrom.REPORT, windows);
    } catch (IOException | RuntimeException e) {
      return null; // no report, or one that does not read: the bytes are hashed instead
    }
  }
}
