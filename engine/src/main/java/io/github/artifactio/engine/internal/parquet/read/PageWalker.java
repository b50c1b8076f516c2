package io.github.artifactio.engine.internal.parquet.read;

import io.github.artifactio.engine.ArtifactException;
import io.github.artifactio.engine.column.ColumnType;
import io.github.artifactio.engine.internal.parquet.format.Schemas;
import io.github.artifactio.engine.internal.parquet.format.ThriftErrors;
import io.github.artifactio.engine.layout.ChunkWalk;
import io.github.artifactio.engine.layout.ColumnChunkLayout;
import io.github.artifactio.engine.layout.Decompression;
import io.github.artifactio.engine.layout.FileLayout;
import io.github.artifactio.engine.layout.LeafLayout;
import io.github.artifactio.engine.layout.PageCrc;
import io.github.artifactio.engine.layout.PageKind;
import io.github.artifactio.engine.layout.PageLayout;
import io.github.artifactio.engine.layout.RowGroupLayout;
import io.github.artifactio.engine.layout.ValueDecoding;
import io.github.artifactio.engine.layout.WalkStop;
import io.github.artifactio.engine.table.ColumnSpec;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.zip.CRC32;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.format.DataPageHeaderV2;
import org.apache.parquet.format.PageHeader;
import org.apache.parquet.format.PageType;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.schema.MessageType;

/**
 * The one page walker: every page of every column chunk, through the readers' own {@link ChunkPages} (a chunk read
 * once, whole or window by window), its CRC32 checked and its body decompressed by {@link Decompressors}, each page
 * reported as a {@link PageLayout}. A page that does not frame ends its chunk's walk with a {@link WalkStop}; one that
 * does not checksum or decompress is reported and the walk goes on.
 *
 * <p>With values, the walk is also the decoder's page source: the engine's {@link LeafReader} decodes the chunk of
 * each top-level column's leaf from the pages as the walk hands them on, already checked and decompressed, so each
 * page is read and decompressed once. A page the walk refuses is not handed on: the values of its chunk are then not
 * decoded, rather than failing a second time over the same bytes.
 */
final class PageWalker {
  /** Rows decoded per step in a walk with values: the batch of the streaming reader, so memory is one batch. */
  static final int BATCH_ROWS = 1 << 16;

  private PageWalker() {}

  /**
   * Walks every chunk of {@code layout} with the file opened once; with {@code values} (the table model of the same
   * file) the chunk of each top-level column's leaf is decoded in the same pass.
   */
  static void walk(FileLayout layout, ParquetFile values, Consumer<ChunkWalk> each) {
    walk(layout, values, 0, layout.rowGroups().size(), each);
  }

  /** {@link #walk(FileLayout, ParquetFile, Consumer)} over row groups {@code [fromGroup, toGroup)} alone. */
  static void walk(FileLayout layout, ParquetFile values, int fromGroup, int toGroup, Consumer<ChunkWalk> each) {
    if (fromGroup < 0 || toGroup > layout.rowGroups().size() || fromGroup > toGroup) {
      throw new IllegalArgumentException("row groups [" + fromGroup + ", " + toGroup + ") are not a range of the "
          + layout.rowGroups().size() + " of " + layout.path());
    }
    Path path = layout.path();
    Map<Integer, ColumnSpec> specs = new HashMap<>();
    if (values != null) {
      for (ColumnSpec s : values.specs()) {
        specs.putIfAbsent(values.leafOf(s.name()), s);
      }
    }
    FileReads reads;
    try {
      reads = new FileReads(path);
    } catch (IOException e) {
      throw new ArtifactException(path, "opening the file: " + e, e);
    }
    try (reads) {
      for (RowGroupLayout g : layout.rowGroups().subList(fromGroup, toGroup)) {
        for (ColumnChunkLayout c : g.chunks()) {
          Chunk chunk = new Chunk(reads, c, layout.leaves().get(c.leaf()));
          ColumnSpec spec = specs.get(c.leaf());
          each.accept(chunk.walk(spec == null ? null : () -> chunk.decode(values, spec, g.firstRow(), g.rows())));
        }
      }
    } catch (IOException e) {
      throw new ArtifactException(path, "closing the file: " + e, e);
    }
  }

  /** The exception's own words. */
  private static String message(Throwable e) {
    return e.getMessage() != null ? e.getMessage() : e.toString();
  }

