package io.github.artifactio.engine.internal.parquet.read;

import io.github.artifactio.engine.internal.concurrent.Workers;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;

/**
 * Coalesced reads for seek-bound storage (upstream {@code span_cache.rs}). Per row group, the byte ranges of the
 * projected column chunks are merged into spans (chunks at most {@code maxGapBytes} apart share one); a span is read
 * with one sequential read the first time a chunk in it is wanted, its chunks are served from memory, and it is
 * released once the reader of every chunk in it is done. The first use of span i offers the read of span i+1 to the
 * scan's engine context (the serial context takes none), if that keeps the resident spans within {@code
 * maxResidentBytes}; the decoder never waits on the budget, nor on a prefetch that has not started. A span larger than
 * {@code maxSpanBytes} is not cached: its chunks are read directly, as the plain reader reads them. The bytes handed
 * out are the file's bytes, so the batches are the plain reader's.
 */
public final class SpanCache implements ChunkSource {
  /** Upstream's {@code SpanReadOptions}, with its defaults. */
  public record Options(long maxGapBytes, long maxSpanBytes, long maxResidentBytes, boolean prefetch) {
    static final Options DEFAULT = new Options(1L << 20, 512L << 20, 1L << 30, true);
  }

  /** What the cache did, for tests and the benchmark. */
  public record Stats(int spans, long spanReads, long directReads, long prefetches, long residentBytes,
      long peakResidentBytes) {}

  /** QUEUED: a prefetch was submitted but has not started; a decoder that needs the span loads it itself. */
  private enum State {
    IDLE, QUEUED, LOADING, READY, RELEASED
  }

  private static final class Span {
    final int index;
    final long start;
    long end;
    int chunks;
    int remaining;
    boolean direct;
    boolean touched;
    State state = State.IDLE;
    byte[] data;

    Span(int index, long start, long end) {
      this.index = index;
      this.start = start;
      this.end = end;
    }

    long size() {
      return end - start;
    }
  }

  private final FileReads reads;
  private final Options options;
  private final List<Span> spans = new ArrayList<>();
  private final Map<Long, Span> byChunk = new HashMap<>();
  private final Workers workers;
  private boolean closed;
  private long spanReads;
  private long directReads;
  private long prefetches;
  private long resident;
  private long peakResident;

  SpanCache(FileReads reads, List<BlockMetaData> blocks, List<Integer> rowGroups, int[] leaves, Options options,
      Workers workers) {
    this.reads = reads;
    this.options = options;
    for (int g : rowGroups) {
      List<long[]> ranges = new ArrayList<>(); // start, end, leaf
      for (int leaf : leaves) {
        ColumnChunkMetaData c = blocks.get(g).getColumns().get(leaf);
        ranges.add(new long[] {c.getStartingPos(), c.getStartingPos() + c.getTotalSize(), leaf});
      }
      ranges.sort((a, b) -> Long.compare(a[0], b[0]));
      Span current = null;
      for (long[] r : ranges) {
        if (current == null || r[0] - current.end > options.maxGapBytes()) {
          current = new Span(spans.size(), r[0], r[1]);
          spans.add(current);
        }
        current.end = Math.max(current.end, r[1]);
        current.chunks++;
        current.remaining++;
        byChunk.put(key(g, (int) r[2]), current);
      }
    }
    for (Span s : spans) {
      s.direct = s.size() > options.maxSpanBytes() || s.size() > Integer.MAX_VALUE - 8;
    }
    this.workers = workers;
  }

  private static long key(int g, int leaf) {
    return ((long) g << 32) | leaf;
  }

  @Override
  public Slice read(int rowGroup, int leaf, long offset, int length) throws IOException {
    Span s = byChunk.get(key(rowGroup, leaf));
    byte[] data = s == null || s.direct ? null : acquire(s);
    if (data == null || offset < s.start || offset + length > s.end) {
      synchronized (this) {
        directReads++;
      }
      return new Slice(reads.read(offset, length), 0, length);
    }
    return new Slice(data, (int) (offset - s.start), length);
  }

  /** The span's bytes, loading them here if no prefetch did; null once the span was released. */
  private byte[] acquire(Span s) throws IOException {
    boolean load;
    synchronized (this) {
      while (s.state == State.LOADING) {
        try {
          wait();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new IOException("interrupted while a span loaded", e);
        }
      }
      if (s.state == State.RELEASED) {
        return null;
      }
      // a queued prefetch may sit behind the very tasks waiting here on the context: never wait on it
      load = s.state == State.IDLE || s.state == State.QUEUED;
      if (load) {
        s.state = State.LOADING;
      }
      if (!s.touched) {
        s.touched = true;
        prefetchAfter(s);
      }
      if (!load) {
        return s.data;
      }
    }
    byte[] data;
    try {
      data = reads.read(s.start, (int) s.size());
    } catch (IOException | RuntimeException e) {
      synchronized (this) {
        s.state = State.IDLE;
        notifyAll();
      }
      throw e;
    }
    synchronized (this) {
      loaded(s, data);
      return data;
    }
  }

  private void loaded(Span s, byte[] data) {
    s.data = data;
    s.state = State.READY;
    spanReads++;
    resident += data.length;
    peakResident = Math.max(peakResident, resident);
    notifyAll();
  }

  /** Called holding the lock. */
  private void prefetchAfter(Span s) {
    if (!options.prefetch() || s.index + 1 >= spans.size()) {
      return;
    }
    Span next = spans.get(s.index + 1);
    if (next.direct || next.state != State.IDLE || resident + next.size() > options.maxResidentBytes()) {
      return;
    }
    next.state = State.QUEUED;
    if (workers.offer(() -> prefetch(next))) {
      prefetches++;
    } else {
      next.state = State.IDLE; // the serial context, or an executor that refused: the decoder reads the span itself
    }
  }

  private void prefetch(Span next) {
    synchronized (this) {
      if (next.state != State.QUEUED) {
        return; // the decoder got there first, or the scan closed
      }
      next.state = State.LOADING;
    }
    byte[] data = null;
    try {
      data = reads.read(next.start, (int) next.size());
    } catch (IOException | RuntimeException e) {
      // the decoder reads the span itself (and reports the error, if it recurs); after close the file is gone
    }
    synchronized (this) {
      if (data != null && !closed) {
        loaded(next, data);
      } else {
        next.state = closed ? State.RELEASED : State.IDLE;
        notifyAll();
      }
    }
  }

  @Override
  public synchronized void released(int rowGroup, int leaf) {
    Span s = byChunk.get(key(rowGroup, leaf));
    if (s == null || s.remaining == 0) {
      return;
    }
    s.remaining--;
    if (s.remaining == 0 && s.state == State.READY) {
      resident -= s.data.length;
      s.data = null;
      s.state = State.RELEASED;
    } else if (s.remaining == 0 && s.state == State.IDLE) {
      s.state = State.RELEASED;
    }
  }

  public synchronized Stats stats() {
    return new Stats(spans.size(), spanReads, directReads, prefetches, resident, peakResident);
  }

  /**
   * Releases every span. A prefetch that has not started finds its span released and reads nothing; one in flight
   * drops its bytes when its read returns (or fails on the closed file), so closing never waits for the context.
   */
  synchronized void close() {
    closed = true;
    for (Span s : spans) {
      if (s.state == State.READY) {
        resident -= s.data.length;
        s.data = null;
      }
      if (s.state != State.LOADING) {
        s.state = State.RELEASED;
      }
    }
  }
}
