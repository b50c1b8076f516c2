package io.github.artifactio.engine.internal.parquet;

import io.github.artifactio.engine.ArtifactException;
import io.github.artifactio.engine.column.Column;
import io.github.artifactio.engine.internal.io.AtomicFile;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;
import org.apache.parquet.column.ParquetProperties;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.schema.MessageType;

/**
 * Writes validated columns to a Parquet file through parquet-java's low-level API: row groups cut by row count, each
 * top-level column encoded into its own page store ({@link EncodedChunk}), appended in schema order, footer key-value
 * metadata in sorted key order, published by rename.
 */
public final class ParquetTableWriter {
  private ParquetTableWriter() {}

  /** What to write, beyond the columns: every value here changes the bytes. */
  public record Settings(
      CompressionCodecName codec,
      int rowGroupRows,
      int pageRows,
      int pageBytes,
      int dictionaryPageBytes,
      SortedMap<String, String> metadata) {}

  public static long write(Path path, List<Column> columns, Settings settings) {
    MessageType schema = Schemas.parquetSchema(columns);
    SortedMap<String, String> kv = new TreeMap<>(settings.metadata());
    kv.put(Schemas.ARROW_SCHEMA_KEY, Schemas.encodeArrowSchema(Schemas.arrowSchema(columns)));
    ParquetProperties props = properties(settings);
    int rows = columns.get(0).length();
    try (AtomicFile out = AtomicFile.create(path)) {
      try (ParquetFileWriter fw =
          new ParquetFileWriter(
                new FileOutput(out.temporary()),
                schema,
                ParquetFileWriter.Mode.OVERWRITE,
                128L << 20,
                0, // no padding: alignment would make bytes depend on the output's block size
                null, // never encrypted: encryption draws random nonces
              props)) {
        fw.start();
        for (int from = 0; from < rows; from += settings.rowGroupRows()) {
          int to = (int) Math.min(rows, (long) from + settings.rowGroupRows());
          List<EncodedChunk> chunks = new ArrayList<>(columns.size());
          try {
            for (int c = 0; c < columns.size(); c++) {
              chunks.add(EncodedChunk.encode(schema, c, columns.get(c), from, to, props, settings.codec()));
            }
            fw.startBlock(to - from);
            for (EncodedChunk chunk : chunks) {
              chunk.appendTo(fw);
            }
            chunks.clear();
            fw.endBlock();
          } finally {
            chunks.forEach(EncodedChunk::release);
          }
        }
        fw.end(kv);
      } catch (IOException | RuntimeException e) {
        throw new ArtifactException(path, "writing parquet " + path + ": " + e.getMessage(), e);
      }
      out.publish();
    }
    return rows;
  }

  static ParquetProperties properties(Settings s) {
    return ParquetProperties.builder()
        .withWriterVersion(ParquetProperties.WriterVersion.PARQUET_1_0)
        .withPageSize(s.pageBytes())
        .withDictionaryPageSize(s.dictionaryPageBytes())
        .withPageRowCountLimit(s.pageRows())
        .withDictionaryEncoding(true)
        .withStatisticsEnabled(true)
        .withColumnIndexTruncateLength(64)
        .withPageWriteChecksumEnabled(true)
        .withBloomFilterEnabled(false)
        .build();
  }
}