  private static PageKind kind(PageType t) {
    switch (t) {
      case DICTIONARY_PAGE:
        return PageKind.DICTIONARY;
      case DATA_PAGE:
        return PageKind.DATA_V1;
      case DATA_PAGE_V2:
        return PageKind.DATA_V2;
      default:
        return PageKind.INDEX;
    }
  }

  /** The codec as the decompressors know it, or null where the engine does not read it. */
  private static CompressionCodecName readable(String codec) {
    for (CompressionCodecName c : Decompressors.READABLE) {
      if (c.name().equals(codec)) {
        return c;
      }
    }
    return null;
  }

  /**
   * The walk of one chunk. As a {@link PageSource} it is the value decoder's: each page it hands on has been framed,
   * checksummed and decompressed ({@link ChunkPages.RawPage#decompressed}); after a refused page it hands on none.
   */
  private static final class Chunk implements PageSource {
    private final FileReads reads;
    private final ColumnChunkLayout chunk;
    private final LeafLayout leaf;
    private final CompressionCodecName codec;
    private final CRC32 crc32 = new CRC32();
    private final List<PageLayout> pages = new ArrayList<>();
    private ChunkPages source;
    private WalkStop stop;
    /** The file offset of the next page's header. */
    private long nextAt;
    /** The next data page's first row in the row group, -1 once a page's rows are not in its header. */
    private long nextRow;
    /** The decompressed data page: reused, as the decoder is done with a page before it asks for the next. */
    private byte[] scratch;
    /** The first page that failed its CRC or decompression, after which the decoder gets no page. */
    private PageLayout refused;
    private ChunkPages.RawPage dictionary;
    private ChunkPages.RawPage handed;
    private PageLayout handedLayout;

    Chunk(FileReads reads, ColumnChunkLayout chunk, LeafLayout leaf) {
      this.reads = reads;
      this.chunk = chunk;
      this.leaf = leaf;
      this.codec = readable(chunk.codec());
    }

    ChunkWalk walk(Supplier<ValueDecoding> values) {
      long before = reads.bytes.get();
      nextAt = chunk.startOffset();
      try {
        source = ChunkPages.sequential(
            reads, chunk.rowGroup(), chunk.leaf(), chunk.startOffset(), chunk.compressedBytes(), Long.MAX_VALUE)
            .expectEncodings(chunk.encodings());
      } catch (IOException | RuntimeException e) {
        stop = new WalkStop(nextAt, message(e));
      }
      Optional<ValueDecoding> decoded = values == null ? Optional.empty() : Optional.of(values.get());
      while (step() != null) {
        // the pages the decoder did not ask for (and all of them in a walk without values)
      }
      if (source != null) {
        source.release();
      }
      return new ChunkWalk(chunk, pages, Optional.ofNullable(stop), decoded, reads.bytes.get() - before);
    }

    /** The next page, framed and checked; null at the chunk's end or where its pages stop framing. */
    private ChunkPages.RawPage step() {
      if (stop != null || source == null) {
        return null;
      }
      ChunkPages.RawPage p;
      try {
        p = source.next();
      } catch (IOException | RuntimeException e) {
        stop = new WalkStop(nextAt, stopReason(e));
        return null;
      }
      if (p == null) {
        return null;
      }
      nextAt = p.bodyAt + p.length;
      PageLayout l = check(p);
      pages.add(l);
      boolean crcFails = l.crc().isPresent() && !l.crc().get().verified();
      if (refused == null && (crcFails || l.decompression().status() == Decompression.Status.FAILED)) {
        refused = l;
      }
      if (l.kind() == PageKind.DICTIONARY) {
        dictionary = p;
      }
      return p;
    }

    /** A header that does not decode is located in its chunk, as the plugin has always reported it. */
    private String stopReason(Exception e) {
      if (e instanceof PageFormatException && e.getCause() != null) {
        return "a page header at chunk byte " + (nextAt - chunk.startOffset()) + " does not decode: "
            + ThriftErrors.describe(e.getCause());
      }
      return message(e);
    }

    @Override
    public ChunkPages.RawPage next() {
      if (refused != null) {
        return null;
      }
      ChunkPages.RawPage p = step();
      if (p == null || refused != null) {
        return null;
      }
      handed = p;
      handedLayout = pages.get(pages.size() - 1);
      return p;
    }

