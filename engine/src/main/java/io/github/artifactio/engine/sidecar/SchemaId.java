package io.github.artifactio.engine.sidecar;

import java.util.Comparator;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.Collections;

/**
 * The logical schema of an artifact: upstream's {@code (&str, u32)} tuple from {@code mumdia_core::schema::artifact}.
 *
 * <p>The text form {@code name@version} is what {@link #toString()} prints and {@link #parse(String)} reads; it is
 * canonical (no sign, no leading zeros), so {@code parse(id.toString()).equals(id)} and the reverse hold. The name may
 * itself contain {@code @}: the version is what follows the last one.
 *
 * <p>{@code version} is a u32 upstream. Java's {@code int} holds the lower half of that range, every version any
 * upstream build has used (the highest is 5); a larger one is refused with a message rather than wrapped.
 */
public record SchemaId(String name, int version) implements Comparable<SchemaId> {

  /** Parquet footer key-value key holding {@link #name()}; the table writer stamps both keys. */
  public static final String FOOTER_KEY_NAME = "artifact_io.schema_name";

  /** Parquet footer key-value key holding {@link #version()} as a canonical decimal string. */
  public static final String FOOTER_KEY_VERSION = "artifact_io.schema_version";

  private static final Comparator<SchemaId> ORDER =
      Comparator.comparing(SchemaId::name, Keys.ORDER).thenComparingInt(SchemaId::version);

  public SchemaId {
    Objects.requireNonNull(name, "schema name");
    if (name.isBlank()) {
      throw new IllegalArgumentException("schema name must not be blank, got \"" + name + "\"");
    }
    if (version < 0) {
      throw new IllegalArgumentException("schema version of " + name + " must be >= 0, got " + version);
    }
  }

  /**
   * Reads {@code name@version}, for example {@code peptides@1}.
   *
   * @throws IllegalArgumentException naming the text and what is wrong with it
   */
  public static SchemaId parse(String text) {
    Objects.requireNonNull(text, "schema id text");
    int at = text.lastIndexOf('@');
    if (at < 0) {
      throw new IllegalArgumentException(
          "schema id \"" + text + "\" is not of the form name@version (no '@')");
    }
    String name = text.substring(0, at);
    if (name.isBlank()) {
      throw new IllegalArgumentException("schema id \"" + text + "\" has a blank name");
    }
    return new SchemaId(name, parseVersion(text.substring(at + 1), () -> "schema id \"" + text + "\""));
  }

  /** {@code name@version}. */
  @Override
  public String toString() {
    return name + "@" + version;
  }

  /** The two footer key-value entries, name then version, as an unmodifiable sorted map. */
  public Map<String, String> toFooter() {
    TreeMap<String, String> footer = new TreeMap<>();
    footer.put(FOOTER_KEY_NAME, name);
    footer.put(FOOTER_KEY_VERSION, Integer.toString(version));
    return Collections.unmodifiableSortedMap(footer);
  }

  /**
   * Reads the schema id back from a file's footer key-value metadata; other keys are ignored.
   *
   * @return empty when neither key is present (a file written by something that does not stamp one)
   * @throws IllegalArgumentException when only one of the two keys is present, or a value is malformed; the message
   *     names the key and the value
   */
  public static Optional<SchemaId> fromFooter(Map<String, String> keyValues) {
    Objects.requireNonNull(keyValues, "footer key-value metadata");
    String name = keyValues.get(FOOTER_KEY_NAME);
    String version = keyValues.get(FOOTER_KEY_VERSION);
    if (name == null && version == null) {
      return Optional.empty();
    }
    if (name == null) {
      throw new IllegalArgumentException(
          "footer has " + FOOTER_KEY_VERSION + "=\"" + version + "\" but no " + FOOTER_KEY_NAME);
    }
    if (version == null) {
      throw new IllegalArgumentException(
          "footer has " + FOOTER_KEY_NAME + "=\"" + name + "\" but no " + FOOTER_KEY_VERSION);
    }
    if (name.isBlank()) {
      throw new IllegalArgumentException("footer key " + FOOTER_KEY_NAME + " has a blank value \"" + name + "\"");
    }
    return Optional.of(
        new SchemaId(name, parseVersion(version, () -> "footer key " + FOOTER_KEY_VERSION + "=\"" + version + "\"")));
  }

  @Override
  public int compareTo(SchemaId other) {
    return ORDER.compare(this, other);
  }

  /** A canonical non-negative decimal that fits a u32 and a Java int; {@code what} names the source in errors. */
  private static int parseVersion(String digits, java.util.function.Supplier<String> what) {
    if (digits.isEmpty()) {
      throw new IllegalArgumentException(what.get() + ": the version is empty");
    }
    for (int i = 0; i < digits.length(); i++) {
      char c = digits.charAt(i);
      if (c < '0' || c > '9') {
        throw new IllegalArgumentException(
            what.get() + ": the version \"" + digits + "\" is not a non-negative decimal integer");
      }
    }
    if (digits.length() > 1 && digits.charAt(0) == '0') {
      throw new IllegalArgumentException(what.get() + ": the version \"" + digits + "\" has a leading zero");
    }
    if (digits.length() > 10 || Long.parseLong(digits) > 0xFFFF_FFFFL) {
      throw new IllegalArgumentException(what.get() + ": the version " + digits + " does not fit a u32");
    }
    long v = Long.parseLong(digits);
    if (v > Integer.MAX_VALUE) {
      throw new IllegalArgumentException(
          what.get() + ": the version " + digits + " fits a u32 but exceeds " + Integer.MAX_VALUE
              + ", the largest this engine supports");
    }
    return (int) v;
  }
}
