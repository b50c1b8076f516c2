package io.github.artifactio.checks.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.artifactio.checks.result.Severity;
import io.github.artifactio.testkit.property.Gens;
import io.github.artifactio.testkit.property.Property;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.function.Consumer;
import java.util.function.LongUnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * The loops that {@code ascending} and {@code contiguous-ids} run over a chunk without nulls (straight over its array)
 * count and place what the per-value path counts and places: the same column handed to a rule once as chunks without
 * a validity array and once with one (all valid, which takes the per-value path) gives the same state, for every
 * kind of array (Int64, Int32, UInt32, Float64) and random chunk borders.
 */
class ValueLoopsTest {
  private enum Kind {
    INT64, INT32, UINT32, FLOAT64
  }

  /**
   * A column of {@code values} (as longs, or double bits for FLOAT64), handed out in chunks of the given sizes, its
   * first row {@code base}.
   */
  private record Column(Kind kind, long[] values, int[] chunks, boolean markValid, long base) implements ColumnSource {
    Column(Kind kind, long[] values, int[] chunks, boolean markValid) {
      this(kind, values, chunks, markValid, 0);
    }

    @Override
    public void scan(String column, Consumer<ValueChunk> consumer) {
      scan(column, 0, 1, consumer);
    }

    @Override
    public void scan(String column, int fromGroup, int toGroup, Consumer<ValueChunk> consumer) {
      int at = 0;
      for (int size : chunks) {
        long[] v = Arrays.copyOfRange(values, at, at + size);
        boolean[] valid = null;
        if (markValid) {
          valid = new boolean[size];
          Arrays.fill(valid, true);
        }
        long row = base + at;
        consumer.accept(switch (kind) {
          case INT64 -> new ValueChunk(0, row, v, null, false, null, valid);
          case INT32, UINT32 -> new ValueChunk(0, row, null, Arrays.stream(v).mapToInt(x -> (int) x).toArray(),
              kind == Kind.UINT32, null, valid);
          case FLOAT64 -> new ValueChunk(0, row, null, null, false,
              Arrays.stream(v).mapToDouble(Double::longBitsToDouble).toArray(), valid);
        });
        at += size;
      }
    }

    @Override
    public String describe(String column) {
      return null;
    }

    @Override
    public boolean isInteger(String column) {
      return kind != Kind.FLOAT64;
    }

    @Override
    public String describeKey(String column) {
      return "not used";
    }

    @Override
    public void scanRows(int rowGroup, List<String> columns, Consumer<Rows> consumer) {
      throw new UnsupportedOperationException();
    }
  }

  private static FileContext context(ColumnSource source) {
    return new FileContext(Path.of("f.parquet"), "f.parquet", null, null, null, null, source, new ReadAccounting(),
        0, 1);
  }

  /** Mostly rising values with repeats, drops, and (for floats) NaN and both zeros, around the kind's edges. */
  private static long[] values(Kind kind, Random random, int n) {
    long[] out = new long[n];
    long v = switch (kind) {
      case INT64 -> random.nextBoolean() ? 0 : Long.MAX_VALUE - n * 3L;
      case INT32 -> random.nextBoolean() ? Integer.MIN_VALUE : -n;
      case UINT32 -> random.nextBoolean() ? 0 : 0xFFFF_FFFFL - n * 3L;
      case FLOAT64 -> 0;
    };
    double d = random.nextBoolean() ? -1.5 : -0.0;
    for (int i = 0; i < n; i++) {
      int r = random.nextInt(100);
      if (kind == Kind.FLOAT64) {
        d = r < 3 ? Double.NaN : r < 6 ? d - 1 : r < 9 ? (random.nextBoolean() ? 0.0 : -0.0) : r < 20 ? d : d + 0.25;
        if (Double.isNaN(d)) {
          out[i] = Double.doubleToRawLongBits(d);
          d = i; // after a NaN, go on from a number
          continue;
        }
        out[i] = Double.doubleToRawLongBits(d);
      } else {
        v = r < 3 ? v - 1 - random.nextInt(5) : r < 15 ? v : v + 1 + (r < 20 ? random.nextInt(3) : 0);
        out[i] = kind == Kind.INT32 ? (int) v : kind == Kind.UINT32 ? v & 0xFFFF_FFFFL : v;
      }
    }
    return out;
  }