    @Override
    public void release() {
      // the walk releases the chunk when it has walked it to the end
    }

    private PageLayout check(ChunkPages.RawPage p) {
      PageHeader h = p.header;
      PageKind kind = kind(h.type);
      int values = -1;
      long rows = -1;
      if (kind == PageKind.DATA_V1 && h.data_page_header != null) {
        values = h.data_page_header.num_values;
        rows = leaf.maxRepetitionLevel() == 0 ? values : -1; // one level per row: the values are the rows
      } else if (kind == PageKind.DATA_V2 && h.data_page_header_v2 != null) {
        values = h.data_page_header_v2.num_values;
        rows = h.data_page_header_v2.num_rows;
      } else if (kind == PageKind.DICTIONARY && h.dictionary_page_header != null) {
        values = h.dictionary_page_header.num_values;
      }
      rows = rows < 0 ? -1 : rows;
      long firstRow = -1;
      if (kind.isData()) {
        firstRow = nextRow;
        nextRow = nextRow >= 0 && rows >= 0 ? nextRow + rows : -1;
      }
      Optional<PageCrc> crc = Optional.empty();
      if (h.isSetCrc()) {
        crc32.reset();
        crc32.update(p.data, p.offset, p.length);
        crc = Optional.of(new PageCrc(h.getCrc(), (int) crc32.getValue()));
      }
      return new PageLayout(kind, p.page, p.headerAt, p.bodyAt, p.length, h.uncompressed_page_size, values, firstRow,
          rows, crc, decompress(p, kind));
    }

    /**
     * Decompresses what the decoder would: a dictionary, v1 or index page's whole body, a v2 page's values after its
     * levels (unless the page says they are stored uncompressed); a page stored uncompressed must hold its declared
     * size. The result is left on the page for the decoder.
     */
    private Decompression decompress(ChunkPages.RawPage p, PageKind kind) {
      if (codec == null) {
        return new Decompression(Decompression.Status.CODEC_NOT_READ, "codec " + chunk.codec() + " is not read");
      }
      int size = p.header.uncompressed_page_size;
      int at = p.offset;
      int length = p.length;
      int into = size;
      boolean compressed = codec != CompressionCodecName.UNCOMPRESSED;
      if (kind == PageKind.DATA_V2) {
        DataPageHeaderV2 d = p.header.data_page_header_v2;
        if (d == null) {
          return failed("a v2 data page has no v2 header");
        }
        int rl = d.repetition_levels_byte_length;
        int dl = d.definition_levels_byte_length;
        if (rl < 0 || dl < 0 || (long) rl + dl > p.length) {
          return failed("v2 level lengths " + rl + " + " + dl + " exceed the page's " + p.length + " bytes");
        }
        compressed &= !(d.isSetIs_compressed() && !d.is_compressed);
        at += rl + dl;
        length -= rl + dl;
        into -= rl + dl;
        if (compressed && length == 0) {
          return Decompression.OK; // an empty page some writers still mark compressed: the decoder reads no bytes
        }
      }
      if (!compressed) {
        return p.length == size
            ? Decompression.OK
            : failed("uncompressed page holds " + p.length + " bytes, its header says " + size);
      }
      try {
        // a dictionary gets an array of its own: the decoder keeps decoding from it while later pages arrive
        byte[] reuse = kind == PageKind.DICTIONARY ? null : scratch;
        byte[] out = Decompressors.decompress(codec, p.data, at, length, into, reuse);
        if (kind != PageKind.DICTIONARY) {
          scratch = out;
        }
        p.decompressed = out;
        return Decompression.OK;
      } catch (IOException | RuntimeException e) {
        return failed(message(e));
      }
    }

    private static Decompression failed(String why) {
      return new Decompression(Decompression.Status.FAILED, why);
    }

