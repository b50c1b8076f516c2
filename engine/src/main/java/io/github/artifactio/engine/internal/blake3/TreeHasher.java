package io.github.artifactio.engine.internal.blake3;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Objects;

/**
 * Incremental BLAKE3 (hash mode) over a {@link ChunkHasher} back end.
 *
 * <p>Input is fed to the back end in groups of whole chunks, as many as it asks for ({@link ChunkHasher#groupChunks}:
 * 256 for the lane-loop and vector back ends, whose parents are hashed side by side too, sixteen for the scalar one),
 * so that it always gets full groups: whole groups are hashed straight from the caller's array, anything else is
 * staged until a group is complete. The last bytes (1 to a group's length) always stay staged, because the final chunk
 * must be finished differently (it or its ancestors carry the ROOT flag). The design notes measured 0.84 instead of
 * 1.0 GB/s for 64 KiB writes when each write's last partial group fell back to scalar; staging to the group boundary
 * avoids it. With groups of eight on the 512-bit back end, every staged group and the remainder of every direct batch
 * went to the scalar core, which hashed 64 KiB writes at 1.1 GB/s against 2.0 GB/s for one large buffer.
 *
 * <p>Also hashes one aligned span of a larger input with a chunk counter offset, for {@link SubtreeParallel}.
 */
public final class TreeHasher {
  /** Chunks hashed per back-end call from the caller's array (at least): amortises the call, bounds the CV scratch. */
  private static final int BATCH_CHUNKS = 128;

  private final ChunkHasher backend;
  private final int groupChunks;
  private final int groupLen;
  /** Whole groups per back-end call from the caller's array. */
  private final int batchGroups;
  private byte[] staged;
  private int[] cvs;
  private final CvStack stack = new CvStack();
  private int stagedLen;
  private long firstChunk;
  private long count;

  public TreeHasher(ChunkHasher backend) {
    this.backend = backend;
    this.groupChunks = backend.groupChunks();
    this.groupLen = groupChunks * Compress.CHUNK_LEN;
    this.batchGroups = Math.max(1, BATCH_CHUNKS / groupChunks);
    // both grow on demand: most hashes are of a few bytes (a path, a configuration), which a group's 256 KiB dwarfs
    this.staged = new byte[Math.min(groupLen, 4 * Compress.CHUNK_LEN)];
  }

  /** Starts over for a subtree whose first chunk has global index {@code firstChunk} (0 for a whole input). */
  public void reset(long firstChunk) {
    this.firstChunk = firstChunk;
    stack.clear();
    stagedLen = 0;
    count = 0;
  }

  public String backendName() {
    return backend.name();
  }

  /** Bytes hashed so far. */
  public long count() {
    return count;
  }

  public void update(byte[] in, int off, int len) {
    Objects.checkFromIndexSize(off, len, in.length);
    count += len;
    while (len > 0) {
      if (stagedLen == groupLen) {
        // more input exists, so the staged group holds no final chunk
        hashChunks(staged, 0, groupChunks);
        stagedLen = 0;
      }
      if (stagedLen == 0 && len > groupLen) {
        // whole groups straight from the caller's array, holding back at least one byte
        int groups = Math.min((len - 1) / groupLen, batchGroups);
        hashChunks(in, off, groups * groupChunks);
        off += groups * groupLen;
        len -= groups * groupLen;
        continue;
      }
      int take = Math.min(groupLen - stagedLen, len);
      if (stagedLen + take > staged.length) {
        staged = Arrays.copyOf(staged, Math.min(groupLen, Math.max(stagedLen + take, 2 * staged.length)));
      }
      System.arraycopy(in, off, staged, stagedLen, take);
      stagedLen += take;
      off += take;
      len -= take;
    }
  }

  /** Hashes the remaining bytes of {@code in}; heap buffers are read in place, direct ones copied in slices. */
  public void update(ByteBuffer in) {
    if (in.hasArray()) {
      update(in.array(), in.arrayOffset() + in.position(), in.remaining());
      in.position(in.limit());
      return;
    }
    byte[] slice = new byte[Math.min(in.remaining(), Math.max(4 * groupLen, 256 << 10))];
    while (in.hasRemaining()) {
      int n = Math.min(slice.length, in.remaining());
      in.get(slice, 0, n);
      update(slice, 0, n);
    }
  }

  /**
   * The root node of everything hashed so far (or, for a span, the span's top node). Leaves this hasher unchanged, so
   * it can be called at any point and hashing can go on.
   */
  public Output finish() {
    CvStack tree = new CvStack();
    tree.copyFrom(stack);
    int fullBefore = stagedLen == 0 ? 0 : (stagedLen - 1) / Compress.CHUNK_LEN;
    long counter = firstChunk + tree.leaves();
    if (fullBefore > 0) {
      int[] chunkCvs = new int[fullBefore * 8];
      backend.hashChunks(staged, 0, fullBefore, counter, chunkCvs, 0);
      pushAll(tree, chunkCvs, fullBefore);
    }
    int lastOff = fullBefore * Compress.CHUNK_LEN;
    Output last = Output.chunk(staged, lastOff, stagedLen - lastOff, counter + fullBefore);
    return tree.fold(last);
  }

  /** The 8-word chaining value of the subtree hashed since {@link #reset}: a span's contribution to the tree. */
  public void subtreeCv(int[] dst, int off) {
    finish().chainingValue(dst, off);
  }

  private void hashChunks(byte[] in, int off, int chunks) {
    if (cvs == null) {
      cvs = new int[batchGroups * groupChunks * 8];
    }
    backend.hashChunks(in, off, chunks, firstChunk + stack.leaves(), cvs, 0);
    pushAll(stack, cvs, chunks);
  }

  /**
   * Pushes {@code count} chunks' chaining values {@code cvs[0..8*count)} (overwritten) onto {@code onto} as aligned
   * complete subtrees, each as large as its position allows: their parents are hashed level by level on the back end,
   * side by side, and only each subtree's root goes onto the stack. A whole group is one subtree; the 255 full chunks
   * held back at a span's end are eight. Merging one chunk at a time, on the scalar core, had cost the lane loops a
   * quarter of their speed.
   */
  private void pushAll(CvStack onto, int[] cvs, int count) {
    int i = 0;
    while (i < count) {
      // as large as the stack's alignment allows (any size on an empty stack), and no larger than what is left
      int aligned = Long.numberOfTrailingZeros(onto.leaves() | (1L << 62));
      int levels = Math.min(aligned, 31 - Integer.numberOfLeadingZeros(count - i));
      for (int n = 1 << levels; n > 1; n >>>= 1) {
        backend.hashParents(cvs, i * 8, n / 2, cvs, i * 8);
      }
      onto.pushSubtree(cvs, i * 8, levels);
      i += 1 << levels;
    }
  }
}