  /** The first row of a column of {@code n}: 0, or one that puts some of its rows past 2^31 - 1. */
  private static long base(Random random, int n) {
    return random.nextBoolean() ? 0 : Integer.MAX_VALUE - random.nextInt(n + 1);
  }

  /** The ids of rows {@code base..base+n) as {@code id} gives them, cut to the kind's width. */
  private static long[] ids(Kind kind, int n, long base, LongUnaryOperator id) {
    long[] v = new long[n];
    for (int i = 0; i < n; i++) {
      long x = id.applyAsLong(base + i);
      v[i] = kind == Kind.INT32 ? (int) x : kind == Kind.UINT32 ? x & 0xFFFF_FFFFL : x;
    }
    return v;
  }

  private static int[] chunks(Random random, int n) {
    List<Integer> sizes = new ArrayList<>();
    int left = n;
    while (left > 0) {
      int s = Math.min(left, 1 + random.nextInt(Math.max(1, n / 3)));
      sizes.add(s);
      left -= s;
    }
    return sizes.stream().mapToInt(Integer::intValue).toArray();
  }

  @Test
  void ascending_over_arrays_places_every_break_where_the_per_value_path_places_it() {
    Property.forAll(Gens.longs(0, Long.MAX_VALUE)).named("ascending loops").tries(300).check(seed -> {
      Random random = new Random(seed);
      Kind kind = Kind.values()[random.nextInt(Kind.values().length)];
      long[] v = values(kind, random, 1 + random.nextInt(200));
      int[] chunks = chunks(random, v.length);
      for (boolean strict : new boolean[] {false, true}) {
        AscendingRule rule = new AscendingRule(Severity.ERROR, List.of("x"), strict, false);
        assertEquals(rule.part(context(new Column(kind, v, chunks, true))),
            rule.part(context(new Column(kind, v, chunks, false))),
            kind + (strict ? " strictly" : "") + " over " + Arrays.toString(v));
      }
    });
  }

  /**
   * Also over long runs of right ids (which the loops screen a chunk at a time against the ids they expect), chunks
   * that shrink and grow again, and rows on both sides of 2^31 (where a 32-bit id can no longer be its row).
   */
  @Test
  void contiguous_ids_over_arrays_places_every_mismatch_where_the_per_value_path_places_it() {
    Property.forAll(Gens.longs(0, Long.MAX_VALUE)).named("contiguous-ids loops").tries(300).check(seed -> {
      Random random = new Random(seed);
      Kind kind = Kind.values()[random.nextInt(3)];
      int n = 1 + random.nextInt(random.nextBoolean() ? 200 : 5_000);
      int rarity = random.nextBoolean() ? 100 : 20_000; // defects in about 10% of rows, or in about one of 2,000
      long base = base(random, n);
      long[] v = ids(kind, n, base, row -> {
        int r = random.nextInt(rarity);
        return r < 5 ? row + 1 : r < 8 ? -1 : r < 10 ? row - 0x1_0000_0000L : row;
      });
      int[] chunks = chunks(random, n);
      ContiguousIdsRule rule = new ContiguousIdsRule(Severity.ERROR, List.of("x"));
      assertEquals(rule.part(context(new Column(kind, v, chunks, true, base))),
          rule.part(context(new Column(kind, v, chunks, false, base))),
          kind + " from row " + base + " over " + Arrays.toString(v));
    });
  }

  /**
   * After a short chunk, the next one is screened against the ids it must hold, not those the short chunk left past
   * its end: here rows 8 and 9 repeat the ids of rows 4 and 5 (a block written again), which those left-over
   * expectations would take for right.
   */
  @Test
  void a_block_of_ids_written_again_after_a_short_chunk_is_found() {
    long[] v = {0, 1, 2, 3, 4, 5, 6, 7, 4, 5};
    for (Kind kind : new Kind[] {Kind.INT64, Kind.INT32}) {
      ContiguousIdsRule.State part = new ContiguousIdsRule(Severity.ERROR, List.of("x"))
          .part(context(new Column(kind, v, new int[] {4, 2, 4}, false)));
      assertEquals(2, part.columns().get(0).mismatches(), kind + ": rows 8 and 9");
      assertEquals(Long.valueOf(8), part.columns().get(0).mismatchRow(), kind.name());
    }
  }

