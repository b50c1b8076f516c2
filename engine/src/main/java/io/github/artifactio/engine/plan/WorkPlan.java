package io.github.artifactio.engine.plan;

import io.github.artifactio.engine.hash.Blake3;
import io.github.artifactio.engine.hash.Blake3Hasher;
import io.github.artifactio.engine.hash.Blake3Parts;
import io.github.artifactio.engine.hash.FileStamp;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * The work units of one command over a list of files, and their split into shards. Built the same from the same
 * inputs in every process, so that each can take its shard without talking to the others.
 *
 * <p><b>Units.</b> One unit per file, in the order given (a path given twice is planned once); a {@code hash} plan
 * cuts a file larger than the split size into ranges of {@code max(1, splitBytes / 1 MiB)} spans of 1 MiB, the last
 * range taking what is left. A plan by {@linkplain #rowGroups row groups} (what {@code validate} checks in pieces) cuts a
 * file larger than the split size, whose row groups' bytes were read from its footer at planning, into
 * {@code ceil(size / splitBytes)} contiguous ranges of row groups balanced by bytes ({@link #rowGroupRanges}); a file
 * with one row group, or planned without its footer, stays one unit.
 *
 * <p><b>Shards.</b> Each unit weighs its bytes plus one (so that empty files count too). Laid end to end in plan order
 * they fill {@code [0, W)}; unit {@code u}, at {@code [c, c + w)}, goes to shard {@code floor(N * (2c + w) / (2W))},
 * the shard whose N-th of {@code [0, W)} holds the unit's midpoint. Shards are therefore contiguous runs of units in
 * file order, and each holds {@code W / N} give or take one unit's weight. A shard may hold no unit (more shards than
 * units); it still reports, so that a merge can tell it ran.
 *
 * <p><b>Identity.</b> {@link #id()} is the BLAKE3 of the kind, the tool's version, the split size and every file's
 * path, size and modification time: two processes that disagree on any of them have different plans.
 */
public final class WorkPlan {
  /** The axis of a {@code hash} unit: 1 MiB spans ({@link Blake3Parts#SPAN_LEN}). */
  public static final String SPANS = "spans";
  /** The kind of a plan whose units are hashed. */
  public static final String HASH = "hash";
  /** The axis of a unit that is a range of a file's row groups, by their index in the footer. */
  public static final String ROW_GROUPS = "row-groups";
  /** The axis of a whole-file unit: {@code [0, 1)}, the one file. */
  public static final String FILE = "file";
  /** The default split size: files larger than 1 GiB are cut into ranges of 1 GiB. */
  public static final long DEFAULT_SPLIT_BYTES = 1L << 30;

  private final String kind;
  private final String toolVersion;
  private final long splitBytes;
  private final List<PlannedFile> files;
  private final List<WorkUnit> units;
  private final String id;

  private WorkPlan(String kind, String toolVersion, long splitBytes, List<PlannedFile> files) {
    this.kind = kind;
    this.toolVersion = toolVersion;
    this.splitBytes = splitBytes;
    this.files = List.copyOf(files);
    this.units = kind.equals(HASH) ? hashUnits(this.files, splitBytes)
        : splitBytes > 0 ? rowGroupUnits(this.files, splitBytes) : fileUnits(this.files);
    this.id = identity();
  }

  /**
   * The {@code hash} plan of {@code files} as they are now (each path once, in the order given).
   *
   * @throws io.github.artifactio.engine.ArtifactException naming a file whose size or time cannot be read
   */
  public static WorkPlan hashPaths(List<String> paths, long splitBytes, String toolVersion) {
    List<PlannedFile> files = new ArrayList<>();
    for (String p : new LinkedHashSet<>(paths)) {
      files.add(new PlannedFile(p, FileStamp.of(Path.of(p))));
    }
    return hashFiles(files, splitBytes, toolVersion);
  }

  /** The {@code hash} plan of files already stamped, as a merge rebuilds it from a partial report. */
  public static WorkPlan hashFiles(List<PlannedFile> files, long splitBytes, String toolVersion) {
    if (splitBytes < 1) {
      throw new IllegalArgumentException("the split size must be at least 1 byte, got " + splitBytes);
    }
    return new WorkPlan(HASH, Objects.requireNonNull(toolVersion, "toolVersion"), splitBytes, files);
  }

  /**
   * A plan of one whole-file unit per file (axis {@value #FILE}) for {@code kind}, a command other than
   * {@value #HASH}, that splits no file, however large: the split size is recorded as 0. {@code validate} plans by
   * {@link #rowGroups}, which splits files past its split size.
   */
  public static WorkPlan wholeFiles(String kind, List<PlannedFile> files, String toolVersion) {
    if (kind.equals(HASH)) {
      throw new IllegalArgumentException("a hash plan splits files: use hashFiles");
    }
    return new WorkPlan(kind, Objects.requireNonNull(toolVersion, "toolVersion"), 0, files);
  }

  /**
   * A plan for {@code kind}, a command other than {@value #HASH}, that cuts each file larger than {@code splitBytes}
   * into ranges of row groups (axis {@value #ROW_GROUPS}) by the row-group bytes its {@link PlannedFile} holds; the
   * other files are whole-file units.
   */
  public static WorkPlan rowGroups(String kind, List<PlannedFile> files, long splitBytes, String toolVersion) {
    if (kind.equals(HASH)) {
      throw new IllegalArgumentException("a hash plan splits files by spans: use hashFiles");
    }
    if (splitBytes < 1) {
      throw new IllegalArgumentException("the split size must be at least 1 byte, got " + splitBytes);
    }
    return new WorkPlan(kind, Objects.requireNonNull(toolVersion, "toolVersion"), splitBytes, files);
  }

  /**
   * A range {@code [from, to)} of a file's row groups and the bytes it weighs.
   *
   * @param bytes the range's row groups' compressed bytes; the first range also weighs what no row group holds (the
   *     magic and the footer), so a file's ranges weigh its size
   */
  public record RowGroupRange(int from, int to, long bytes) {}

  /**
   * The ranges a file of {@code size} bytes whose row groups hold {@code groupBytes} is cut into for a split size of
   * {@code splitBytes}: one range when it is not larger, or has at most one row group; else {@code k = ceil(size /
   * splitBytes)} ranges (fewer when there are fewer row groups), row group {@code g} going to the range whose k-th of
   * the row groups' bytes holds its midpoint (each row group weighing its bytes plus one), as units go to shards.
   */
  public static List<RowGroupRange> rowGroupRanges(List<Long> groupBytes, long size, long splitBytes) {
    int n = groupBytes.size();
    long inGroups = 0;
    for (long b : groupBytes) {
      inGroups += b;
    }
    long rest = Math.max(0, size - inGroups);
    if (size <= splitBytes || n <= 1) {
      return List.of(new RowGroupRange(0, n, inGroups + rest));
    }
    int k = (int) Math.min(n, (size + splitBytes - 1) / splitBytes);
    long twiceTotal = 2 * (inGroups + n);
    List<RowGroupRange> out = new ArrayList<>();
    int from = 0;
    int current = 0;
    long bytes = rest;
    long before = 0;
    for (int g = 0; g < n; g++) {
      long w = groupBytes.get(g) + 1;
      int range = shardAt(2 * before + w, twiceTotal, k);
      if (range != current && g > from) {
        out.add(new RowGroupRange(from, g, bytes));
        from = g;
        bytes = 0;
      }
      current = range;
      bytes += groupBytes.get(g);
      before += w;
    }
    out.add(new RowGroupRange(from, n, bytes));
    return List.copyOf(out);
  }

  private static List<WorkUnit> rowGroupUnits(List<PlannedFile> files, long splitBytes) {
    List<WorkUnit> out = new ArrayList<>();
    for (int f = 0; f < files.size(); f++) {
      rowGroupUnits(files.get(f), f, out.size(), splitBytes, out::add);
    }
    return List.copyOf(out);
  }

  /** File {@code f}'s units of a plan by row groups, numbered from {@code first}: its ranges, or the whole file. */
  static void rowGroupUnits(PlannedFile file, int f, int first, long splitBytes, Consumer<WorkUnit> out) {
    long size = file.stamp().size();
    List<RowGroupRange> ranges = rowGroupRanges(file.rowGroupBytes(), size, splitBytes);
    if (ranges.size() == 1) {
      out.accept(new WorkUnit(first, f, file.path(), FILE, 0, 1, size));
      return;
    }
    int i = first;
    for (RowGroupRange r : ranges) {
      out.accept(new WorkUnit(i++, f, file.path(), ROW_GROUPS, r.from(), r.to(), r.bytes()));
    }
  }

  private static List<WorkUnit> fileUnits(List<PlannedFile> files) {
    List<WorkUnit> out = new ArrayList<>();
    for (int f = 0; f < files.size(); f++) {
      out.add(fileUnit(files.get(f), f, f));
    }
    return List.copyOf(out);
  }

  /** File {@code f}'s one unit, numbered {@code index}, in a plan that splits no file. */
  static WorkUnit fileUnit(PlannedFile file, int f, int index) {
    return new WorkUnit(index, f, file.path(), FILE, 0, 1, file.stamp().size());
  }

  private static List<WorkUnit> hashUnits(List<PlannedFile> files, long splitBytes) {
    List<WorkUnit> out = new ArrayList<>();
    for (int f = 0; f < files.size(); f++) {
      hashUnits(files.get(f), f, out.size(), splitBytes, out::add);
    }
    return List.copyOf(out);
  }

  /** File {@code f}'s units of a {@code hash} plan, numbered from {@code first}. */
  static void hashUnits(PlannedFile file, int f, int first, long splitBytes, Consumer<WorkUnit> out) {
    long spansPerUnit = Math.max(1, splitBytes / Blake3Parts.SPAN_LEN);
    long size = file.stamp().size();
    long spans = Blake3Parts.spans(size);
    long per = size > splitBytes ? spansPerUnit : spans;
    int i = first;
    for (long from = 0; from < spans; from += per) {
      long to = Math.min(spans, from + per);
      long bytes = Math.min(size, to * Blake3Parts.SPAN_LEN) - from * Blake3Parts.SPAN_LEN;
      out.accept(new WorkUnit(i++, f, file.path(), SPANS, from, to, bytes));
    }
  }

  /** File {@code f}'s units in a plan of {@code kind} and {@code splitBytes}, numbered from {@code first}. */
  static void unitsOf(String kind, long splitBytes, PlannedFile file, int f, int first, Consumer<WorkUnit> out) {
    if (kind.equals(HASH)) {
      hashUnits(file, f, first, splitBytes, out);
    } else if (splitBytes > 0) {
      rowGroupUnits(file, f, first, splitBytes, out);
    } else {
      out.accept(fileUnit(file, f, first));
    }
  }

  /** The head of the text whose BLAKE3 is a plan's id ({@link #identity}). */
  static StringBuilder identityHead(String kind, String toolVersion, long splitBytes) {
    StringBuilder s = new StringBuilder("artifact-io work plan 1\n");
    s.append("kind ").append(kind).append('\n');
    s.append("tool ").append(toolVersion).append('\n');
    s.append("split ").append(splitBytes).append('\n');
    return s;
  }

  /** A file's lines of the text whose BLAKE3 is a plan's id. */
  static void identityLines(StringBuilder s, PlannedFile f) {
    // the path's length first: a path holding a newline or a space cannot read as two entries
    s.append(f.stamp().size()).append(' ').append(f.stamp().mtimeNanos()).append(' ').append(f.path().length())
        .append(':').append(f.path()).append('\n');
    if (!f.rowGroupBytes().isEmpty()) {
      // the ranges a file is cut into come from these: two plans that cut it differently are different plans
      s.append("row groups ").append(f.rowGroupBytes()).append('\n');
    }
  }

  private String identity() {
    // hashed as it is made, 64 KiB at a time: the text of a plan of 100,000 files is 13 MB, which a merge in a small
    // heap cannot hold twice over while a StringBuilder grows
    Blake3Hasher hasher = Blake3.newHasher();
    StringBuilder s = identityHead(kind, toolVersion, splitBytes);
    for (PlannedFile f : files) {
      identityLines(s, f);
      if (s.length() >= 1 << 16) {
        hasher.update(s.toString().getBytes(StandardCharsets.UTF_8));
        s.setLength(0);
      }
    }
    return hasher.update(s.toString().getBytes(StandardCharsets.UTF_8)).digest().hex();
  }

  /** The shard of {@code count} that unit {@code u} belongs to (see the class comment for the rule). */
  public int shardOf(WorkUnit u, int count) {
    long before = 0;
    for (int i = 0; i < u.index(); i++) {
      before += weight(units.get(i));
    }
    return shardAt(2 * before + weight(u), 2 * totalWeight(), count);
  }

  /** The units of shard {@code shard}, in plan order. */
  public List<WorkUnit> units(ShardSpec shard) {
    return shards(shard.count()).get(shard.index());
  }

  /** The units of each of {@code count} shards, in one pass over the plan: a merge needs them all. */
  public List<List<WorkUnit>> shards(int count) {
    if (count < 1) {
      throw new IllegalArgumentException("the shard count N must be at least 1, got " + count);
    }
    List<List<WorkUnit>> out = new ArrayList<>();
    for (int s = 0; s < count; s++) {
      out.add(new ArrayList<>());
    }
    long twiceTotal = 2 * totalWeight();
    long before = 0;
    for (WorkUnit u : units) {
      long w = weight(u);
      out.get(shardAt(2 * before + w, twiceTotal, count)).add(u);
      before += w;
    }
    return out;
  }

  /** {@code floor(count * twiceMid / twiceTotal)}, in 128 bits where the product does not fit in 63. */
  static int shardAt(long twiceMid, long twiceTotal, int count) {
    if (Math.multiplyHigh(twiceMid, count) == 0 && twiceMid * count >= 0) {
      return (int) (twiceMid * count / twiceTotal);
    }
    return BigInteger.valueOf(twiceMid).multiply(BigInteger.valueOf(count)).divide(BigInteger.valueOf(twiceTotal))
        .intValueExact();
  }

  static long weight(WorkUnit u) {
    return u.bytes() + 1;
  }

  private long totalWeight() {
    long w = 0;
    for (WorkUnit u : units) {
      w += weight(u);
    }
    return w;
  }

  /** The command whose units these are ({@value #HASH}). */
  public String kind() {
    return kind;
  }

  /** The version of the tool that made the plan: a merge refuses results of another version. */
  public String toolVersion() {
    return toolVersion;
  }

  public long splitBytes() {
    return splitBytes;
  }

  public List<PlannedFile> files() {
    return files;
  }

  public List<WorkUnit> units() {
    return units;
  }

  /** 64 hex digits naming this plan: equal for equal kinds, versions, split sizes and files. */
  public String id() {
    return id;
  }
}
