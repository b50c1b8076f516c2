package io.github.artifactio.engine.table;

import io.github.artifactio.engine.hash.ContentHash;
import java.util.Objects;

/**
 * What a hashed write produced: the row count, the blake3 of the published file (taken from the bytes as they were
 * written, never by reading the file back), and the settings that shaped its bytes.
 */
public record Written(long rows, ContentHash contentHash, WriterSettings settings) {
  public Written {
    Objects.requireNonNull(contentHash, "contentHash");
    Objects.requireNonNull(settings, "settings");
  }
}