    /** Decodes the chunk's values with the engine's reader, the pages coming from this walk. */
    ValueDecoding decode(ParquetFile file, ColumnSpec spec, long groupFirstRow, long rows) {
      String name = spec.name();
      if (spec.decodedAs() == null) {
        return notDecoded(name, "type " + spec.arrowType());
      }
      if (codec == null) {
        return notDecoded(name, "codec " + chunk.codec());
      }
      Decoder d = new Decoder(file.schema(), file.leaves().get(chunk.leaf()), spec);
      LeafReader reader = d.reader(this);
      long done = 0;
      try {
        while (done < rows) {
          int n = (int) Math.min(BATCH_ROWS, rows - done);
          Builders.Base batch = d.batch(n);
          reader.read(n, batch);
          batch.buildRows(); // as the readers do: levels that decode must also describe rows (no null list with items)
          done += n;
        }
        return new ValueDecoding(name, ValueDecoding.Status.DECODED, Optional.empty(), -1, "");
      } catch (LeafReader.NullItemException e) {
        long row = groupFirstRow + e.row;
        return new ValueDecoding(name, ValueDecoding.Status.NULL_LIST_ITEMS, Optional.ofNullable(handedLayout), row,
            Scan.NULL_LIST_ITEM);
      } catch (IOException | RuntimeException e) {
        if (refused != null || stop != null) {
          // the walk refused a page or stopped framing: the walk's own report says what is wrong
          long at = refused != null ? refused.headerOffset() : stop.offset();
          return notDecoded(name, "the page at byte " + at + " did not pass the page walk");
        }
        Optional<PageLayout> page = handed == null ? Optional.empty() : Optional.of(handedLayout);
        long row = firstFailingRow(d, reader.row);
        // the page is the outcome's own field: the detail is what went wrong in it
        String detail = e instanceof PageFormatException ? ((PageFormatException) e).unlocated() : message(e);
        return new ValueDecoding(name, ValueDecoding.Status.FAILED, page, groupFirstRow + row, detail);
      }
    }

    private static ValueDecoding notDecoded(String column, String why) {
      return new ValueDecoding(column, ValueDecoding.Status.NOT_DECODED, Optional.empty(), -1, why);
    }

    /**
     * The row-group row of the first value that does not decode: the failing data page (still in memory, with the
     * dictionary) is decoded again alone, one row at a time, from its first row. Where that row is not in the headers
     * (a repeated column's v1 pages) or the page decodes alone, the row the decoder stopped at.
     */
    private long firstFailingRow(Decoder d, long stoppedAt) {
      if (handed == null || !handedLayout.kind().isData() || handedLayout.firstRow() < 0 || handedLayout.rows() <= 0) {
        return stoppedAt;
      }
      List<ChunkPages.RawPage> replay = new ArrayList<>();
      if (dictionary != null) {
        replay.add(copy(dictionary));
      }
      replay.add(copy(handed));
      LeafReader again = d.reader(new PageSource() {
        private int next;

        @Override
        public ChunkPages.RawPage next() {
          return next < replay.size() ? replay.get(next++) : null;
        }

        @Override
        public void release() {}
      });
      again.row = handedLayout.firstRow();
      long rows = handedLayout.rows();
      Builders.Base b = null;
      for (long k = 0; k < rows; k++) {
        if (k % BATCH_ROWS == 0) {
          b = d.batch((int) Math.min(BATCH_ROWS, rows - k));
        }
        try {
          again.read(1, b);
        } catch (IOException | RuntimeException e) {
          return handedLayout.firstRow() + k;
        }
      }
      return stoppedAt;
    }

    /** The page without what the walk decompressed: a replay decompresses it itself. */
    private static ChunkPages.RawPage copy(ChunkPages.RawPage p) {
      ChunkPages.RawPage c =
          new ChunkPages.RawPage(p.header, p.data, p.offset, p.length, -1, -1, p.headerAt, p.bodyAt);
      c.page = p.page;
      return c;
    }

    /** How the engine's reader decodes one column's leaf: the reader over some pages, and batches to read into. */
    private final class Decoder {
      final ColumnDescriptor desc;
      final ColumnSpec spec;
      final int listDef;
      final boolean optional;

      Decoder(MessageType schema, ColumnDescriptor desc, ColumnSpec spec) {
        this.desc = desc;
        this.spec = spec;
        this.listDef = spec.decodedAs().isList() ? Schemas.repeatedDefinitionLevel(schema, desc) - 1 : 0;
        this.optional = desc.getMaxDefinitionLevel() > 0;
      }

      LeafReader reader(PageSource pages) {
        // the walk has verified every CRC the decoder will see
        return new LeafReader(desc, pages, codec, listDef, false);
      }

      Builders.Base batch(int rows) {
        ColumnType kind = spec.decodedAs();
        return Builders.create(spec.name(), kind, optional, rows);
      }
    }
  }
}
