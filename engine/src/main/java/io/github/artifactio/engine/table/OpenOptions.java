package io.github.artifactio.engine.table;

import io.github.artifactio.engine.sidecar.SchemaId;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/**
 * How {@link TableFile#open(Path, OpenOptions)} opens an artifact.
 *
 * <ul>
 *   <li>{@code offsetIndex}: also load the offset index (page locations) of every column chunk, so selections skip
 *       pages unread and the handle can be cut at page boundaries.
 *   <li>{@code expectSchema}: the schema-version gate. The footer's schema id, the {@code <artifact>.report.json}
 *       beside the file (when there is one) and the record of this file in {@code manifest} (when given) must all
 *       name this schema and version, and at least one of them must record one; otherwise the open fails before any
 *       data page is read, naming both identifiers.
 * </ul>
 */
public final class OpenOptions {
  private final boolean offsetIndex;
  private final SchemaId expectSchema;
  private final Path manifest;

  private OpenOptions(Builder b) {
    this.offsetIndex = b.offsetIndex;
    this.expectSchema = b.expectSchema;
    this.manifest = b.manifest;
  }

  public static Builder builder() {
    return new Builder();
  }

  public boolean offsetIndex() {
    return offsetIndex;
  }

  public Optional<SchemaId> expectSchema() {
    return Optional.ofNullable(expectSchema);
  }

  public Optional<Path> manifest() {
    return Optional.ofNullable(manifest);
  }

  public static final class Builder {
    private boolean offsetIndex;
    private SchemaId expectSchema;
    private Path manifest;

    private Builder() {}

    public Builder offsetIndex(boolean load) {
      this.offsetIndex = load;
      return this;
    }

    public Builder expectSchema(SchemaId schema) {
      this.expectSchema = Objects.requireNonNull(schema, "expected schema");
      return this;
    }

    /** The run's {@code manifest.json}, whose record of this artifact the gate checks too. */
    public Builder manifest(Path manifestJson) {
      this.manifest = Objects.requireNonNull(manifestJson, "manifest path");
      return this;
    }

    public OpenOptions build() {
      return new OpenOptions(this);
    }
  }
}
