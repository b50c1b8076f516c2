package io.github.artifactio.engine.table;

import io.github.artifactio.engine.hash.ContentHash;
import java.util.Objects;
import java.util.Optional;

/**
 * What a write produced: the row count, the settings that shaped its bytes, and, when its options asked for one
 * ({@link WriteOptions.Builder#contentHash()}), the blake3 of the published file, taken from the bytes as they were
 * written, never by reading the file back.
 */
public record Written(long rows, Optional<ContentHash> contentHash, WriterSettings settings) {
  public Written {
    Objects.requireNonNull(contentHash, "contentHash");
    Objects.requireNonNull(settings, "settings");
  }
}
