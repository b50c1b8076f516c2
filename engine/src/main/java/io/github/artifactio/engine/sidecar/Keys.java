package io.github.artifactio.engine.sidecar;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.NullNode;
import java.util.Collections;
import java.util.Comparator;
import java.util.Map;
import java.util.Objects;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.UnaryOperator;

/**
 * The key order of every sorted map in a sidecar.
 *
 * <p>Upstream keys its maps with {@code BTreeMap<String, _>}, which orders by UTF-8 bytes; that is Unicode code point
 * order. {@link String#compareTo} orders by UTF-16 units, which differs for keys mixing supplementary characters with
 * U+E000..U+FFFF, so the maps here use code point order to write the same bytes upstream would.
 */
final class Keys {
  static final Comparator<String> ORDER = Keys::compareCodePoints;

  private Keys() {}

  static int compareCodePoints(String a, String b) {
    int i = 0;
    int j = 0;
    while (i < a.length() && j < b.length()) {
      int ca = a.codePointAt(i);
      int cb = b.codePointAt(j);
      if (ca != cb) {
        return Integer.compare(ca, cb);
      }
      i += Character.charCount(ca);
      j += Character.charCount(cb);
    }
    return Integer.compare(a.length() - i, b.length() - j);
  }

  /** {@link #sortedCopy} for JSON values: a Java {@code null} value is JSON {@code null}; values are deep-copied. */
  static SortedMap<String, JsonNode> sortedNodes(Map<String, ? extends JsonNode> source, String what) {
    TreeMap<String, JsonNode> out = new TreeMap<>(ORDER);
    if (source != null) {
      for (Map.Entry<String, ? extends JsonNode> e : source.entrySet()) {
        Objects.requireNonNull(e.getKey(), () -> what + ": null key");
        out.put(e.getKey(), copyNode(e.getValue()));
      }
    }
    return Collections.unmodifiableSortedMap(out);
  }

  /** A deep copy, so a record never shares a mutable tree with its caller; {@code null} becomes JSON null. */
  static JsonNode copyNode(JsonNode node) {
    return node == null ? NullNode.getInstance() : node.deepCopy();
  }

  /**
   * An unmodifiable copy in {@link #ORDER}, each value passed through {@code copy}; {@code null} stands for empty.
   * Null keys and values are refused with {@code what} in the message.
   */
  static <V> SortedMap<String, V> sortedCopy(
      Map<String, ? extends V> source, UnaryOperator<V> copy, String what) {
    TreeMap<String, V> out = new TreeMap<>(ORDER);
    if (source != null) {
      for (Map.Entry<String, ? extends V> e : source.entrySet()) {
        Objects.requireNonNull(e.getKey(), () -> what + ": null key");
        V value = Objects.requireNonNull(e.getValue(), () -> what + ": null value for key \"" + e.getKey() + "\"");
        out.put(e.getKey(), copy.apply(value));
      }
    }
    return Collections.unmodifiableSortedMap(out);
  }
}
