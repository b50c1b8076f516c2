package io.github.artifactio.engine.sidecar;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigInteger;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Reads the fields of one JSON object with serde's rules for the Rust types upstream declares, naming the field in
 * every error ({@code artifacts["peptides"].rows}). Parsed trees carry no positions, so the field path is the
 * location; syntax errors (duplicates, trailing content) are located by line and column in {@link SidecarJson}.
 */
final class JsonIn {
  private static final BigInteger U64_MAX = BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE);
  private static final BigInteger U128_MAX = BigInteger.ONE.shiftLeft(128).subtract(BigInteger.ONE);

  private final JsonNode object;
  private final String path;
  private final Set<String> read = new HashSet<>();

  private JsonIn(JsonNode object, String path) {
    this.object = object;
    this.path = path;
  }

  /** {@code path} is the object's own field path, empty for the document. */
  static JsonIn of(JsonNode node, String path) {
    if (!node.isObject()) {
      throw new SidecarFormatException(
          (path.isEmpty() ? "the document" : "field " + path) + ": expected an object, got " + describe(node));
    }
    return new JsonIn(node, path);
  }

  /** This object's own field path, empty for the document. */
  String where() {
    return path;
  }

  String path(String field) {
    return path.isEmpty() ? field : path + "." + field;
  }

  private JsonNode required(String field) {
    read.add(field);
    JsonNode node = object.get(field);
    if (node == null) {
      throw new SidecarFormatException("missing field " + path(field));
    }
    return node;
  }

  private SidecarFormatException wrongType(String field, String expected, JsonNode got) {
    return new SidecarFormatException("field " + path(field) + ": expected " + expected + ", got " + describe(got));
  }

  String string(String field) {
    JsonNode node = required(field);
    if (!node.isTextual()) {
      throw wrongType(field, "a string", node);
    }
    return node.textValue();
  }

  /** serde's {@code Option<String>}: {@code null} or absent is None (serde derive treats a missing Option as None). */
  String optionalString(String field) {
    read.add(field);
    JsonNode node = object.get(field);
    if (node == null || node.isNull()) {
      return null;
    }
    if (!node.isTextual()) {
      throw wrongType(field, "a string or null", node);
    }
    return node.textValue();
  }

  int u32(String field) {
    JsonNode node = required(field);
    BigInteger v = unsigned(field, "u32", node, BigInteger.valueOf(0xFFFF_FFFFL));
    if (v.compareTo(BigInteger.valueOf(Integer.MAX_VALUE)) > 0) {
      throw new SidecarFormatException(
          "field " + path(field) + ": " + v + " is a valid u32 but exceeds " + Integer.MAX_VALUE
              + ", the largest this engine supports");
    }
    return v.intValue();
  }

  long u64(String field) {
    return asLong(field, "u64", unsigned(field, "u64", required(field), U64_MAX));
  }

  long u128(String field) {
    return asLong(field, "u128", unsigned(field, "u128", required(field), U128_MAX));
  }

  /** Any JSON value, including null; floats must be finite (serde_json refuses 1e400 where Jackson reads Infinity). */
  JsonNode value(String field) {
    JsonNode node = required(field);
    requireFinite(node, path(field));
    return node;
  }

  JsonIn object(String field) {
    JsonNode node = required(field);
    if (!node.isObject()) {
      throw wrongType(field, "an object", node);
    }
    return new JsonIn(node, path(field));
  }

  /** Field path of an entry of this object when it is a map: {@code artifacts["peptides"]}. */
  String entryPath(String key) {
    return path + "[\"" + key + "\"]";
  }

  SortedMap<String, String> stringMap(String field) {
    JsonIn map = object(field);
    TreeMap<String, String> out = new TreeMap<>(Keys.ORDER);
    for (Map.Entry<String, JsonNode> e : map.object.properties()) {
      if (!e.getValue().isTextual()) {
        throw new SidecarFormatException(
            "field " + map.entryPath(e.getKey()) + ": expected a string, got " + describe(e.getValue()));
      }
      out.put(e.getKey(), e.getValue().textValue());
    }
    return out;
  }

  SortedMap<String, JsonNode> valueMap(String field) {
    JsonIn map = object(field);
    TreeMap<String, JsonNode> out = new TreeMap<>(Keys.ORDER);
    for (Map.Entry<String, JsonNode> e : map.object.properties()) {
      requireFinite(e.getValue(), map.entryPath(e.getKey()));
      out.put(e.getKey(), e.getValue());
    }
    return out;
  }

  /** The entries of a map-valued field, each as an object reader with its own path. */
  SortedMap<String, JsonIn> objectMap(String field) {
    JsonIn map = object(field);
    TreeMap<String, JsonIn> out = new TreeMap<>(Keys.ORDER);
    for (Map.Entry<String, JsonNode> e : map.object.properties()) {
      out.put(e.getKey(), of(e.getValue(), map.entryPath(e.getKey())));
    }
    return out;
  }

  /** The fields no accessor has asked for: what a newer writer added, kept so a rewrite does not drop it. */
  SortedMap<String, JsonNode> unknownFields() {
    TreeMap<String, JsonNode> out = new TreeMap<>(Keys.ORDER);
    for (Map.Entry<String, JsonNode> e : object.properties()) {
      if (!read.contains(e.getKey())) {
        requireFinite(e.getValue(), path(e.getKey()));
        out.put(e.getKey(), e.getValue());
      }
    }
    return out;
  }

  private BigInteger unsigned(String field, String type, JsonNode node, BigInteger max) {
    if (!node.isIntegralNumber()) {
      throw wrongType(field, "an unsigned integer (" + type + ")", node);
    }
    BigInteger v = node.bigIntegerValue();
    if (v.signum() < 0 || v.compareTo(max) > 0) {
      throw new SidecarFormatException("field " + path(field) + ": " + v + " is out of range for " + type);
    }
    return v;
  }

  private long asLong(String field, String type, BigInteger v) {
    if (v.bitLength() > 63) {
      throw new SidecarFormatException(
          "field " + path(field) + ": " + v + " is a valid " + type + " but does not fit a Java long (max "
              + Long.MAX_VALUE + ")");
    }
    return v.longValue();
  }

  private static void requireFinite(JsonNode node, String where) {
    if (node.isFloatingPointNumber() && !node.isBigDecimal() && !Double.isFinite(node.doubleValue())) {
      throw new SidecarFormatException("field " + where + ": the number is out of range for an f64");
    }
    if (node.isContainerNode()) {
      if (node.isObject()) {
        for (Map.Entry<String, JsonNode> e : node.properties()) {
          requireFinite(e.getValue(), where + "[\"" + e.getKey() + "\"]");
        }
      } else {
        for (int i = 0; i < node.size(); i++) {
          requireFinite(node.get(i), where + "[" + i + "]");
        }
      }
    }
  }

  /** A short description of a value for messages: its JSON kind and, for scalars, the value itself. */
  static String describe(JsonNode node) {
    if (node.isObject()) {
      return "an object";
    }
    if (node.isArray()) {
      return "an array";
    }
    if (node.isNull()) {
      return "null";
    }
    String text = node.isTextual() ? "\"" + node.textValue() + "\"" : node.asText();
    if (text.length() > 60) {
      text = text.substring(0, 57) + "...";
    }
    String kind =
        node.isTextual() ? "string" : node.isBoolean() ? "boolean" : node.isIntegralNumber() ? "integer"
            : node.isNumber() ? "float" : node.getNodeType().name().toLowerCase(java.util.Locale.ROOT);
    return kind + " " + text;
  }
}
