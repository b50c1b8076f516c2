package io.github.artifactio.it.fuzz;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;

/**
 * The campaign's counts: per mutation kind and per way of reading, how each read ended; plus the contract's
 * violations, which must all be zero. Written as {@code fuzz.json}, and merged across the child JVMs of a long run.
 */
final class Tally {
  /** How one read of one mutant ended. */
  enum Ending {
    /** Read, the seed's values and names. */
    SAME,
    /** Read, the seed's values under another name or declared type (allowed: the content hash is the guard). */
    METADATA_ONLY,
    /** Read, other values, where the mutation is one only the content hash can tell (a page body). */
    ALLOWED_VALUE_CHANGE,
    /** Read, where the seed itself does not read: nothing to compare. */
    READ_UNCOMPARED,
    /** The engine's typed error naming the file. */
    TYPED_ERROR,
    /** The plugin's structure rule failed the file or could not check it. */
    PLUGIN_FLAGGED,
    /** The plugin's structure rule passed the file. */
    PLUGIN_PASSED,
    // violations
    SILENT_VALUE_CHANGE,
    UNNAMED_ERROR,
    UNTYPED_ERROR,
    OUT_OF_MEMORY,
    STACK_OVERFLOW,
    HANG,
    PLUGIN_ERROR,
    PLUGIN_PASSED_CORRUPT;

    boolean violation() {
      return ordinal() >= SILENT_VALUE_CHANGE.ordinal();
    }
  }

  final Map<String, Map<String, Long>> byKind = new TreeMap<>();
  final Map<String, Map<String, Long>> byWay = new TreeMap<>();
  final Map<String, Long> violations = new TreeMap<>();
  long mutants;
  long crashes;

  Tally() {
    for (Ending e : Ending.values()) {
      if (e.violation()) {
        violations.put(e.name(), 0L);
      }
    }
  }

  void mutant(Mutation.Kind kind) {
    mutants++;
    byKind.computeIfAbsent(kind.name(), k -> new TreeMap<>()).merge("mutants", 1L, Long::sum);
  }

  void ended(Mutation.Kind kind, Reads.Way way, Ending e) {
    byKind.computeIfAbsent(kind.name(), k -> new TreeMap<>()).merge(e.name(), 1L, Long::sum);
    byWay.computeIfAbsent(way.name(), k -> new TreeMap<>()).merge(e.name(), 1L, Long::sum);
    if (e.violation()) {
      violations.merge(e.name(), 1L, Long::sum);
    }
  }

  long violationCount() {
    return violations.values().stream().mapToLong(Long::longValue).sum() + crashes;
  }

  void add(Tally o) {
    mutants += o.mutants;
    crashes += o.crashes;
    o.byKind.forEach((k, m) -> m.forEach((e, n) -> byKind.computeIfAbsent(k, x -> new TreeMap<>()).merge(e, n,
        Long::sum)));
    o.byWay.forEach((k, m) -> m.forEach((e, n) -> byWay.computeIfAbsent(k, x -> new TreeMap<>()).merge(e, n,
        Long::sum)));
    o.violations.forEach((k, n) -> violations.merge(k, n, Long::sum));
  }

  private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
      .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS);

  ObjectNode toJson() {
    ObjectNode n = JSON.createObjectNode();
    n.put("mutants", mutants);
    ObjectNode v = n.putObject("violations");
    violations.forEach(v::put);
    v.put("CRASH", crashes);
    n.set("by_kind", JSON.valueToTree(byKind));
    n.set("by_way", JSON.valueToTree(byWay));
    return n;
  }

  static Tally fromJson(Path file) {
    try {
      ObjectNode n = (ObjectNode) JSON.readTree(file.toFile());
      Tally t = new Tally();
      t.mutants = n.get("mutants").asLong();
      n.get("violations").fields().forEachRemaining(e -> {
        if (e.getKey().equals("CRASH")) {
          t.crashes = e.getValue().asLong();
        } else {
          t.violations.put(e.getKey(), e.getValue().asLong());
        }
      });
      read(n.get("by_kind"), t.byKind);
      read(n.get("by_way"), t.byWay);
      return t;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void read(com.fasterxml.jackson.databind.JsonNode n, Map<String, Map<String, Long>> into) {
    n.fields().forEachRemaining(k -> {
      Map<String, Long> m = into.computeIfAbsent(k.getKey(), x -> new TreeMap<>());
      k.getValue().fields().forEachRemaining(e -> m.put(e.getKey(), e.getValue().asLong()));
    });
  }

  static void write(Path file, ObjectNode n) {
    try {
      Files.createDirectories(file.getParent());
      JSON.writeValue(file.toFile(), n);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
