package io.github.artifactio.engine.internal.parquet;

import io.github.artifactio.engine.ArtifactException;
import io.github.artifactio.engine.column.Column;
import io.github.artifactio.engine.table.ColumnChunkInfo;
import io.github.artifactio.engine.table.ColumnSpec;
import io.github.artifactio.engine.table.RowGroupInfo;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.parquet.ArtifactIoReadOptions;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.impl.ColumnReadStoreImpl;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.column.statistics.Statistics;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.Type;

/**
 * A Parquet file's footer, parsed once, and whole-column reads through it. The footer handle touches no data page;
 * a read opens the file, decodes the projected leaves row group by row group, and closes it.
 */
public final class ParquetFile {
  private final Path path;
  private final FileInput input;
  private final ParquetMetadata footer;
  private final MessageType schema;
  private final SortedMap<String, String> metadata;
  private final Schema arrowSchema;
  private final List<ColumnSpec> specs;

  private ParquetFile(Path path, FileInput input, ParquetMetadata footer) {
    this.path = path;
    this.input = input;
    this.footer = footer;
    this.schema = footer.getFileMetaData().getSchema();
    this.metadata = Collections.unmodifiableSortedMap(new TreeMap<>(footer.getFileMetaData().getKeyValueMetaData()));
    String encoded = metadata.get(Schemas.ARROW_SCHEMA_KEY);
    Schema arrow = null;
    if (encoded != null) {
      try {
        arrow = Schemas.decodeArrowSchema(encoded);
      } catch (RuntimeException e) {
        throw new ArtifactException(
            path, "reading parquet footer " + path + ": its ARROW:schema entry does not decode: " + e, e);
      }
    }
    this.arrowSchema = arrow;
    this.specs = List.copyOf(Schemas.specs(schema, arrow));
  }

  /** Parses the footer. Errors name the file: {@code opening <path>} or {@code reading parquet footer <path>}. */
  public static ParquetFile open(Path path) {
    FileInput input;
    try {
      if (!Files.isRegularFile(path)) {
        throw new NoSuchFileException(path.toString(), null, Files.exists(path) ? "not a regular file" : "no such file");
      }
      input = new FileInput(path);
    } catch (IOException e) {
      throw new ArtifactException(path, "opening " + path + ": " + e, e);
    }
    try (ParquetFileReader reader = new ParquetFileReader(input, options(false))) {
      return new ParquetFile(path, input, reader.getFooter());
    } catch (IOException | RuntimeException e) {
      if (e instanceof ArtifactException) {
        throw (ArtifactException) e;
      }
      throw new ArtifactException(path, "reading parquet footer " + path + ": " + e.getMessage(), e);
    }
  }

  /**
   * This file restricted to the row groups {@code [first, first + count)}: reads through the view decode only those
   * row groups, so a caller can walk a large file one row group at a time in bounded memory. Rows and row groups in
   * the view's own answers and messages count from the view's first row group.
   */
  public ParquetFile rowGroupView(int first, int count) {
    List<BlockMetaData> blocks = footer.getBlocks();
    if (first < 0 || count < 0 || first + count > blocks.size()) {
      throw new IndexOutOfBoundsException(
          "row groups [" + first + ", " + (first + count) + ") of " + path + ", which has " + blocks.size());
    }
    return new ParquetFile(
        path, input, new ParquetMetadata(footer.getFileMetaData(), List.copyOf(blocks.subList(first, first + count))));
  }

  static org.apache.parquet.ParquetReadOptions options(boolean verifyChecksums) {
    return ArtifactIoReadOptions.create(new Codecs(), verifyChecksums);
  }

  public Path path() {
    return path;
  }

  public long rows() {
    long n = 0;
    for (BlockMetaData b : footer.getBlocks()) {
      n += b.getRowCount();
    }
    return n;
  }

  public List<ColumnSpec> specs() {
    return specs;
  }

  public SortedMap<String, String> metadata() {
    return metadata;
  }

  public Optional<Schema> arrowSchema() {
    return Optional.ofNullable(arrowSchema);
  }

  public String createdBy() {
    return footer.getFileMetaData().getCreatedBy();
  }

  public String parquetSchema() {
    return schema.toString();
  }

