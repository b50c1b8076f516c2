package io.github.artifactio.engine.plan;

import java.util.List;

/**
 * A 128-bit digest of a list of units by every field a partial report writes of them but their bytes (index, file,
 * path, axis, range): two independent 64-bit hashes of each unit, folded in order. It tells a report that claims its
 * shard's units from one that claims others without holding both lists ({@link PlanSummary}); a difference it misses
 * would take a collision of both halves at once. Not a defence against a report made to deceive, which could as well
 * lie in its results.
 */
public record UnitsDigest(long a, long b) {
  private static final long SEED_A = 0x9E3779B97F4A7C15L;
  private static final long SEED_B = 0xC2B2AE3D27D4EB4FL;

  /** The digest of {@code units} in their order. */
  public static UnitsDigest of(List<WorkUnit> units) {
    Folder f = new Folder();
    for (WorkUnit u : units) {
      f.add(u);
    }
    return f.digest();
  }

  /** A unit's first hash. */
  static long hashA(WorkUnit u) {
    return hash(u, SEED_A);
  }

  /** A unit's second hash, independent of the first. */
  static long hashB(WorkUnit u) {
    return hash(u, SEED_B);
  }

  private static long hash(WorkUnit u, long seed) {
    long h = mix(seed ^ u.index());
    h = mix(h ^ u.file());
    h = mix(h ^ u.from());
    h = mix(h ^ u.to());
    h = mix(h ^ text(u.path(), seed));
    return mix(h ^ text(u.axis(), seed));
  }

  /** FNV-1a over the characters, from {@code seed}, and the length. */
  private static long text(String s, long seed) {
    long h = seed;
    for (int i = 0; i < s.length(); i++) {
      h = (h ^ s.charAt(i)) * 0x100000001B3L;
    }
    return h ^ s.length();
  }

  /** MurmurHash3's 64-bit finaliser: a bijection that spreads every input bit over the output. */
  private static long mix(long x) {
    x ^= x >>> 33;
    x *= 0xFF51AFD7ED558CCDL;
    x ^= x >>> 33;
    x *= 0xC4CEB9FE1A85EC53L;
    return x ^ (x >>> 33);
  }

  /** Folds units' hashes in order into a digest. */
  static final class Folder {
    private long a = SEED_A;
    private long b = SEED_B;
    private long n;

    void add(WorkUnit u) {
      add(hashA(u), hashB(u));
    }

    void add(long ha, long hb) {
      a = mix(a ^ ha) * 0xFF51AFD7ED558CCDL;
      b = mix(b + hb * 0xC4CEB9FE1A85EC53L);
      n++;
    }

    UnitsDigest digest() {
      return new UnitsDigest(mix(a ^ n), mix(b + n));
    }
  }
}
