package io.github.artifactio.engine.table;

import io.github.artifactio.engine.sidecar.SchemaId;
import java.util.Collections;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Everything that changes the bytes a writer produces, in one immutable value (never read from the environment), so
 * that the footer and the report can record it and a changed content hash can be explained ({@link WriterSettings});
 * plus three choices that change no byte: whether the bytes are hashed while written, whether publication waits for
 * the disk ({@link Builder#durable(boolean)}), and whether the bytes bypass the page cache
 * ({@link Builder#directIo(boolean)}).
 *
 * <p>Two layouts, as in the Rust engine:
 *
 * <ul>
 *   <li><b>uncapped</b> (the default): row groups of at most {@value #DEFAULT_ROW_GROUP_ROWS} rows, data pages cut at
 *       {@value #DEFAULT_PAGE_ROWS} rows or 1 MiB, dictionaries up to 1 MiB;
 *   <li><b>capped</b> ({@link Builder#rowGroupRows(int)}): row groups of exactly {@code n} rows (the last one shorter),
 *       data pages cut by size with a row limit of {@code min(n, 131072)}, so a scalar column of a 65,536-row group is
 *       one page; and float dictionaries planned from the first {@code ceil(n/4)} rows ({@link Builder#floatPlan}).
 * </ul>
 *
 * Both write SNAPPY by default, statistics, column and offset indexes and page CRC32 checksums.
 */
public final class WriteOptions {
  /** The row-group row limit of the uncapped writers (parquet-rs's default). */
  public static final int DEFAULT_ROW_GROUP_ROWS = 1 << 20;
  /** The data page row limit of the uncapped writers (parquet-rs's default). */
  public static final int DEFAULT_PAGE_ROWS = 20_000;
  /** The most rows a capped writer puts in a data page; pages end earlier at {@link #DEFAULT_PAGE_BYTES}. */
  public static final int MAX_CAPPED_PAGE_ROWS = 1 << 17;
  /** The data page size limit. */
  public static final int DEFAULT_PAGE_BYTES = 1 << 20;
  /** The dictionary page size limit; past it a column falls back to PLAIN. */
  public static final int DEFAULT_DICTIONARY_PAGE_BYTES = 1 << 20;
  /** Keys the engine writes itself, which user metadata may not use. */
  public static final String ARROW_SCHEMA_KEY = "ARROW:schema";
  /** The footer key under which the writer records its {@link WriterSettings}. */
  public static final String WRITER_SETTINGS_KEY = "artifact_io.writer";

  private static final WriteOptions DEFAULTS = builder().build();

  private final Codec codec;
  private final Integer rowGroupCap;
  private final Integer pageRows;
  private final boolean floatPlan;
  private final SortedSet<String> plainColumns;
  private final SortedMap<String, String> metadata;
  private final boolean contentHash;
  private final boolean durable;
  private final boolean directIo;

  private WriteOptions(Builder b) {
    this.codec = b.codec;
    this.rowGroupCap = b.rowGroupCap;
    this.pageRows = b.pageRows;
    this.floatPlan = b.floatPlan;
    this.plainColumns = Collections.unmodifiableSortedSet(new TreeSet<>(b.plainColumns));
    this.metadata = Collections.unmodifiableSortedMap(new TreeMap<>(b.metadata));
    this.contentHash = b.contentHash;
    this.durable = b.durable;
    this.directIo = b.directIo;
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

  /** The row-group cap of a capped writer; empty for the uncapped layout. */
  public OptionalInt rowGroupCap() {
    return rowGroupCap == null ? OptionalInt.empty() : OptionalInt.of(rowGroupCap);
  }

  /** The most rows a row group holds. */
  public int rowGroupRows() {
    return rowGroupCap == null ? DEFAULT_ROW_GROUP_ROWS : rowGroupCap;
  }

  /**
   * The data page row limit: 20,000 uncapped, {@code min(cap, 131072)} capped, unless {@link Builder#pageRows(int)}
   * set it.
   */
  public int pageRows() {
    if (pageRows != null) {
      return pageRows;
    }
    return rowGroupCap == null ? DEFAULT_PAGE_ROWS : Math.min(rowGroupCap, MAX_CAPPED_PAGE_ROWS);
  }

  /** Whether a capped writer plans its float encodings from its first rows (uncapped writers never plan). */
  public boolean floatPlan() {
    return floatPlan;
  }

  /** Columns written without any dictionary, whatever the plan says. */
  public SortedSet<String> plainColumns() {
    return plainColumns;
  }

  /** Whether the writer hashes the bytes it writes (blake3) into {@link Written#contentHash()}. */
  public boolean contentHash() {
    return contentHash;
  }

  /** Whether publication syncs the file and its folder to the device first (the default). */
  public boolean durable() {
    return durable;
  }

  /** Whether the writer asks for direct IO (the page cache bypassed); see {@link Builder#directIo(boolean)}. */
  public boolean directIo() {
    return directIo;
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
    Builder b = new Builder().codec(codec).floatPlan(floatPlan);
    b.rowGroupCap = rowGroupCap;
    b.pageRows = pageRows;
    b.plainColumns.addAll(plainColumns);
    b.metadata.putAll(metadata);
    b.contentHash = contentHash;
    b.durable = durable;
    b.directIo = directIo;
    return b;
  }

  @Override
  public String toString() {
    return "WriteOptions[codec=" + codec + ", rowGroupCap=" + (rowGroupCap == null ? "none" : rowGroupCap)
        + ", pageRows=" + pageRows()
        + ", floatPlan=" + floatPlan + ", plainColumns=" + plainColumns + ", metadata=" + metadata.keySet()
        + ", contentHash=" + contentHash + ", durable=" + durable + ", directIo=" + directIo + "]";
  }

  /** Builds {@link WriteOptions}; every setter validates its argument and names the bad value. */
  public static final class Builder {
    private Codec codec = Codec.SNAPPY;
    private Integer rowGroupCap;
    private Integer pageRows;
    private boolean floatPlan = true;
    private final SortedSet<String> plainColumns = new TreeSet<>();
    private final SortedMap<String, String> metadata = new TreeMap<>();
    private boolean contentHash;
    private boolean durable = true;
    private boolean directIo;

    private Builder() {}

    public Builder codec(Codec codec) {
      this.codec = Objects.requireNonNull(codec, "codec");
      return this;
    }

    /** Makes this a capped writer: row groups of exactly {@code rows} rows, the last one shorter. */
    public Builder rowGroupRows(int rows) {
      if (rows < 1) {
        throw new IllegalArgumentException("rowGroupRows must be at least 1 but was " + rows);
      }
      this.rowGroupCap = rows;
      return this;
    }

    /**
     * The most rows in a data page (pages still end at 1 MiB), instead of the layout's default: for readers that
     * skip pages, a smaller page means less read around a selected row.
     */
    public Builder pageRows(int rows) {
      if (rows < 1) {
        throw new IllegalArgumentException("pageRows must be at least 1 but was " + rows);
      }
      this.pageRows = rows;
      return this;
    }

    /** Turns the float-encoding plan of capped writers on (the default) or off. */
    public Builder floatPlan(boolean on) {
      this.floatPlan = on;
      return this;
    }

    /**
     * Writes column {@code name} without a dictionary for any leaf under it. An unknown name is an error when the
     * writer opens (at its first chunk).
     */
    public Builder plainColumn(String name) {
      plainColumns.add(Objects.requireNonNull(name, "plain column name"));
      return this;
    }

    /**
     * Hashes the written bytes (blake3) as they are written; read the digest from {@link Written#contentHash()}. On a
     * writer's {@link io.github.artifactio.engine.EngineContext} with a free thread the hashing runs there, beside
     * the encoding; on the serial context it runs on the writer's thread (about 40% of a write without the Vector
     * API).
     */
    public Builder contentHash() {
      this.contentHash = true;
      return this;
    }

    /**
     * Whether the writer syncs the file and then its folder to the device when it publishes (the default,
     * {@code true}): after a power loss the destination then holds the previous file or the whole new one.
     * {@code false} skips both syncs: publication is still a rename, atomic for every running process, and no byte
     * written changes, but a crash of the machine may leave the new name with blocks that never reached the disk. For
     * scratch files that a crash makes worthless anyway. In the write benchmark the syncs are a measured share of a
     * write (docs/benchmarks.md).
     */
    public Builder durable(boolean durable) {
      this.durable = durable;
      return this;
    }

    /**
     * Writes the file with direct IO ({@code O_DIRECT}): the bytes go from the writer's buffers to the device without
     * a copy into the page cache; no byte written changes (the last block is written padded, then the file is cut to
     * its length). Off by default, because the file is then not in the page cache: a reader that opens it right after
     * (the next stage of a pipeline, often) reads it from the device instead of from memory. Where a file system
     * refuses direct IO (tmpfs on older kernels, some network file systems) the writer writes through the page cache
     * as usual. Worth it for durable writes of large files read later, and on machines where the page cache's pages
     * are expensive to come by. Measure before choosing it: on this project's 2-vCPU VM a 150 MB durable write took
     * 0.37-0.43 s with it against 0.64-0.77 s without while every write took pages the VM had not handed out lately,
     * but 0.53 s against 0.38 s once the writes reused freed pages (docs/benchmarks.md).
     */
    public Builder directIo(boolean directIo) {
      this.directIo = directIo;
      return this;
    }

    /** A footer key-value entry, next to {@code ARROW:schema}; read it back with {@link TableFile#metadata()}. */
    public Builder metadata(String key, String value) {
      Objects.requireNonNull(key, "key");
      Objects.requireNonNull(value, "value of metadata key '" + key + "'");
      if (key.equals(ARROW_SCHEMA_KEY) || key.equals(WRITER_SETTINGS_KEY)) {
        throw new IllegalArgumentException("the footer key '" + key + "' is written by the engine");
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
