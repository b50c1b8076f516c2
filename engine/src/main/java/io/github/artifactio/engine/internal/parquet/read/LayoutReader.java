package io.github.artifactio.engine.internal.parquet.read;

import io.github.artifactio.engine.internal.parquet.format.Footer;
import io.github.artifactio.engine.internal.parquet.format.FooterLayout;
import io.github.artifactio.engine.layout.ChunkWalk;
import io.github.artifactio.engine.layout.FileLayout;
import java.nio.file.Path;
import java.util.function.Consumer;

/** The entry of the public {@code engine.layout} package into this one: the footer reader and the page walker. */
public final class LayoutReader {
  private LayoutReader() {}

  /** The layout of {@code path}'s footer (see {@link FileLayout#read}). */
  public static FileLayout read(Path path) {
    return FooterLayout.of(Footer.read(path));
  }

  /** Walks every page of {@code layout}'s file (see {@link FileLayout#walkPages}). */
  public static void walkPages(FileLayout layout, Consumer<ChunkWalk> each) {
    PageWalker.walk(layout, null, each);
  }
}
