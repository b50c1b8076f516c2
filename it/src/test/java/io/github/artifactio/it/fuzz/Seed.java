package io.github.artifactio.it.fuzz;

import io.github.artifactio.engine.ArtifactException;
import io.github.artifactio.engine.EngineContext;
import io.github.artifactio.engine.layout.FileLayout;
import io.github.artifactio.engine.layout.PageLayout;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * An unmutated file the campaign starts from: its bytes, where its pages lie (so a mutation can be told to land inside
 * a page body, under a CRC or not), and its values as the engine reads them, when it reads them (a mutant that reads
 * must give these values, or say why it may not).
 */
final class Seed {
  /** Where one page lies: header and body offsets, body length, and whether its header records a CRC32. */
  record Page(long headerAt, long bodyAt, int bodyBytes, boolean crc) {
    boolean bodyHolds(long offset) {
      return offset >= bodyAt && offset < bodyAt + bodyBytes;
    }
  }

  final String name;
  final byte[] bytes;
  final List<Page> pages;
  /** The footer's first byte (the Thrift FileMetaData), or -1 where the footer does not frame. */
  final int footerAt;
  /** What each way of reading read of the seed as it is; a way that refuses the seed has no entry. */
  final Map<Reads.Way, Reads.Read> reference;
  /** Whether the plugin's default rules and full structure scan pass the seed as it is. */
  final boolean pluginPasses;

  private Seed(String name, byte[] bytes, List<Page> pages, int footerAt, Map<Reads.Way, Reads.Read> reference,
      boolean pluginPasses) {
    this.name = name;
    this.bytes = bytes;
    this.pages = pages;
    this.footerAt = footerAt;
    this.reference = reference;
    this.pluginPasses = pluginPasses;
  }

  static Seed of(Path file, EngineContext pool) {
    byte[] bytes;
    try {
      bytes = Files.readAllBytes(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    List<Page> pages = new ArrayList<>();
    int footerAt = -1;
    try {
      FileLayout layout = FileLayout.read(file);
      footerAt = (int) layout.footerStart();
      layout.walkPages(w -> {
        for (PageLayout p : w.pages()) {
          pages.add(new Page(p.headerOffset(), p.bodyOffset(), p.compressedBytes(), p.crc().isPresent()));
        }
      });
    } catch (ArtifactException e) {
      // a seed from bad_data/: only its bytes are mutated
    }
    Map<Reads.Way, Reads.Read> reference = new EnumMap<>(Reads.Way.class);
    for (Reads.Way way : Reads.Way.values()) {
      if (way != Reads.Way.PLUGIN) {
        try {
          reference.put(way, Reads.read(way, file));
        } catch (ArtifactException e) {
          // a way that refuses the seed has nothing to compare a mutant's read with
        }
      }
    }
    boolean passes = PluginRead.passes(file, pool);
    return new Seed(file.getFileName().toString(), bytes, List.copyOf(pages), footerAt, reference, passes);
  }

  /** The page whose body holds {@code offset}, or null. */
  Page bodyAt(long offset) {
    for (Page p : pages) {
      if (p.bodyHolds(offset)) {
        return p;
      }
    }
    return null;
  }
}
