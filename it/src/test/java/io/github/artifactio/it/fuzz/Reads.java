package io.github.artifactio.it.fuzz;

import io.github.artifactio.engine.column.Column;
import io.github.artifactio.engine.table.Batch;
import io.github.artifactio.engine.table.BatchReader;
import io.github.artifactio.engine.table.ScanOptions;
import io.github.artifactio.engine.table.Table;
import io.github.artifactio.engine.table.TableFile;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.List;

/**
 * The engine's three ways of reading a whole file, each giving what it read as a digest of its values and the names
 * and types it read them under; the fourth way, the plugin's, is {@link PluginRead}.
 */
final class Reads {
  /** Small batches, so batch boundaries fall inside pages and row groups. */
  static final int BATCH_ROWS = 128;

  enum Way {
    TABLE_READ,
    BATCHES,
    INDEXED_COALESCED,
    PLUGIN
  }

  /** What a read returned: its values' digest and the columns' names and types. */
  record Read(byte[] digest, String shape) {}

  private Reads() {}

  static Read of(List<Column> columns) {
    return new Read(ValueDigest.of(columns), shape(columns));
  }

  static Read read(Way way, Path file) {
    switch (way) {
      case TABLE_READ:
        return of(Table.read(file).columns());
      case BATCHES:
        return batches(TableFile.open(file), ScanOptions.builder().build());
      case INDEXED_COALESCED:
        return batches(TableFile.openWithOffsetIndex(file), ScanOptions.coalesced());
      default:
        throw new IllegalArgumentException(way.toString());
    }
  }

  private static Read batches(TableFile f, ScanOptions options) {
    List<ValueDigest> digests = new ArrayList<>();
    String shape = null;
    try (BatchReader r = f.batches(null, BATCH_ROWS, options)) {
      while (r.hasNext()) {
        Batch b = r.next();
        List<Column> cols = b.columns();
        if (shape == null) {
          shape = shape(cols);
          for (int i = 0; i < cols.size(); i++) {
            digests.add(new ValueDigest());
          }
        }
        for (int i = 0; i < cols.size(); i++) {
          digests.get(i).add(cols.get(i));
        }
      }
    }
    if (shape == null) { // no batch: no rows
      return of(List.of());
    }
    try {
      MessageDigest all = MessageDigest.getInstance("SHA-256");
      for (ValueDigest d : digests) {
        all.update(d.finish());
      }
      return new Read(all.digest(), shape);
    } catch (java.security.NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  private static String shape(List<Column> columns) {
    StringBuilder s = new StringBuilder();
    for (Column c : columns) {
      s.append(c.name()).append(':').append(c.type()).append(' ');
    }
    return s.toString();
  }
}
