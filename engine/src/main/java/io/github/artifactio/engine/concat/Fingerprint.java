package io.github.artifactio.engine.concat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.artifactio.engine.ArtifactException;
import io.github.artifactio.engine.hash.Blake3;
import io.github.artifactio.engine.hash.ContentHash;
import io.github.artifactio.engine.sidecar.ArtifactReport;
import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Objects;
import java.util.Optional;

/**
 * A bounded fingerprint of a file that is shared by hard link rather than copied: its size and the blake3 of its
 * first and last {@link #WINDOW} bytes (the whole file when it is smaller). It costs two 1 MiB reads however large the
 * file, and it catches what a rewrite through another link most often changes: the size, the head, and for Parquet the
 * tail, where the footer and its length lie. An edit in the middle that keeps the size is not caught; the full blake3
 * (the provenance's) is what proves identity.
 *
 * <p>A writer records the fingerprint of the file it published in the file's {@code <artifact>.report.json}
 * ({@link #recordIn}, field {@value #REPORT_KEY}); a concatenation then takes an input's blake3 from its report's
 * {@code content_hash} instead of hashing the input, when the input still has that fingerprint and was not modified
 * after the report was written (the provenance says {@code "digest_from": "report"}).
 *
 * <p>JSON: {@code {"head_blake3": …, "size_bytes": …, "tail_blake3": …, "window_bytes": 1048576}}.
 */
public record Fingerprint(long size, ContentHash head, ContentHash tail, int window) {
  /** The bytes hashed at each end. */
  public static final int WINDOW = 1 << 20;

  /** The report field that records the fingerprint of the file the report describes, as it was published. */
  public static final String REPORT_KEY = "fingerprint";

  public Fingerprint {
    Objects.requireNonNull(head, "head");
    Objects.requireNonNull(tail, "tail");
    if (size < 0 || window < 1) {
      throw new IllegalArgumentException("a fingerprint needs size >= 0 and window >= 1, got " + size + ", " + window);
    }
  }

  /** The fingerprint of {@code file} as it is now. */
  public static Fingerprint of(Path file) {
    return of(file, WINDOW);
  }

  static Fingerprint of(Path file, int window) {
    try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
      long size = ch.size();
      int n = (int) Math.min(window, size);
      return new Fingerprint(size, Blake3.hashBytes(read(ch, 0, n)), Blake3.hashBytes(read(ch, size - n, n)), window);
    } catch (IOException e) {
      throw new ArtifactException(file, "fingerprinting failed: " + e, e);
    }
  }

  private static byte[] read(FileChannel ch, long at, int n) throws IOException {
    byte[] out = new byte[n];
    ByteBuffer b = ByteBuffer.wrap(out);
    while (b.hasRemaining()) {
      if (ch.read(b, at + b.position()) < 0) {
        throw new EOFException("the file ends at byte " + (at + b.position()));
      }
    }
    return out;
  }

  /**
   * What differs between this fingerprint and {@code file} now, as a phrase ("its size is 10 bytes, recorded 12"),
   * or empty when the file matches. A missing file is a difference too.
   */
  public Optional<String> difference(Path file) {
    if (!Files.isRegularFile(file)) {
      return Optional.of("it is missing");
    }
    Fingerprint now = of(file, window);
    if (now.size != size) {
      return Optional.of("its size is " + now.size + " bytes, recorded " + size);
    }
    int n = (int) Math.min(window, size);
    if (!now.head.equals(head)) {
      return Optional.of("its first " + n + " bytes hash to " + now.head + ", recorded " + head);
    }
    if (!now.tail.equals(tail)) {
      return Optional.of("its last " + n + " bytes hash to " + now.tail + ", recorded " + tail);
    }
    return Optional.empty();
  }

  /**
   * {@code report} recording this fingerprint, which must be that of the file the report describes, taken once the
   * file was published: {@code Fingerprint.of(file).recordIn(report).writeFor(file)}, the report written after the
   * file. The file's modification time is deliberately not recorded: it is not in the file's bytes, and a report that
   * recorded it would differ between two writes of the same bytes, where reports are otherwise a function of what was
   * written (apart from a writer's {@code elapsed_ms}). A reader compares the file's time with the report's own
   * instead: a file modified after its report was written is not the file the report describes.
   */
  public ArtifactReport recordIn(ArtifactReport report) {
    return report.withExtra(REPORT_KEY, toJson());
  }

  /** The JSON object, keys sorted. */
  public ObjectNode toJson() {
    ObjectNode o = JsonNodeFactory.instance.objectNode();
    o.put("head_blake3", head.hex());
    o.put("size_bytes", size);
    o.put("tail_blake3", tail.hex());
    o.put("window_bytes", window);
    return o;
  }

  /** Reads the JSON object back; a missing or malformed field is an {@link IllegalArgumentException} naming it. */
  public static Fingerprint fromJson(JsonNode o) {
    for (String key : new String[] {"head_blake3", "size_bytes", "tail_blake3", "window_bytes"}) {
      if (o == null || !o.has(key)) {
        throw new IllegalArgumentException("a fingerprint needs \"" + key + "\"");
      }
    }
    if (!o.get("size_bytes").canConvertToLong() || !o.get("window_bytes").canConvertToInt()) {
      throw new IllegalArgumentException("a fingerprint's size_bytes and window_bytes are integers");
    }
    return new Fingerprint(o.get("size_bytes").asLong(), new ContentHash(o.get("head_blake3").asText()),
        new ContentHash(o.get("tail_blake3").asText()), o.get("window_bytes").asInt());
  }
}
