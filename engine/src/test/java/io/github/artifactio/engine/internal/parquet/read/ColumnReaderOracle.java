package io.github.artifactio.engine.internal.parquet.read;

import io.github.artifactio.engine.ArtifactException;
import io.github.artifactio.engine.column.Column;
import io.github.artifactio.engine.table.ColumnSpec;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.impl.ColumnReadStoreImpl;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.Type;

/**
 * The same read as the engine's, through parquet-java's {@code ColumnReader} (one value per call): the engine's first
 * reader, kept in test scope as an independent oracle for the engine's own page decoder.
 */
public final class ColumnReaderOracle {
  private ColumnReaderOracle() {}

  /** Reads through the public entry: the corpus and decoder tests live in other packages. */
  public static List<Column> read(java.nio.file.Path file, List<ColumnSpec> projection) {
    return read(ParquetFile.open(file), projection, Long.MAX_VALUE);
  }

  /** Reads {@code projection} of {@code file}'s first row groups holding at least {@code rowLimit} rows. */
  public static List<Column> read(ParquetFile file, List<ColumnSpec> projection, long rowLimit) {
    Path path = file.path();
    MessageType schema = file.schema();
    List<BlockMetaData> blocks = new ArrayList<>();
    long total = 0;
    for (BlockMetaData b : file.blocks()) {
      if (total >= rowLimit) {
        break;
      }
      blocks.add(b);
      total += b.getRowCount();
    }
    if (total > Integer.MAX_VALUE - 8) {
      throw new ArtifactException(
          path, "the file has " + total + " rows, more than a whole-column read into Java arrays holds");
    }
    List<Type> fields = new ArrayList<>();
    for (ColumnSpec s : projection) {
      fields.add(schema.getType(s.name()));
    }
    MessageType requested = new MessageType(schema.getName(), fields);
    List<ColumnDescriptor> leaves = requested.getColumns();
    checkCodecs(file, projection);
    List<LeafDecoder> decoders = new ArrayList<>(projection.size());
    for (int i = 0; i < projection.size(); i++) {
      ColumnDescriptor leaf = leaves.get(i);
      long values = 0;
      for (BlockMetaData b : blocks) {
        values += chunk(b, leaf).getValueCount();
      }
      decoders.add(LeafDecoder.create(projection.get(i), leaf, requested, (int) total, values));
    }
    int rowGroup = 0;
    int column = -1;
    try (ParquetFileReader reader = ParquetJavaReaders.open(path, file.footer())) {
      reader.setRequestedSchema(requested);
      PageReadStore pages;
      while (rowGroup < blocks.size() && (pages = reader.readNextRowGroup()) != null) {
        ColumnReadStoreImpl store =
            new ColumnReadStoreImpl(pages, NoOpConverters.forGroup(requested), requested, file.createdBy());
        for (column = 0; column < decoders.size(); column++) {
          decoders.get(column).decode(store.getColumnReader(leaves.get(column)), pages.getRowCount());
        }
        column = -1;
        rowGroup++;
      }
    } catch (LeafDecoder.NullItemException e) {
      String name = projection.get(column).name();
      throw new ArtifactException(path, name, rowGroup, e.row, Scan.NULL_LIST_ITEM);
    } catch (IOException | RuntimeException e) {
      if (e instanceof ArtifactException) {
        throw (ArtifactException) e;
      }
      String name = column >= 0 ? projection.get(column).name() : null;
      throw new ArtifactException(path, name, rowGroup, null, e.getMessage(), e);
    }
    List<Column> out = new ArrayList<>(decoders.size());
    for (LeafDecoder d : decoders) {
      out.add(d.build());
    }
    return out;
  }

  private static ColumnChunkMetaData chunk(BlockMetaData b, ColumnDescriptor leaf) {
    for (ColumnChunkMetaData c : b.getColumns()) {
      if (c.getPath().equals(org.apache.parquet.hadoop.metadata.ColumnPath.get(leaf.getPath()))) {
        return c;
      }
    }
    throw new IllegalStateException("no chunk for " + String.join(".", leaf.getPath()));
  }

  /** An unsupported codec is refused before any page is read, naming file, column, row group and codec. */
  private static void checkCodecs(ParquetFile file, List<ColumnSpec> projection) {
    Path path = file.path();
    Map<String, ColumnSpec> byName = new TreeMap<>();
    projection.forEach(s -> byName.put(s.name(), s));
    int g = 0;
    for (BlockMetaData b : file.blocks()) {
      for (ColumnChunkMetaData c : b.getColumns()) {
        String top = c.getPath().toArray()[0];
        if (byName.containsKey(top) && !Decompressors.READABLE.contains(c.getCodec())) {
          throw new ArtifactException(
              path,
              top,
              g,
              null,
              "compressed with " + c.getCodec() + ", which this engine does not read (it reads "
                  + Decompressors.READABLE + ")");
        }
      }
      g++;
    }
  }
}
