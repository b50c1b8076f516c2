package io.github.artifactio.engine.layout;

import io.github.artifactio.engine.internal.parquet.read.LayoutReader;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * A Parquet file as its footer lays it out: the schema's leaves, the row groups with their declared sort orders and
 * column chunks, where every chunk and page index lies. {@link #read} reads the footer only (one positional read of
 * the file's tail, and of its first four bytes); {@link #walkPages} reads every page once.
 *
 * @param path the file
 * @param fileBytes the file's length
 * @param footerBytes the length of the Thrift footer (between the data and the last 8 bytes)
 * @param rows the row count the footer declares for the whole file
 * @param createdBy the writer's {@code created_by}, where it wrote one
 * @param leaves the schema's leaves, in order: column chunk {@code i} of every row group is leaf {@code i}
 * @param rowGroups the row groups, in file order
 */
public record FileLayout(
    Path path,
    long fileBytes,
    int footerBytes,
    long rows,
    Optional<String> createdBy,
    List<LeafLayout> leaves,
    List<RowGroupLayout> rowGroups) {
  public FileLayout {
    leaves = List.copyOf(leaves);
    rowGroups = List.copyOf(rowGroups);
  }

  /**
   * Reads the footer of {@code path}. A broken framing or footer is a
   * {@link io.github.artifactio.engine.FooterException} naming the file and the problem; a file that cannot be opened
   * is an {@link io.github.artifactio.engine.ArtifactException}.
   */
  public static FileLayout read(Path path) {
    return LayoutReader.read(path);
  }

  /** Where the footer starts: the end of the region column chunks and page indexes may occupy. */
  public long footerStart() {
    return fileBytes - 8 - footerBytes;
  }

  /**
   * Walks every page of every column chunk, row group by row group, chunk by chunk, with the file opened once and each
   * chunk read once (with one read, or window by window for a chunk over 64 MiB). Each page's header is decoded, its
   * CRC32 checked where it records one and its body decompressed (every codec the engine reads), and {@code each}
   * gets one {@link ChunkWalk} per chunk. A page that does not frame ends the walk of its chunk (its
   * {@link ChunkWalk#stop()}), not of the file. Values are not decoded: that is
   * {@code TableFile.walkPagesAndValues}, the same walk with the table model.
   */
  public void walkPages(Consumer<ChunkWalk> each) {
    LayoutReader.walkPages(this, each);
  }
}
