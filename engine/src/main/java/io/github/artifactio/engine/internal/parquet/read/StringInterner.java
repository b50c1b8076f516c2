package io.github.artifactio.engine.internal.parquet.read;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Numbers the distinct strings of one column by first appearance, across batches and row groups. A value read
 * through a chunk's dictionary is hashed once per dictionary entry, not once per row: the entry's interned id is
 * remembered for the rest of the chunk, so a dictionary-encoded chunk costs one array lookup a row. Values from PLAIN
 * pages (a chunk without a dictionary, or one whose writer fell back to PLAIN mid-chunk) are hashed row by row.
 * Not thread-safe: one scan of one column feeds it.
 */
public final class StringInterner {
  private final Map<Key, Integer> seen = new HashMap<>();
  private final List<String> values = new ArrayList<>();
  private ValueDecoder.Dictionary dictionary;
  /** Interned id of each entry of {@link #dictionary}, -1 until the entry is first used. */
  private int[] dictionaryIds;

  /** The distinct values, in id order. */
  public List<String> values() {
    return values;
  }

  int intern(byte[] data, int from, int to) {
    Integer id = seen.get(new Key(data, from, to));
    if (id == null) {
      id = values.size();
      byte[] own = Arrays.copyOfRange(data, from, to);
      seen.put(new Key(own, 0, own.length), id);
      values.add(new String(own, StandardCharsets.UTF_8));
    }
    return id;
  }

  int intern(ValueDecoder.Dictionary d, int entry) {
    if (d != dictionary) {
      dictionary = d;
      dictionaryIds = new int[d.size];
      Arrays.fill(dictionaryIds, -1);
    }
    int id = dictionaryIds[entry];
    if (id < 0) {
      id = dictionaryIds[entry] = intern(d.bytes, d.offsets[entry], d.offsets[entry + 1]);
    }
    return id;
  }

  /** A byte range as a hash key, compared by content. */
  private static final class Key {
    final byte[] data;
    final int from;
    final int to;
    final int hash;

    Key(byte[] data, int from, int to) {
      this.data = data;
      this.from = from;
      this.to = to;
      int h = 1;
      for (int i = from; i < to; i++) {
        h = 31 * h + data[i];
      }
      this.hash = h;
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Key k && Arrays.equals(data, from, to, k.data, k.from, k.to);
    }

    @Override
    public int hashCode() {
      return hash;
    }
  }
}
