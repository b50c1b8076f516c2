package io.github.artifactio.engine.sidecar;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.POJONode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;

/**
 * Writes a sidecar the way serde_json does: a struct's fields in declaration order (the caller's order), every map and
 * every object inside a {@code serde_json::Value} with its keys sorted (Value's map is a BTreeMap unless upstream
 * enables serde_json's {@code preserve_order}, which it does not declare), floats in ryu's form
 * ({@link SerdeNumbers}). Whitespace comes from the generator's pretty printer ({@link SidecarJson}).
 */
final class JsonOut {
  private final JsonGenerator g;
  private final ObjectMapper mapper;

  JsonOut(JsonGenerator g, ObjectMapper mapper) {
    this.g = g;
    this.mapper = mapper;
  }

  void startObject() throws IOException {
    g.writeStartObject();
  }

  void startObject(String field) throws IOException {
    g.writeFieldName(field);
    g.writeStartObject();
  }

  void endObject() throws IOException {
    g.writeEndObject();
  }

  void string(String field, String value) throws IOException {
    g.writeFieldName(field);
    if (value == null) {
      g.writeNull(); // Option<String>: serde writes None as null, it does not omit the field
    } else {
      g.writeString(value);
    }
  }

  void number(String field, long value) throws IOException {
    g.writeFieldName(field);
    g.writeNumber(value);
  }

  void value(String field, JsonNode value) throws IOException {
    g.writeFieldName(field);
    node(value);
  }

  void stringMap(String field, SortedMap<String, String> map) throws IOException {
    startObject(field);
    for (Map.Entry<String, String> e : map.entrySet()) {
      string(e.getKey(), e.getValue());
    }
    endObject();
  }

  void valueMap(String field, SortedMap<String, JsonNode> map) throws IOException {
    startObject(field);
    entries(map);
    endObject();
  }

  /** The entries of an already sorted map as fields of the current object (unknown fields written back). */
  void entries(SortedMap<String, JsonNode> map) throws IOException {
    for (Map.Entry<String, JsonNode> e : map.entrySet()) {
      value(e.getKey(), e.getValue());
    }
  }

  /** One {@code serde_json::Value}. */
  void node(JsonNode node) throws IOException {
    switch (node.getNodeType()) {
      case OBJECT -> {
        List<Map.Entry<String, JsonNode>> fields = new ArrayList<>(node.properties());
        fields.sort(Map.Entry.comparingByKey(Keys.ORDER));
        g.writeStartObject();
        for (Map.Entry<String, JsonNode> field : fields) {
          value(field.getKey(), field.getValue());
        }
        g.writeEndObject();
      }
      case ARRAY -> {
        g.writeStartArray();
        for (JsonNode element : node) {
          node(element);
        }
        g.writeEndArray();
      }
      case STRING -> g.writeString(node.textValue());
      case BOOLEAN -> g.writeBoolean(node.booleanValue());
      case NULL -> g.writeNull();
      case NUMBER -> number(node);
      case BINARY -> g.writeString(node.asText()); // base64, as Jackson itself would write it
      case POJO -> {
        Object pojo = ((POJONode) node).getPojo();
        if (pojo == null) {
          g.writeNull();
        } else {
          // through a tree, so its maps are sorted and its floats formatted like everything else; an object Jackson
          // cannot serialise fails here, mid-file, and the caller's AtomicFile discards the temporary file
          node(mapper.valueToTree(pojo));
        }
      }
      case MISSING -> throw new IllegalArgumentException("a MissingNode is not a JSON value");
    }
  }

  private void number(JsonNode node) throws IOException {
    if (node.isBigInteger()) {
      g.writeNumber(node.bigIntegerValue());
    } else if (node.isIntegralNumber()) {
      g.writeNumber(node.longValue());
    } else if (node.isBigDecimal()) {
      // never produced by our reader; a caller's own BigDecimal, printed as Jackson prints it
      g.writeNumber(node.decimalValue());
    } else {
      // f32 too: serde_json's Value holds an f64, so an f32 upstream is printed as the f64 it widens to
      g.writeRawValue(SerdeNumbers.formatDouble(node.doubleValue()));
    }
  }
}
