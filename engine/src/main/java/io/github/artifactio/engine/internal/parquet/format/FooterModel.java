package io.github.artifactio.engine.internal.parquet.format;

import java.io.IOException;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.parquet.format.ColumnChunk;
import org.apache.parquet.format.ColumnMetaData;
import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.format.KeyValue;
import org.apache.parquet.format.RowGroup;
import org.apache.parquet.format.converter.ParquetMetadataConverter;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.ColumnPath;
import org.apache.parquet.internal.hadoop.metadata.IndexReference;
import org.apache.parquet.io.ParquetDecodingException;
import org.apache.parquet.schema.MessageType;

/**
 * What the readers use of a footer, in parquet-java's types: the schema, the key-value metadata, the writer and the
 * row groups' {@link BlockMetaData}, built the way {@code ParquetMetadataConverter.fromParquetMetadata} builds them
 * (same schema conversion, same per-chunk metadata through the converter's public {@code buildColumnChunkMetaData},
 * same row offsets and index references) but without its result type.
 *
 * <p>Why not take {@code ParquetMetadata} as it comes: its static initialiser builds a (shaded) Jackson
 * {@code ObjectMapper}, 375 classes that nothing here uses, which measured 0.22 s of a 0.7 s {@code java -jar}
 * validate of two small files. The schema conversion the converter keeps package-private is reached through a method
 * handle looked up once; where a parquet-java release no longer has it, {@link #schema} falls back to the public
 * conversion (correct, only slower to start), and {@code FooterModelTest} fails so the upgrade is noticed. Encrypted
 * footers never get here (the footer reader refuses them); a chunk with crypto metadata goes the converter's whole
 * way so its errors stay the converter's.
 */
