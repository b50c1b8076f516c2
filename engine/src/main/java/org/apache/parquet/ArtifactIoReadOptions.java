package org.apache.parquet;

import java.util.HashMap;
import org.apache.parquet.bytes.HeapByteBufferAllocator;
import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.filter2.compat.FilterCompat;
import org.apache.parquet.format.converter.ParquetMetadataConverter;

/**
 * Read options with no Hadoop on the classpath. {@code ParquetReadOptions.builder(conf)} always builds Hadoop's codec
 * factory and asks {@code ParquetInputFormat} for a filter, so it needs hadoop-common and hadoop-mapreduce at run
 * time; the package-private constructor does not. This is the one engine class outside the engine's packages, and the
 * constructor signature changes between parquet-java releases (1.18 added the metrics callback): an upgrade that
 * breaks it fails to compile here, and {@code RuntimeClasspathTest} (a write and a read in a JVM whose classpath has
 * no Hadoop jar) fails if it ever needs Hadoop again.
 */
public final class ArtifactIoReadOptions {
  private ArtifactIoReadOptions() {}

  /**
   * @param codecs the engine's codec factory
   * @param verifyPageChecksums whether every page's CRC32 is checked where the file has one
   */
  public static ParquetReadOptions create(CompressionCodecFactory codecs, boolean verifyPageChecksums) {
    return new ParquetReadOptions(
        false, // signed string min/max
        true, // statistics filter
        true, // dictionary filter
        true, // record filter
        true, // column index filter
        verifyPageChecksums,
        true, // bloom filter
        false, // off-heap decrypt buffer
        false, // Hadoop vectored IO
        FilterCompat.NOOP,
        ParquetMetadataConverter.NO_FILTER,
        codecs,
        new HeapByteBufferAllocator(),
        8 * 1024 * 1024,
        new HashMap<>(),
        null, // no decryption
        null, // no metrics callback
        new PlainParquetConfiguration());
  }
}
