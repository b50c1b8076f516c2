package io.github.artifactio.engine.table;

import java.util.Collections;
import io.github.artifactio.engine.sidecar.SchemaId;
import java.util.Objects;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Everything that changes the bytes a writer produces, in one immutable value (never read from the environment), so
 * that a report can record it and a changed content hash can be explained. Defaults are the Rust engine's uncapped
 * writer's: SNAPPY, row groups of at most 1,048,576 rows, data pages cut at 20,000 rows or 1 MiB, dictionaries up to
 * 1 MiB, statistics, column and offset indexes, and page CRC32 checksums.
 */
public final class WriteOptions {
  /** The row-group row limit of the uncapped writers (parquet-rs's default). */
  public static final int DEFAULT_ROW_GROUP_ROWS = 1 << 20;
  /** The data page row limit of the uncapped writers (parquet-rs's default). */
  public static final int DEFAULT_PAGE_ROWS = 20_000;
  /** The data page size limit. */
  public static final int DEFAULT_PAGE_BYTES = 1 << 20;
  /** The dictionary page size limit; past it a column falls back to PLAIN. */
  public static final int DEFAULT_DICTIONARY_PAGE_BYTES = 1 << 20;
  /** Keys the engine writes itself, which user metadata may not use. */
  public static final String ARROW_SCHEMA_KEY = "ARROW:schema";

  private static final WriteOptions DEFAULTS = builder().build();

  private final Codec codec;
  private final int rowGroupRows;
  private final SortedMap<String, String> metadata;

  private WriteOptions(Builder b) {
    this.codec = b.codec;
    this.rowGroupRows = b.rowGroupRows;
    this.metadata = Collections.unmodifiableSortedMap(new TreeMap<>(b.metadata));
  }

  public static WriteOptions defaults() {
    return DEFAULTS;
  }

  public static Builder builder() {
    return new Builder();
  }

  public Codec codec() {
    return codec;
  }

  public int rowGroupRows() {
    return rowGroupRows;
  }

  /** The schema identifier recorded in the footer, if one was given. */
  public Optional<SchemaId> schema() {
    return SchemaId.fromFooter(metadata);
  }

  /** Footer key-value metadata, sorted by key (the footer is written in this order, so bytes are deterministic). */
  public SortedMap<String, String> metadata() {
    return metadata;
  }

  /** A builder holding these options. */
  public Builder toBuilder() {
    Builder b = new Builder().codec(codec).rowGroupRows(rowGroupRows);
    b.metadata.putAll(metadata);
    return b;
  }

  @Override
  public String toString() {
    return "WriteOptions[codec=" + codec + ", rowGroupRows=" + rowGroupRows + ", metadata=" + metadata.keySet() + "]";
  }

  /** Builds {@link WriteOptions}; every setter validates its argument and names the bad value. */
  public static final class Builder {
    private Codec codec = Codec.SNAPPY;
    private int rowGroupRows = DEFAULT_ROW_GROUP_ROWS;
    private final SortedMap<String, String> metadata = new TreeMap<>();

    private Builder() {}

    public Builder codec(Codec codec) {
      this.codec = Objects.requireNonNull(codec, "codec");
      return this;
    }

    /** The most rows a row group holds (the last one may hold fewer). */
    public Builder rowGroupRows(int rows) {
      if (rows < 1) {
        throw new IllegalArgumentException("rowGroupRows must be at least 1 but was " + rows);
      }
      this.rowGroupRows = rows;
      return this;
    }

    /** A footer key-value entry, next to {@code ARROW:schema}; read it back with {@link TableFile#metadata()}. */
    public Builder metadata(String key, String value) {
      Objects.requireNonNull(key, "key");
      Objects.requireNonNull(value, "value of metadata key '" + key + "'");
      if (key.equals(ARROW_SCHEMA_KEY)) {
        throw new IllegalArgumentException("the footer key '" + ARROW_SCHEMA_KEY + "' is written by the engine");
      }
      metadata.put(key, value);
      return this;
    }

    /**
     * Records the artifact's schema identifier in the footer ({@link SchemaId#FOOTER_KEY_NAME},
     * {@link SchemaId#FOOTER_KEY_VERSION}), so a reader can check it before decoding a page.
     */
    public Builder schema(SchemaId id) {
      Objects.requireNonNull(id, "schema id");
      id.toFooter().forEach(this::metadata);
      return this;
    }

    public WriteOptions build() {
      return new WriteOptions(this);
    }
  }
}
