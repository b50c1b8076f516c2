package io.github.artifactio.engine.hash;

import io.github.artifactio.engine.ArtifactException;
import io.github.artifactio.engine.EngineContext;
import io.github.artifactio.engine.internal.blake3.Backends;
import io.github.artifactio.engine.internal.blake3.PartTree;
import io.github.artifactio.engine.internal.blake3.SubtreeParallel;
import io.github.artifactio.engine.internal.blake3.TreeHasher;
import io.github.artifactio.engine.internal.concurrent.Workers;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * A file's BLAKE3 in parts: each part a contiguous range of its 1 MiB spans, hashed on its own (another machine,
 * another job array task) to the chaining values of the aligned subtrees that cover it, and the parts merged, in
 * order, into the digest {@link Blake3#hashFile} and {@code b3sum} give. The tree rules are in {@link PartTree}.
 *
 * <p>A part's spans are hashed in parallel on the caller's {@link EngineContext}, so a file cut in parts is hashed on
 * every core of one machine too. Each part checks the file's size and modification time against the stamp its plan
 * recorded, before and after reading: a file that changed is a {@link FileChangedException}, never a digest of other
 * bytes.
 */
public final class Blake3Parts {
  /** Bytes per span: parts are whole spans of this size (the file's last span may be shorter). */
  public static final int SPAN_LEN = SubtreeParallel.SPAN_LEN;

  /** How many spans a file of {@code size} bytes has: at least one, for the empty file. */
  public static long spans(long size) {
    return SubtreeParallel.spans(size);
  }

  /**
   * Hashes spans {@code [fromSpan, toSpan)} of {@code file}, which the plan found with {@code planned}'s size and
   * modification time; the spans are spread over {@code context}'s threads and the calling thread.
   *
   * @throws FileChangedException when the file does not have the planned size or time, before or after the read
   * @throws ArtifactException naming the file, when it cannot be read
   */
  public static FilePart hash(Path file, FileStamp planned, long fromSpan, long toSpan, EngineContext context) {
    long spans = spans(planned.size());
    if (fromSpan < 0 || fromSpan >= toSpan || toSpan > spans) {
      throw new IllegalArgumentException(
          "spans [" + fromSpan + ", " + toSpan + ") are not a part of a file of " + spans + " spans");
    }
    requireUnchanged(file, planned);
    FilePart part;
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
      if (spans == 1) {
        // a file of one span: its root is a chunk or a parent of chunks, with no node of whole spans below it
        part = new FilePart(file, planned, 0, 1, List.of(), Optional.of(Blake3.hashChannel(channel)));
      } else {
        part = new FilePart(file, planned, fromSpan, toSpan, subtrees(channel, planned.size(), fromSpan, toSpan,
            Workers.of(context)), Optional.empty());
      }
    } catch (IOException e) {
      FileStamp now = stampOrNull(file);
      if (now != null && !now.equals(planned)) {
        throw new FileChangedException(file, planned, now);
      }
      throw new ArtifactException(file, "hashing failed: " + e, e);
    }
    requireUnchanged(file, planned);
    return part;
  }

  private static List<SubtreeCv> subtrees(FileChannel channel, long size, long from, long to, Workers workers)
      throws IOException {
    SubtreeParallel.SpanSource<byte[]> source = new SubtreeParallel.SpanSource<>() {
      @Override
      public byte[] newWorker() {
        return new byte[SPAN_LEN];
      }

      @Override
      public void hashSpan(byte[] buffer, TreeHasher hasher, long span, int len) throws IOException {
        Blake3.readFully(channel, buffer, len, span * SPAN_LEN);
        hasher.update(buffer, 0, len);
      }
    };
    int[] cvs = PartTree.spanCvs(size, from, to, source, Backends::best, workers);
    List<SubtreeCv> out = new ArrayList<>();
    int[] cv = new int[8];
    for (PartTree.Block b : PartTree.blocks(from, to, spans(size))) {
      PartTree.blockCv(cvs, from, b, cv, 0);
      out.add(new SubtreeCv(b.first() * PartTree.SPAN_CHUNKS, b.spans() * PartTree.SPAN_CHUNKS,
          ContentHash.of(PartTree.cvBytes(cv, 0))));
    }
    return out;
  }

  /**
   * The digest of {@code file} from its parts, in any order: sorted by their first span, they must cover its spans
   * from the first to the last, each once, and agree on its size and modification time.
   *
   * @throws HashPartsException naming the file and the spans, when they overlap, leave a gap or disagree
   */
  public static ContentHash merge(Path file, List<FilePart> parts) {
    if (parts.isEmpty()) {
      throw new HashPartsException(file, "no part to merge");
    }
    List<FilePart> sorted = new ArrayList<>(parts);
    sorted.sort(Comparator.comparingLong(FilePart::fromSpan));
    FilePart first = sorted.get(0);
    for (FilePart p : sorted) {
      if (!p.stamp().equals(first.stamp())) {
        throw new HashPartsException(file, "parts disagree on the file: " + first.spans() + " has " + first.stamp()
            + ", " + p.spans() + " has " + p.stamp());
      }
    }
    long spans = spans(first.stamp().size());
    long next = 0;
    FilePart before = null;
    for (FilePart p : sorted) {
      if (before != null && p.fromSpan() < next) {
        throw new HashPartsException(file, "parts overlap: " + before.spans() + " and " + p.spans());
      }
      if (p.fromSpan() > next) {
        throw new HashPartsException(file, "parts leave a gap: spans [" + next + ", " + p.fromSpan()
            + ") are in no part");
      }
      next = p.toSpan();
      before = p;
    }
    if (next != spans) {
      throw new HashPartsException(file, next > spans
          ? "parts reach span " + next + " of a file of " + spans + " spans"
          : "parts leave a gap: spans [" + next + ", " + spans + ") are in no part");
    }
    if (spans == 1) {
      return first.digest().orElseThrow(() -> new HashPartsException(file, "a part of one span holds no digest"));
    }
    List<SubtreeCv> all = new ArrayList<>();
    for (FilePart p : sorted) {
      if (p.digest().isPresent()) {
        throw new HashPartsException(file, p.spans() + " holds a whole file's digest, not subtrees");
      }
      all.addAll(p.subtrees());
    }
    int[] cvs = new int[all.size() * 8];
    int[] levels = new int[all.size()];
    long chunk = 0;
    for (int i = 0; i < all.size(); i++) {
      SubtreeCv s = all.get(i);
      if (s.chunkOffset() != chunk) {
        throw new HashPartsException(file, "subtree at chunk " + s.chunkOffset() + " where chunk " + chunk
            + " was next");
      }
      chunk += s.chunks();
      levels[i] = Long.numberOfTrailingZeros(s.chunks());
      PartTree.cvWords(s.cv().bytes(), cvs, i * 8);
    }
    byte[] digest = new byte[32];
    PartTree.root(cvs, levels).rootBytes(digest, 0, 32);
    return ContentHash.of(digest);
  }

  /**
   * The digest of {@code file} hashed in parts of {@code spansPerPart} spans, one after another, each spread over
   * {@code context}, and merged: what a plan of one machine does, and the same digest as {@link Blake3#hashFile}.
   */
  public static ContentHash hashFile(Path file, long spansPerPart, EngineContext context) {
    if (spansPerPart < 1) {
      throw new IllegalArgumentException("spansPerPart must be at least 1 but was " + spansPerPart);
    }
    FileStamp stamp = FileStamp.of(file);
    long spans = spans(stamp.size());
    List<FilePart> parts = new ArrayList<>();
    for (long from = 0; from < spans; from += spansPerPart) {
      parts.add(hash(file, stamp, from, Math.min(spans, from + spansPerPart), context));
    }
    return merge(file, parts);
  }

  private static void requireUnchanged(Path file, FileStamp planned) {
    FileStamp now = FileStamp.of(file);
    if (!now.equals(planned)) {
      throw new FileChangedException(file, planned, now);
    }
  }

  private static FileStamp stampOrNull(Path file) {
    try {
      return FileStamp.of(file);
    } catch (ArtifactException e) {
      return null;
    }
  }

  private Blake3Parts() {}
}
