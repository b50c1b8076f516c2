package io.github.artifactio.engine.concat;

import io.github.artifactio.engine.EngineContext;
import io.github.artifactio.engine.internal.parquet.splice.SpanHashing;
import io.github.artifactio.engine.sidecar.SchemaId;
import java.util.Collections;
import java.util.Objects;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * How a concatenation runs. Defaults: page CRCs verified as the bytes pass, inputs hashed (their blake3 goes into the
 * provenance; an input whose report vouches for it gives the report's), the output synced before and after its
 * rename, 16 MiB read and write buffers, no re-encoding (a join of inputs whose row groups do not line up is an error),
 * hashing on the calling thread only, and a {@code <output>.report.json} beside the output.
 */
public final class ConcatOptions {
  /** The read and the write buffer: what the design measured on NFS and local disks (GenVarLoader's concat). */
  public static final int DEFAULT_BUFFER_BYTES = 16 << 20;

  private static final ConcatOptions DEFAULTS = builder().build();

  private final boolean verifyChecksums;
  private final boolean hashInputs;
  private final boolean durable;
  private final boolean reencode;
  private final boolean report;
  private final int bufferBytes;
  private final EngineContext context;
  private final SortedMap<String, String> metadata;
  private final SchemaId schema;
  private final String logicalName;

  private ConcatOptions(Builder b) {
    this.verifyChecksums = b.verifyChecksums;
    this.hashInputs = b.hashInputs;
    this.durable = b.durable;
    this.reencode = b.reencode;
    this.report = b.report;
    this.bufferBytes = b.bufferBytes;
    this.context = b.context;
    this.metadata = Collections.unmodifiableSortedMap(new TreeMap<>(b.metadata));
    this.schema = b.schema;
    this.logicalName = b.logicalName;
  }

  public static ConcatOptions defaults() {
    return DEFAULTS;
  }

  public static Builder builder() {
    return new Builder();
  }

  /** Whether page headers are walked and recorded CRC32s checked as the bytes pass (default: yes). */
  public boolean verifyChecksums() {
    return verifyChecksums;
  }

  /**
   * Whether every input's blake3 goes into the provenance (default: yes): read whole and hashed, or, for an input whose
   * report records its {@link Fingerprint} and still matches it, taken from the report unhashed.
   */
  public boolean hashInputs() {
    return hashInputs;
  }

  /**
   * Whether the output is synced to the device before and after its rename (default: yes; on a context with a turn to
   * spare its device writes start as it is written). Off: a scratch output, published whole by the rename all the
   * same, which a crash of the machine may leave empty or partly written.
   */
  public boolean durable() {
    return durable;
  }

  /** Whether a join re-encodes the columns of inputs whose row groups do not line up with the first's. */
  public boolean reencode() {
    return reencode;
  }

  /** Whether {@code <output>.report.json} is written (default: yes). */
  public boolean report() {
    return report;
  }

  public int bufferBytes() {
    return bufferBytes;
  }

  /** The engine context whose threads hash alongside the copying thread (default: the serial context, no thread). */
  public EngineContext context() {
    return context;
  }

  /** Footer entries added to (or replacing) the ones the inputs agree on. */
  public SortedMap<String, String> metadata() {
    return metadata;
  }

  /** The schema identifier stamped into the footer and the report, when set. */
  public Optional<SchemaId> schema() {
    return Optional.ofNullable(schema);
  }

  /** The report's logical name, when set (default: the output's file name without {@code .parquet}). */
  public Optional<String> logicalName() {
    return Optional.ofNullable(logicalName);
  }

  public Builder toBuilder() {
    Builder b = new Builder();
    b.verifyChecksums = verifyChecksums;
    b.hashInputs = hashInputs;
    b.durable = durable;
    b.reencode = reencode;
    b.report = report;
    b.bufferBytes = bufferBytes;
    b.context = context;
    b.metadata.putAll(metadata);
    b.schema = schema;
    b.logicalName = logicalName;
    return b;
  }

  @Override
  public String toString() {
    return "ConcatOptions{verifyChecksums=" + verifyChecksums + ", hashInputs=" + hashInputs + ", durable=" + durable
        + ", reencode=" + reencode + ", report=" + report + ", bufferBytes=" + bufferBytes + ", context="
        + context + ", metadata=" + metadata + ", schema=" + schema + ", logicalName=" + logicalName + "}";
  }

  /** Builds {@link ConcatOptions}; every setter validates its argument. */
  public static final class Builder {
    private boolean verifyChecksums = true;
    private boolean hashInputs = true;
    private boolean durable = true;
    private boolean reencode;
    private boolean report = true;
    private int bufferBytes = DEFAULT_BUFFER_BYTES;
    private EngineContext context = EngineContext.serial();
    private final SortedMap<String, String> metadata = new TreeMap<>();
    private SchemaId schema;
    private String logicalName;

    private Builder() {}

    public Builder verifyChecksums(boolean on) {
      this.verifyChecksums = on;
      return this;
    }

    public Builder hashInputs(boolean on) {
      this.hashInputs = on;
      return this;
    }

    public Builder durable(boolean on) {
      this.durable = on;
      return this;
    }

    public Builder reencode(boolean on) {
      this.reencode = on;
      return this;
    }

    public Builder report(boolean on) {
      this.report = on;
      return this;
    }

    /** The read and write buffer size: a positive multiple of 1 MiB (the hashing span). */
    public Builder bufferBytes(int bytes) {
      if (bytes < SpanHashing.SPAN || bytes % SpanHashing.SPAN != 0) {
        throw new IllegalArgumentException(
            "bufferBytes must be a positive multiple of 1 MiB (1048576) but was " + bytes);
      }
      this.bufferBytes = bytes;
      return this;
    }

    /** Hashes on {@code context}'s threads as well as the calling thread; the caller keeps and closes it. */
    public Builder context(EngineContext context) {
      this.context = Objects.requireNonNull(context, "context");
      return this;
    }

    /** A footer entry of the output; the keys the engine owns ({@code ARROW:schema}, provenance) are refused. */
    public Builder metadata(String key, String value) {
      Objects.requireNonNull(key, "key");
      Objects.requireNonNull(value, "value");
      if (key.equals(Provenance.FOOTER_KEY)
          || key.equals(io.github.artifactio.engine.table.WriteOptions.ARROW_SCHEMA_KEY)) {
        throw new IllegalArgumentException("metadata key " + key + " is written by the engine");
      }
      metadata.put(key, value);
      return this;
    }

    public Builder schema(SchemaId schema) {
      this.schema = Objects.requireNonNull(schema, "schema");
      return this;
    }

    public Builder logicalName(String name) {
      if (name == null || name.isBlank()) {
        throw new IllegalArgumentException("logicalName must not be blank but was '" + name + "'");
      }
      this.logicalName = name;
      return this;
    }

    public ConcatOptions build() {
      return new ConcatOptions(this);
    }
  }
}
