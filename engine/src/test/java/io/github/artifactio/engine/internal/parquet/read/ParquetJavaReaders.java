package io.github.artifactio.engine.internal.parquet.read;

import io.github.artifactio.engine.internal.parquet.format.FooterModel;
import java.io.IOException;
import java.nio.file.Path;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.FileMetaData;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.LocalInputFile;

/**
 * parquet-java's own reader as a test oracle, opened through its public API only: {@code ParquetReadOptions.builder}
 * needs hadoop-common and hadoop-mapreduce-client-core at run time, which the engine's tests have (test scope) and
 * its runtime classpath does not ({@code RuntimeClasspathTest} reads and writes in a JVM without them). Pages are
 * decompressed by the engine's codec factory, as parquet-java's own needs a Hadoop configuration to do it.
 */
public final class ParquetJavaReaders {
  private ParquetJavaReaders() {}

  static ParquetReadOptions options() {
    return ParquetReadOptions.builder(new PlainParquetConfiguration()).withCodecFactory(new Codecs()).build();
  }

  /** A reader of {@code file} that reads its footer itself. */
  public static ParquetFileReader open(Path file) throws IOException {
    return new ParquetFileReader(new LocalInputFile(file), options());
  }

  /** A reader of {@code file} over a footer already read. */
  static ParquetFileReader open(Path file, FooterModel footer) throws IOException {
    InputFile in = new LocalInputFile(file);
    return new ParquetFileReader(in, parquetMetadata(footer), options(), in.newStream());
  }

  /** The engine's footer model as parquet-java's own result type, which the engine never builds (startup cost). */
  static ParquetMetadata parquetMetadata(FooterModel footer) {
    return new ParquetMetadata(
        new FileMetaData(footer.schema(), footer.keyValues(), footer.createdBy()), footer.blocks());
  }
}
