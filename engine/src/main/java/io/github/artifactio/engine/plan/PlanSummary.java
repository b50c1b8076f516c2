package io.github.artifactio.engine.plan;

import io.github.artifactio.engine.hash.Blake3;
import io.github.artifactio.engine.hash.Blake3Hasher;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * What a merge checks of a plan, made from its files given one at a time without holding them: the plan's {@link
 * #id()}, and for a number of shards the {@linkplain UnitsDigest digest} of each shard's units ({@link #shards}),
 * the same as {@link WorkPlan#id()} and {@link UnitsDigest#of} of {@link WorkPlan#shards} give (the plan's own code
 * makes the identity text and the units). It keeps 24 bytes a unit (its weight and two hashes), where a {@link
 * WorkPlan} of 100,000 files held some 300 bytes a file: a merge's memory is then not its plan's.
 */
public final class PlanSummary {
  private final String kind;
  private final long splitBytes;
  private final Blake3Hasher hasher = Blake3.newHasher();
  private final StringBuilder text;
  private String id;
  private int files;
  private int units;
  private long[] weights = new long[1024];
  private long[] hashA = new long[1024];
  private long[] hashB = new long[1024];

  /** The summary of a plan of {@code kind}, as {@link WorkPlan#rowGroups}, {@link WorkPlan#hashFiles} or {@link
   * WorkPlan#wholeFiles} (split size 0) would make it. */
  public PlanSummary(String kind, String toolVersion, long splitBytes) {
    this.kind = kind;
    this.splitBytes = splitBytes;
    this.text = WorkPlan.identityHead(kind, toolVersion, splitBytes);
  }

  /** The plan's next file. */
  public void add(PlannedFile f) {
    if (id != null) {
      throw new IllegalStateException("the plan's id was taken: no file follows");
    }
    WorkPlan.identityLines(text, f);
    if (text.length() >= 1 << 16) {
      hasher.update(text.toString().getBytes(StandardCharsets.UTF_8));
      text.setLength(0);
    }
    WorkPlan.unitsOf(kind, splitBytes, f, files, units, this::unit);
    files++;
  }

  private void unit(WorkUnit u) {
    if (units == weights.length) {
      int n = units * 2;
      weights = Arrays.copyOf(weights, n);
      hashA = Arrays.copyOf(hashA, n);
      hashB = Arrays.copyOf(hashB, n);
    }
    weights[units] = WorkPlan.weight(u);
    hashA[units] = UnitsDigest.hashA(u);
    hashB[units] = UnitsDigest.hashB(u);
    units++;
  }

  /** The plan's id, once its last file is in. */
  public String id() {
    if (id == null) {
      id = hasher.update(text.toString().getBytes(StandardCharsets.UTF_8)).digest().hex();
      text.setLength(0);
    }
    return id;
  }

  public int files() {
    return files;
  }

  public int units() {
    return units;
  }

  /** The digest of each of {@code count} shards' units, by {@link WorkPlan#shards}'s rule. */
  public UnitsDigest[] shards(int count) {
    if (count < 1) {
      throw new IllegalArgumentException("the shard count N must be at least 1, got " + count);
    }
    long total = 0;
    for (int i = 0; i < units; i++) {
      total += weights[i];
    }
    UnitsDigest.Folder[] folders = new UnitsDigest.Folder[count];
    for (int s = 0; s < count; s++) {
      folders[s] = new UnitsDigest.Folder();
    }
    long before = 0;
    for (int i = 0; i < units; i++) {
      folders[WorkPlan.shardAt(2 * before + weights[i], 2 * total, count)].add(hashA[i], hashB[i]);
      before += weights[i];
    }
    UnitsDigest[] out = new UnitsDigest[count];
    for (int s = 0; s < count; s++) {
      out[s] = folders[s].digest();
    }
    return out;
  }
}
