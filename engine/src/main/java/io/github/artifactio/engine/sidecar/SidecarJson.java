package io.github.artifactio.engine.sidecar;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.StreamWriteFeature;
import com.fasterxml.jackson.core.json.JsonWriteFeature;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.github.artifactio.engine.ArtifactException;
import io.github.artifactio.engine.internal.io.AtomicFile;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Objects;
import java.util.function.Function;

/**
 * Writes and reads the JSON sidecars ({@code <artifact>.report.json}, {@code manifest.json}) byte-compatibly with
 * upstream's {@code mumdia_io::json} ({@code serde_json::to_string_pretty} / {@code from_str}).
 *
 * <p><b>Writing</b> produces exactly serde_json's pretty form: 2-space indent, {@code "key": value}, one element per
 * line, {@code {}} and {@code []} for empty containers, {@code \n} line ends on every platform, non-ASCII as UTF-8,
 * control characters as lower-case <code>&#92;u001f</code> escapes, floats as ryu prints them, struct fields in Rust
 * order and map keys sorted. There is <b>no trailing newline</b>, because serde_json writes none; the same record
 * therefore has the same bytes (and the same blake3) from either engine. The file is written to a temporary name in its
 * own folder and renamed into place ({@link AtomicFile}), so a reader never sees half a sidecar and a failed write
 * leaves the previous file as it was; parent folders are created, and failing to create them is an error (upstream
 * ignores that failure and fails later with a less useful message).
 *
 * <p><b>Reading</b> is strict where serde is, and stricter where Jackson would otherwise be lenient: a duplicate key
 * at any depth, trailing content, a missing required field, a wrong type, an integer out of its Rust type's range (or
 * beyond a Java long: u64/u128 values above 2^63-1 are refused, never wrapped) and a float that overflows f64 are all
 * errors. Unknown fields are accepted, as serde accepts them, and kept (see {@link Manifest#extra()}).
 *
 * <p>Every failure is an {@link ArtifactException} whose file is the JSON file and whose detail starts
 * {@code writing json: }, {@code reading json: } (I/O) or {@code parsing json: } followed by the line and column
 * (syntax) or the field path (shape), for example {@code out/manifest.json: parsing json: field
 * artifacts["peptides"].rows: expected an unsigned integer (u64), got string "12"}.
 */
public final class SidecarJson {
  private static final JsonFactory FACTORY =
      JsonFactory.builder()
          .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
          // serde_json's escapes use lower-case hex, Jackson's default is upper
          .disable(JsonWriteFeature.WRITE_HEX_UPPER_CASE)
          .disable(JsonWriteFeature.ESCAPE_NON_ASCII)
          // serde writes a character outside the BMP as its 4 UTF-8 bytes; Jackson's default: an escaped surrogate pair
          .enable(JsonWriteFeature.COMBINE_UNICODE_SURROGATES_IN_UTF8)
          .disable(StreamWriteFeature.AUTO_CLOSE_TARGET)
          .build();

  /** For {@link com.fasterxml.jackson.databind.node.POJONode}s inside params only; trees are walked by hand. */
  private static final ObjectMapper MAPPER = JsonMapper.builder(FACTORY).build();

  private SidecarJson() {}

  /** serde_json's {@code PrettyFormatter}: a fresh instance per document, as the printer keeps nesting state. */
  static DefaultPrettyPrinter serdePrettyPrinter() {
    Separators separators =
        Separators.createDefaultInstance()
            .withObjectFieldValueSpacing(Separators.Spacing.AFTER) // "key": value, no space before the colon
            .withObjectEmptySeparator("") // {} rather than Jackson's { }
            .withArrayEmptySeparator("")
            .withRootSeparator("");
    DefaultIndenter indenter = new DefaultIndenter("  ", "\n"); // not the platform line separator
    return new DefaultPrettyPrinter(separators).withObjectIndenter(indenter).withArrayIndenter(indenter);
  }