  public List<RowGroupInfo> rowGroups() {
    List<RowGroupInfo> out = new ArrayList<>();
    long first = 0;
    int i = 0;
    for (BlockMetaData b : footer.getBlocks()) {
      List<ColumnChunkInfo> chunks = new ArrayList<>();
      for (ColumnChunkMetaData c : b.getColumns()) {
        chunks.add(chunkInfo(c));
      }
      out.add(new RowGroupInfo(i++, first, b.getRowCount(), b.getTotalByteSize(), b.getCompressedSize(), chunks));
      first += b.getRowCount();
    }
    return out;
  }

  private static ColumnChunkInfo chunkInfo(ColumnChunkMetaData c) {
    List<String> encodings = c.getEncodings().stream().map(Enum::name).sorted().collect(Collectors.toList());
    Statistics<?> st = c.getStatistics();
    Optional<String> stats = Optional.empty();
    if (st != null && !st.isEmpty()) {
      String minMax = st.hasNonNullValue() ? "min " + st.minAsString() + ", max " + st.maxAsString() : "no values";
      stats = Optional.of(minMax + (st.isNumNullsSet() ? ", nulls " + st.getNumNulls() : ""));
    }
    return new ColumnChunkInfo(
        c.getPath().toDotString(),
        c.getCodec().name(),
        encodings,
        c.getColumnIndexReference() != null,
        c.getOffsetIndexReference() != null,
        c.getValueCount(),
        c.getTotalSize(),
        c.getTotalUncompressedSize(),
        stats);
  }

  /** Reads the named columns (each must be of a supported kind) across every row group, in the order given. */
  public List<Column> read(List<ColumnSpec> projection) {
    return read(projection, Long.MAX_VALUE);
  }

  /**
   * Reads the named columns from the leading row groups that hold at least {@code rowLimit} rows (whole row groups:
   * {@code inspect} shows a head without decoding the rest of the file).
   */
  public List<Column> read(List<ColumnSpec> projection, long rowLimit) {
    List<BlockMetaData> blocks = new ArrayList<>();
    long total = 0;
    for (BlockMetaData b : footer.getBlocks()) {
      if (total >= rowLimit) {
        break;
      }
      blocks.add(b);
      total += b.getRowCount();
    }
    if (total > Integer.MAX_VALUE - 8) {
      throw new ArtifactException(
          path, path + " has " + total + " rows, more than a whole-column read into Java arrays holds");
    }
    List<Type> fields = new ArrayList<>();
    for (ColumnSpec s : projection) {
      fields.add(schema.getType(s.name()));
    }
    MessageType requested = new MessageType(schema.getName(), fields);
    List<ColumnDescriptor> leaves = requested.getColumns();
    checkCodecs(projection);
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
    try (ParquetFileReader reader = new ParquetFileReader(input, footer, options(false), input.newStream())) {
      reader.setRequestedSchema(requested);
      PageReadStore pages;
      while (rowGroup < blocks.size() && (pages = reader.readNextRowGroup()) != null) {
        ColumnReadStoreImpl store =
            new ColumnReadStoreImpl(pages, NoOpConverters.forGroup(requested), requested, createdBy());
        for (column = 0; column < decoders.size(); column++) {
          decoders.get(column).decode(store.getColumnReader(leaves.get(column)), pages.getRowCount());
        }
        column = -1;
        rowGroup++;
      }
    } catch (LeafDecoder.NullItemException e) {
      String name = projection.get(column).name();
      throw new ArtifactException(
          path,
          "column '" + name + "' has a NULL list item at row " + e.row + " (row group " + rowGroup + ") in " + path
              + "; the engine's list columns hold no null items");
    } catch (IOException | RuntimeException e) {
      if (e instanceof ArtifactException) {
        throw (ArtifactException) e;
      }
      String where = column >= 0 ? "column '" + projection.get(column).name() + "', " : "";
      throw new ArtifactException(
          path, "reading parquet " + path + ": " + where + "row group " + rowGroup + ": " + e.getMessage(), e);
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
  private void checkCodecs(List<ColumnSpec> projection) {
    Map<String, ColumnSpec> byName = new TreeMap<>();
    projection.forEach(s -> byName.put(s.name(), s));
    int g = 0;
    for (BlockMetaData b : footer.getBlocks()) {
      for (ColumnChunkMetaData c : b.getColumns()) {
        String top = c.getPath().toArray()[0];
        if (byName.containsKey(top) && !Codecs.READABLE.contains(c.getCodec())) {
          throw new ArtifactException(
              path,
              top,
              g,
              null,
              "column '" + top + "' in row group " + g + " of " + path + " is compressed with " + c.getCodec()
                  + ", which this engine does not read (it reads " + Codecs.READABLE + ")");
        }
      }
      g++;
    }
  }
}
