package io.github.artifactio.engine.internal.parquet.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.artifactio.engine.ArtifactException;
import io.github.artifactio.engine.ChildProcess;
import io.github.artifactio.engine.TestData;
import io.github.artifactio.engine.column.Int64Column;
import io.github.artifactio.engine.column.OptUtf8Column;
import io.github.artifactio.engine.table.Table;
import io.github.artifactio.engine.table.TableWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.format.converter.ParquetMetadataConverter;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.internal.hadoop.metadata.IndexReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The engine's footer model is parquet-java's own conversion, field for field, on every Parquet file of the
 * repository (engine, DuckDB, pyarrow, parquet-mr, Polars, Impala, hostile ones): where the converter throws, the
 * model throws the same exception with the same message. And it is built without {@code ParquetMetadata}, whose
 * static initialiser is the largest part of the command line's start-up.
 */
class FooterModelTest {
  @Test
  void the_model_equals_parquet_javas_conversion_on_every_file_of_the_repository() throws IOException {
    List<Path> files = TestData.parquetFiles();
    int compared = 0;
    int throwing = 0;
    for (Path file : files) {
      FileMetaData md;
      try {
        md = Footer.read(file).metadata;
      } catch (ArtifactException framingOrThrift) {
        continue; // no Thrift footer to convert
      }
      ParquetMetadata expected = null;
      RuntimeException expectedError = null;
      try {
        expected = new ParquetMetadataConverter().fromParquetMetadata(md, null, false, FooterModel.firstRows(md));
      } catch (RuntimeException e) {
        expectedError = e;
      }
      FooterModel actual = null;
      RuntimeException actualError = null;
      try {
        actual = FooterModel.of(md);
      } catch (RuntimeException e) {
        actualError = e;
      }
      if (expectedError != null) {
        assertTrue(actualError != null, file + ": the converter throws " + expectedError + ", the model does not");
        assertEquals(expectedError.getClass(), actualError.getClass(), file.toString());
        assertEquals(expectedError.getMessage(), actualError.getMessage(), file.toString());
        throwing++;
        continue;
      }
      assertTrue(actualError == null, file + ": the model throws " + actualError);
      assertSame(file, expected, actual);
      compared++;
    }
    assertTrue(compared >= 100, "compared only " + compared + " of " + files.size() + " files");
    assertTrue(throwing >= 1, "no file whose conversion fails was compared");
  }

  @Test
  void the_schema_conversion_skips_parquet_javas_result_type() {
    assertTrue(FooterModel.fastSchemaConversion(),
        "ParquetMetadataConverter.fromParquetSchema(List, List) is no longer there: the footer model falls back to"
            + " building ParquetMetadata, whose static initialiser costs the command line 0.2 s; find the new way");
  }

  @Test
  void opening_a_file_never_initialises_parquet_javas_metadata_type(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("t.parquet");
    TableWriter.writeTable(file, List.of(Int64Column.of("id", 1, 2, 3), OptUtf8Column.of("s", "a", null, "c")));
    Path log = dir.resolve("init.log");
    // a fresh JVM: in this one, other tests have long initialised every class
    ChildProcess.Result child = ChildProcess.run(
        ChildProcess.java(List.of("-Xlog:class+init=info:file=" + log), OpenAndRead.class, file.toString()),
        Duration.ofSeconds(60));
    assertEquals(0, child.exitCode(), child.output());
    assertEquals("3 rows, s[1] null", child.stdout().strip());
    String inits = Files.readString(log);
    assertTrue(inits.contains("org.apache.parquet.format.converter.ParquetMetadataConverter"),
        "the log shows no initialisation at all: " + inits.length() + " chars");
    assertTrue(!inits.contains("org.apache.parquet.hadoop.metadata.ParquetMetadata "),
        "ParquetMetadata was initialised");
    assertTrue(!inits.contains("shaded.parquet.com.fasterxml.jackson.databind.ObjectMapper"),
        "parquet-java's shaded ObjectMapper was initialised");
  }

  /** The child of the test above: opens a file and reads it, as {@code validate} does. */
  public static final class OpenAndRead {
    public static void main(String[] args) {
      Table table = Table.read(Path.of(args[0]));
      System.out.println(table.rows() + " rows, s[1] " + (table.column("s").isNull(1) ? "null" : "not null"));
    }
  }

  private static void assertSame(Path file, ParquetMetadata expected, FooterModel actual) {
    assertEquals(expected.getFileMetaData().getSchema(), actual.schema(), file + " schema");
    assertEquals(expected.getFileMetaData().getKeyValueMetaData(), actual.keyValues(), file + " key-value metadata");
    assertEquals(expected.getFileMetaData().getCreatedBy(), actual.createdBy(), file + " created_by");
    assertEquals(expected.getBlocks().size(), actual.blocks().size(), file + " row groups");
    for (int g = 0; g < expected.getBlocks().size(); g++) {
      BlockMetaData e = expected.getBlocks().get(g);
      BlockMetaData a = actual.blocks().get(g);
      String at = file + " row group " + g;
      assertEquals(List.of(e.getRowCount(), e.getTotalByteSize(), e.getRowIndexOffset(), e.getOrdinal()),
          List.of(a.getRowCount(), a.getTotalByteSize(), a.getRowIndexOffset(), a.getOrdinal()), at);
      assertEquals(e.getPath(), a.getPath(), at);
      assertEquals(e.getColumns().size(), a.getColumns().size(), at);
      for (int c = 0; c < e.getColumns().size(); c++) {
        assertEquals(describe(e.getColumns().get(c)), describe(a.getColumns().get(c)), at + " column " + c);
      }
    }
  }

  private static List<Object> describe(ColumnChunkMetaData c) {
    List<Object> d = new ArrayList<>();
    d.add(c.getPath());
    d.add(c.getPrimitiveType());
    d.add(c.getCodec());
    d.add(c.getEncodings());
    d.add(String.valueOf(c.getEncodingStats() == null ? null : c.getEncodingStats().getDataEncodings()));
    d.add(c.getFirstDataPageOffset());
    d.add(c.getDictionaryPageOffset());
    d.add(c.getValueCount());
    d.add(c.getTotalSize());
    d.add(c.getTotalUncompressedSize());
    d.add(String.valueOf(c.getStatistics()));
    d.add(reference(c.getColumnIndexReference()));
    d.add(reference(c.getOffsetIndexReference()));
    d.add(c.getBloomFilterOffset());
    d.add(c.getBloomFilterLength());
    d.add(c.getRowGroupOrdinal());
    return d;
  }

  private static String reference(IndexReference r) {
    return r == null ? "none" : r.getOffset() + "+" + r.getLength();
  }
}