  /**
   * Writes {@code value} (an {@link ArtifactReport}, {@link Manifest}, {@link ArtifactRecord} or any
   * {@link JsonNode}) to {@code path}, atomically.
   */
  public static void write(Path path, Object value) {
    Objects.requireNonNull(path, "path");
    Objects.requireNonNull(value, "value");
    checkWritable(value);
    try (AtomicFile file = AtomicFile.create(path)) {
      try (OutputStream out =
          Files.newOutputStream(file.temporary(), StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
        serialize(out, value);
      }
      file.publish();
    } catch (IOException | RuntimeException e) {
      throw new ArtifactException(path, "writing json: " + message(e), e);
    }
  }

  /** The exact text {@link #write} puts in a file. */
  public static String toJson(Object value) {
    Objects.requireNonNull(value, "value");
    checkWritable(value);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try {
      serialize(out, value);
    } catch (IOException e) {
      throw new IllegalStateException("writing to memory", e);
    }
    return out.toString(StandardCharsets.UTF_8);
  }

  /** Reads an {@code <artifact>.report.json}; see the class comment for what is refused. */
  public static ArtifactReport readReport(Path path) {
    return read(path, in -> ArtifactReport.readJson(in));
  }

  /** Reads a {@code manifest.json}; unknown top-level fields land in {@link Manifest#extra()}. */
  public static Manifest readManifest(Path path) {
    return read(path, in -> Manifest.readJson(in));
  }

  /** Reads a single {@link ArtifactRecord} written on its own. */
  public static ArtifactRecord readRecord(Path path) {
    return read(path, in -> ArtifactRecord.readJson(in));
  }

  private static void checkWritable(Object value) {
    if (!(value instanceof ArtifactReport
        || value instanceof Manifest
        || value instanceof ArtifactRecord
        || value instanceof JsonNode)) {
      throw new IllegalArgumentException(
          "SidecarJson writes ArtifactReport, Manifest, ArtifactRecord or JsonNode, not " + value.getClass().getName());
    }
  }

  private static void serialize(OutputStream out, Object value) throws IOException {
    try (JsonGenerator g = FACTORY.createGenerator(out)) {
      g.setPrettyPrinter(serdePrettyPrinter());
      JsonOut json = new JsonOut(g, MAPPER);
      if (value instanceof ArtifactReport report) {
        report.writeJson(json);
      } else if (value instanceof Manifest manifest) {
        manifest.writeJson(json);
      } else if (value instanceof ArtifactRecord record) {
        record.writeJson(json);
      } else {
        json.node((JsonNode) value);
      }
    }
  }

  private static <T> T read(Path path, Function<JsonIn, T> mapping) {
    Objects.requireNonNull(path, "path");
    byte[] bytes;
    try {
      bytes = Files.readAllBytes(path);
    } catch (IOException e) {
      throw new ArtifactException(path, "reading json: " + message(e), e);
    }
    String prefix = "parsing json: ";
    JsonNode tree;
    try (JsonParser parser = parser(bytes)) {
      tree = MAPPER.readTree(parser);
      if (tree == null || tree.isMissingNode()) {
        throw new ArtifactException(path, prefix + "the file holds no JSON value");
      }
      JsonToken trailing;
      try {
        trailing = parser.nextToken();
      } catch (JsonProcessingException e) {
        throw new ArtifactException(path, prefix + "trailing content after the JSON value: " + located(e), e);
      }
      if (trailing != null) {
        throw new ArtifactException(
            path, prefix + "trailing content after the JSON value at " + where(parser.currentTokenLocation()));
      }
    } catch (JsonProcessingException e) {
      throw new ArtifactException(path, prefix + located(e), e);
    } catch (IOException e) {
      throw new ArtifactException(path, "reading json: " + message(e), e);
    }
    try {
      return mapping.apply(JsonIn.of(tree, ""));
    } catch (SidecarFormatException | IllegalArgumentException | NullPointerException e) {
      // shape errors name the field; validation errors of the records name the JSON field they check
      throw new ArtifactException(path, prefix + e.getMessage(), e);
    }
  }

  /**
   * A strict parser over a whole document: duplicate keys refused, and no string longer than the document itself
   * refused. Jackson's default cap of 20 million characters per string refused a real manifest whose
   * {@code config_json} is one 50 MB string; the bytes are in memory already, so a string as long as the document
   * costs nothing more, and the other limits (nesting depth, number length) stay Jackson's.
   */
  static JsonParser parser(byte[] document) throws IOException {
    int defaultMax = StreamReadConstraints.DEFAULT_MAX_STRING_LEN;
    if (document.length <= defaultMax) {
      return FACTORY.createParser(document);
    }
    StreamReadConstraints bounds = StreamReadConstraints.builder().maxStringLength(document.length).build();
    return FACTORY.rebuild().streamReadConstraints(bounds).build().createParser(document);
  }

  /**
   * The JSON tree of a whole document, read as strictly as the sidecars are (a duplicate key at any depth is refused,
   * as is content after the value; a string may be as long as the document): for tools that check manifests
   * themselves, such as the Maven plugin. Jackson's exceptions carry the line and column.
   */
  public static JsonNode readTree(byte[] document) throws IOException {
    try (JsonParser p = parser(document)) {
      JsonNode tree = MAPPER.readTree(p);
      if (p.nextToken() != null) {
        throw new IOException("trailing content after the JSON value at " + where(p.currentTokenLocation()));
      }
      return tree;
    }
  }

  /**
   * Jackson's own message without its source excerpt, then where: {@code ... at line 3, column 12}. A duplicate key
   * (Jackson: "Duplicate field 'x'") is reworded with its JSON pointer, which says which object holds it.
   */
  private static String located(JsonProcessingException e) {
    String message = e.getOriginalMessage();
    int newline = message.indexOf('\n');
    if (newline >= 0) {
      message = message.substring(0, newline);
    }
    if (message.startsWith("Duplicate field ") && e.getProcessor() instanceof JsonParser parser) {
      String key;
      try {
        key = parser.currentName();
      } catch (IOException ignored) {
        key = "?";
      }
      message = "duplicate key \"" + key + "\" at " + parser.getParsingContext().pathAsPointer();
      JsonLocation at = e.getLocation();
      return at == null ? message : message + ", " + where(at);
    }
    JsonLocation at = e.getLocation();
    return at == null ? message : message + " at " + where(at);
  }

  private static String where(JsonLocation at) {
    return "line " + at.getLineNr() + ", column " + at.getColumnNr();
  }

  private static String message(Exception e) {
    if (e instanceof ArtifactException) {
      return ((ArtifactException) e).detail(); // the file is the caller's location
    }
    if (e instanceof IllegalArgumentException) {
      return e.getMessage();
    }
    return e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage());
  }
}