public record FooterModel(MessageType schema, Map<String, String> keyValues, String createdBy,
    List<BlockMetaData> blocks) {
  public FooterModel {
    blocks = List.copyOf(blocks);
  }

  /** The same footer with only the row groups {@code [first, first + count)}. */
  public FooterModel rowGroups(int first, int count) {
    return new FooterModel(schema, keyValues, createdBy, blocks.subList(first, first + count));
  }

  /** Converts {@code md}; parquet-java's own exceptions pass unchanged, as from {@code fromParquetMetadata}. */
  static FooterModel of(FileMetaData md) throws IOException {
    ParquetMetadataConverter converter = new ParquetMetadataConverter();
    if (md.isSetEncryption_algorithm() || anyEncryptedChunk(md)) {
      var whole = converter.fromParquetMetadata(md, null, false, firstRows(md));
      return new FooterModel(whole.getFileMetaData().getSchema(), whole.getFileMetaData().getKeyValueMetaData(),
          whole.getFileMetaData().getCreatedBy(), whole.getBlocks());
    }
    MessageType schema = schema(converter, md);
    String createdBy = md.getCreated_by();
    List<BlockMetaData> blocks = new ArrayList<>();
    long firstRow = 0;
    if (md.getRow_groups() != null) {
      for (RowGroup rg : md.getRow_groups()) {
        BlockMetaData block = new BlockMetaData();
        block.setRowCount(rg.getNum_rows());
        block.setTotalByteSize(rg.getTotal_byte_size());
        block.setRowIndexOffset(firstRow);
        firstRow += rg.getNum_rows();
        if (rg.isSetOrdinal()) {
          block.setOrdinal(rg.getOrdinal());
        }
        List<ColumnChunk> chunks = rg.getColumns();
        String filePath = chunks.get(0).getFile_path();
        for (ColumnChunk chunk : chunks) {
          if (filePath == null ? chunk.getFile_path() != null : !filePath.equals(chunk.getFile_path())) {
            throw new ParquetDecodingException(
                "all column chunks of the same row group must be in the same file for now");
          }
          ColumnMetaData meta = chunk.meta_data;
          ColumnPath path = ColumnPath.get(meta.path_in_schema.toArray(new String[0]));
          ColumnChunkMetaData column = converter.buildColumnChunkMetaData(
              meta, path, schema.getType(path.toArray()).asPrimitiveType(), createdBy);
          column.setRowGroupOrdinal(rg.getOrdinal());
          if (meta.isSetBloom_filter_offset()) {
            column.setBloomFilterOffset(meta.getBloom_filter_offset());
          }
          if (meta.isSetBloom_filter_length()) {
            column.setBloomFilterLength(meta.getBloom_filter_length());
          }
          if (chunk.isSetColumn_index_offset() && chunk.isSetColumn_index_length()) {
            column.setColumnIndexReference(
                new IndexReference(chunk.getColumn_index_offset(), chunk.getColumn_index_length()));
          }
          if (chunk.isSetOffset_index_offset() && chunk.isSetOffset_index_length()) {
            column.setOffsetIndexReference(
                new IndexReference(chunk.getOffset_index_offset(), chunk.getOffset_index_length()));
          }
          block.addColumn(column);
        }
        block.setPath(filePath);
        blocks.add(block);
      }
    }
    Map<String, String> keyValues = new HashMap<>();
    if (md.getKey_value_metadata() != null) {
      for (KeyValue kv : md.getKey_value_metadata()) {
        keyValues.put(kv.key, kv.value);
      }
    }
    return new FooterModel(schema, keyValues, createdBy, blocks);
  }

  /** The schema of {@code md} as parquet-java converts it (column orders included). */
  public static MessageType schema(FileMetaData md) throws IOException {
    return schema(new ParquetMetadataConverter(), md);
  }

  /** True when the schema conversion skips {@code ParquetMetadata}; a test pins it. */
  static boolean fastSchemaConversion() {
    return FROM_PARQUET_SCHEMA != null;
  }

  private static MessageType schema(ParquetMetadataConverter converter, FileMetaData md) throws IOException {
    if (FROM_PARQUET_SCHEMA == null) {
      // the public way round: a footer without row groups, whose conversion is only the schema's
      FileMetaData slim = new FileMetaData(md.getVersion(), md.getSchema(), 0, List.of());
      if (md.isSetColumn_orders()) {
        slim.setColumn_orders(md.getColumn_orders());
      }
      return converter.fromParquetMetadata(slim).getFileMetaData().getSchema();
    }
    try {
      return (MessageType) FROM_PARQUET_SCHEMA.invokeExact(converter, md.getSchema(), md.getColumn_orders());
    } catch (RuntimeException | Error e) {
      throw e;
    } catch (Throwable t) {
      throw new IllegalStateException(t);
    }
  }

  private static boolean anyEncryptedChunk(FileMetaData md) {
    if (md.getRow_groups() != null) {
      for (RowGroup rg : md.getRow_groups()) {
        if (rg.getColumns() != null) {
          for (ColumnChunk c : rg.getColumns()) {
            if (c.isSetCrypto_metadata()) {
              return true;
            }
          }
        }
      }
    }
    return false;
  }

  /** Each row group's first row, the map parquet-java's own reader hands its converter. */
  static Map<RowGroup, Long> firstRows(FileMetaData md) {
    Map<RowGroup, Long> firstRows = new HashMap<>();
    long first = 0;
    if (md.getRow_groups() != null) {
      for (RowGroup g : md.getRow_groups()) {
        firstRows.put(g, first);
        first += g.getNum_rows();
      }
    }
    return firstRows;
  }

  /** {@code ParquetMetadataConverter.fromParquetSchema(List<SchemaElement>, List<ColumnOrder>)}, or null. */
  private static final MethodHandle FROM_PARQUET_SCHEMA = lookUpSchemaConversion();

  private static MethodHandle lookUpSchemaConversion() {
    try {
      // both classes are in the unnamed module (or parquet-java is an automatic module, which opens every package)
      MethodHandles.Lookup lookup =
          MethodHandles.privateLookupIn(ParquetMetadataConverter.class, MethodHandles.lookup());
      return lookup.findVirtual(ParquetMetadataConverter.class, "fromParquetSchema",
          MethodType.methodType(MessageType.class, List.class, List.class));
    } catch (ReflectiveOperationException | RuntimeException e) {
      return null;
    }
  }
}
