package io.github.artifactio.engine.internal.parquet.encode;

/**
 * {@code BOOLEAN} values, always PLAIN (one bit each, LSB first), as parquet-java's version 1 writer stored them: a
 * dictionary of two values never pays. Statistics: {@code false < true}.
 */
public final class BoolValues extends LeafValues {
  private boolean[] src;
  private int bits;
  private int pending;
  private boolean pageFalse;
  private boolean pageTrue;
  private boolean chunkFalse;
  private boolean chunkTrue;

  public void bind(boolean[] values) {
    src = values;
  }

  @Override
  public void resetPage() {
    super.resetPage();
    bits = 0;
    pending = 0;
  }

  @Override
  public int append(int from, int to, long roomBits, int extraBits) {
    int n = to - from;
    if (roomBits != Long.MAX_VALUE) {
      long per = 1L + extraBits;
      n = (int) Math.min(n, Math.max(1, (roomBits + per - 1) / per));
    }
    boolean[] s = src;
    int acc = bits;
    int k = pending;
    boolean anyFalse = false;
    boolean anyTrue = false;
    for (int i = from; i < from + n; i++) {
      if (s[i]) {
        acc |= 1 << k;
        anyTrue = true;
      } else {
        anyFalse = true;
      }
      if (++k == 8) {
        page.put(acc);
        acc = 0;
        k = 0;
      }
    }
    bits = acc;
    pending = k;
    pageFalse |= anyFalse;
    pageTrue |= anyTrue;
    pageValues += n;
    return n;
  }

  @Override
  public long pageBits() {
    return pageValues; // one bit each
  }

  @Override
  void sealPlain() {
    if (pending > 0) {
      page.put(bits);
      bits = 0;
      pending = 0;
    }
  }

  // a boolean chunk never leaves PLAIN mode, so it never samples or holds a dictionary

  @Override
  int sampleDistinct() {
    throw new IllegalStateException("boolean leaves are never dictionary-encoded");
  }

  @Override
  int dictionarySize() {
    return 0;
  }

  @Override
  long dictionaryBytes() {
    return 0;
  }

  @Override
  void clearDictionary() {}

  @Override
  void truncateDictionary(int n) {}

  @Override
  void putEntry(int id) {
    throw new IllegalStateException("boolean leaves are never dictionary-encoded");
  }

  @Override
  public void writeDictionary(Bytes out, int n) {
    throw new IllegalStateException("boolean leaves are never dictionary-encoded");
  }

  @Override
  long pagePlainBytes() {
    return (pageValues + 7) / 8;
  }

  @Override
  void resetPageStats() {
    pageFalse = false;
    pageTrue = false;
  }

  @Override
  void resetChunkStats() {
    chunkFalse = false;
    chunkTrue = false;
  }

  @Override
  public boolean pageHasBounds() {
    return pageFalse || pageTrue;
  }

  @Override
  public byte[] pageMin() {
    return new byte[] {(byte) (pageFalse ? 0 : 1)};
  }

  @Override
  public byte[] pageMax() {
    return new byte[] {(byte) (pageTrue ? 1 : 0)};
  }

  @Override
  public void foldPageStats() {
    chunkFalse |= pageFalse;
    chunkTrue |= pageTrue;
  }

  @Override
  public boolean chunkHasBounds() {
    return chunkFalse || chunkTrue;
  }

  @Override
  public byte[] chunkMin() {
    return new byte[] {(byte) (chunkFalse ? 0 : 1)};
  }

  @Override
  public byte[] chunkMax() {
    return new byte[] {(byte) (chunkTrue ? 1 : 0)};
  }

  @Override
  public int compareBounds(byte[] a, byte[] b) {
    return Integer.compare(a[0], b[0]);
  }
}
