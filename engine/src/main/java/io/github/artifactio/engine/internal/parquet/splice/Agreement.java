package io.github.artifactio.engine.internal.parquet.splice;

import io.github.artifactio.engine.concat.ConcatOptions;
import io.github.artifactio.engine.concat.Provenance;
import io.github.artifactio.engine.table.WriteOptions;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The output's footer key-value metadata: the entries every input agrees on (same key, same value), never the ones
 * that describe one file's bytes ({@code artifact_io.writer}: a spliced file was written by no single writer with
 * those settings; each input's footer still records its own) or an input's own provenance (replaced by the output's),
 * plus the options' entries and schema, plus the provenance. On the rows axis {@code ARROW:schema} is the first
 * input's (the column check made the inputs' Arrow types agree); on the columns axis it is built from every input's
 * fields by the caller.
 */
final class Agreement {
  private final SortedMap<String, String> agreed;
  private final Set<String> refused = new HashSet<>();
  private final boolean union;

  private Agreement(SortedMap<String, String> first, boolean union) {
    this.agreed = new TreeMap<>(first);
    this.union = union;
    agreed.remove(WriteOptions.WRITER_SETTINGS_KEY);
    agreed.remove(Provenance.FOOTER_KEY);
  }

  /** Rows axis: entries every input has with the same value. */
  static Agreement rows(SortedMap<String, String> first) {
    return new Agreement(first, false);
  }

  /** Columns axis: entries of any input, unless two inputs give a key different values. */
  static Agreement columns(SortedMap<String, String> first) {
    Agreement a = new Agreement(first, true);
    a.agreed.remove(WriteOptions.ARROW_SCHEMA_KEY);
    return a;
  }

  void add(Map<String, String> other) {
    if (union) {
      for (Map.Entry<String, String> e : other.entrySet()) {
        String key = e.getKey();
        if (key.equals(WriteOptions.ARROW_SCHEMA_KEY) || key.equals(WriteOptions.WRITER_SETTINGS_KEY)
            || key.equals(Provenance.FOOTER_KEY) || refused.contains(key)) {
          continue;
        }
        String mine = agreed.get(key);
        if (mine == null) {
          agreed.put(key, e.getValue());
        } else if (!mine.equals(e.getValue())) {
          agreed.remove(key);
          refused.add(key);
        }
      }
      return;
    }
    agreed.entrySet().removeIf(e -> !e.getKey().equals(WriteOptions.ARROW_SCHEMA_KEY)
        && !e.getValue().equals(other.get(e.getKey())));
  }

  /** The footer entries: what the inputs agreed on, the options' entries and schema, and the provenance. */
  SortedMap<String, String> result(ConcatOptions options, Provenance provenance) {
    SortedMap<String, String> kv = new TreeMap<>(agreed);
    kv.putAll(options.metadata());
    options.schema().ifPresent(s -> kv.putAll(s.toFooter()));
    kv.put(Provenance.FOOTER_KEY, provenance.toJson());
    return kv;
  }

  /** Sets an entry the caller computed (the join's {@code ARROW:schema}). */
  void put(String key, String value) {
    agreed.put(key, value);
  }
}