  /** The chunks {@code column} hands out, made once: a source that replays them, as one shared by two rules does. */
  private static ColumnSource replaying(Column column) {
    List<ValueChunk> chunks = new ArrayList<>();
    column.scan("x", chunks::add);
    return new ColumnSource() {
      @Override
      public void scan(String name, Consumer<ValueChunk> consumer) {
        chunks.forEach(consumer);
      }

      @Override
      public void scan(String name, int fromGroup, int toGroup, Consumer<ValueChunk> consumer) {
        chunks.forEach(consumer);
      }

      @Override
      public String describe(String name) {
        return column.describe(name);
      }

      @Override
      public boolean isInteger(String name) {
        return column.isInteger(name);
      }

      @Override
      public String describeKey(String name) {
        return column.describeKey(name);
      }

      @Override
      public void scanRows(int rowGroup, List<String> columns, Consumer<Rows> consumer) {
        column.scanRows(rowGroup, columns, consumer);
      }
    };
  }

  /**
   * {@code ascending} after {@code contiguous-ids} on the same chunks skips a chunk that the latter found to hold its
   * rows' numbers ({@link ValueChunk#isRowNumbers}): it finds what it finds alone, also where such a chunk comes after
   * a larger value, or after an equal one when strict.
   */
  @Test
  void ascending_after_contiguous_ids_on_the_same_chunks_finds_what_it_finds_alone() {
    Property.forAll(Gens.longs(0, Long.MAX_VALUE)).named("ascending after contiguous-ids").tries(300).check(seed -> {
      Random random = new Random(seed);
      Kind kind = Kind.values()[random.nextInt(3)];
      int n = 1 + random.nextInt(random.nextBoolean() ? 50 : 3_000);
      int rarity = random.nextBoolean() ? 50 : 5_000;
      long base = base(random, n);
      // right ids, a repeat of the one before, one ahead, one far above (the next chunk then starts below it)
      long[] v = ids(kind, n, base, row -> {
        int r = random.nextInt(rarity);
        return r == 0 ? row - 1 : r == 1 ? row + 1 : r == 2 ? row + 1_000_000 : row;
      });
      int[] chunks = chunks(random, n);
      for (boolean strict : new boolean[] {false, true}) {
        ColumnSource shared = replaying(new Column(kind, v, chunks, false, base));
        FileContext both = context(shared);
        new ContiguousIdsRule(Severity.ERROR, List.of("x")).part(both);
        AscendingRule rule = new AscendingRule(Severity.ERROR, List.of("x"), strict, false);
        assertEquals(rule.part(context(new Column(kind, v, chunks, false, base))), rule.part(both),
            kind + (strict ? " strictly" : "") + " from row " + base + " over " + Arrays.toString(v));
      }
    });
  }

  @Test
  void a_chunk_of_row_numbers_after_a_larger_value_still_breaks_the_order_once() {
    long[] v = {0, 1, 2, 9, 4, 5, 6, 7};
    ColumnSource shared = replaying(new Column(Kind.INT64, v, new int[] {4, 4}, false));
    FileContext both = context(shared);
    assertEquals(1, new ContiguousIdsRule(Severity.ERROR, List.of("x")).part(both).columns().get(0).mismatches());
    AscendingRule.Named named =
        new AscendingRule(Severity.ERROR, List.of("x"), true, false).part(both).columns().get(0);
    assertEquals(1, named.breaks(), "row 4's 4 after row 3's 9");
    assertEquals(4L, named.breakRow());
  }

  @Test
  void an_unsigned_value_past_the_signed_range_is_in_order_after_a_smaller_one() {
    long[] v = {1, 0x7FFF_FFFFL, 0x8000_0000L, 0xFFFF_FFFFL, 0x8000_0000L};
    AscendingRule rule = new AscendingRule(Severity.ERROR, List.of("x"), false, false);
    AscendingRule.Named named = rule.part(context(new Column(Kind.UINT32, v, new int[] {2, 3}, false))).columns()
        .get(0);
    assertEquals(1, named.breaks(), "only the last value, 2^31 after 2^32-1, breaks the order");
    assertEquals(4L, named.breakRow());
    assertEquals("2147483648", named.breakValue());
    assertEquals("4294967295", named.breakPrevious());
  }
}
