package io.github.artifactio.engine.column;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.github.artifactio.engine.table.Fixtures;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Every record calls the visitor method of its own kind, and hands its leaf's values over as they are. */
class VisitorTest {
  private static final List<Column> EVERY_KIND = Fixtures.everyKind(40, 3);

  @Test
  void the_fixtures_hold_every_kind_once() {
    Set<ColumnType> kinds = EnumSet.noneOf(ColumnType.class);
    EVERY_KIND.forEach(c -> kinds.add(c.type()));
    assertEquals(EnumSet.allOf(ColumnType.class), kinds);
    assertEquals(ColumnType.values().length, EVERY_KIND.size());
  }

  @Test
  void accept_calls_the_method_of_the_columns_own_kind_with_the_column_itself() {
    for (Column c : EVERY_KIND) {
      assertEquals(c.type(), c.accept(KIND), c.name());
      assertSame(c, c.accept(SELF), c.name());
    }
  }

  @Test
  void accept_values_hands_over_the_leafs_array_and_its_validity_where_values_may_be_null() {
    for (Column c : EVERY_KIND) {
      Object[] seen = c.acceptValues(ARRAYS);
      assertEquals(c.type().leaf(), seen[0], c.name());
      boolean[] valid = (boolean[]) seen[2];
      if (c.type().nullable() && !c.type().isList()) {
        assertEquals(c.length(), valid.length, c.name());
        for (int i = 0; i < c.length(); i++) {
          assertEquals(c.isNull(i), !valid[i], c.name() + " row " + i);
        }
      } else {
        assertNull(valid, c.name() + ": required values and list items are never null");
      }
    }
    ListFloat32Column list = (ListFloat32Column) EVERY_KIND.stream()
        .filter(c -> c.type() == ColumnType.LIST_FLOAT32).findFirst().orElseThrow();
    assertSame(list.values(), list.acceptValues(ARRAYS)[1], "a list's values are its items, not copied");
  }

  /** The leaf, the array and the validity handed over. */
  private static final ValueVisitor<Object[]> ARRAYS = new ValueVisitor<>() {
    @Override
    public Object[] int64(long[] values, boolean[] valid) {
      return new Object[] {ColumnType.Leaf.INT64, values, valid};
    }

    @Override
    public Object[] int32(int[] values, boolean[] valid) {
      return new Object[] {ColumnType.Leaf.INT32, values, valid};
    }

    @Override
    public Object[] uint32(int[] values, boolean[] valid) {
      return new Object[] {ColumnType.Leaf.UINT32, values, valid};
    }

    @Override
    public Object[] float64(double[] values, boolean[] valid) {
      return new Object[] {ColumnType.Leaf.FLOAT64, values, valid};
    }

    @Override
    public Object[] float32(float[] values, boolean[] valid) {
      return new Object[] {ColumnType.Leaf.FLOAT32, values, valid};
    }

    @Override
    public Object[] bool(boolean[] values, boolean[] valid) {
      return new Object[] {ColumnType.Leaf.BOOL, values, valid};
    }

    @Override
    public Object[] utf8(byte[] data, int[] offsets, boolean[] valid) {
      return new Object[] {ColumnType.Leaf.UTF8, data, valid};
    }
  };

  /** The kind whose method was called. */
  private static final ColumnVisitor<ColumnType> KIND = new ColumnVisitor<>() {
    @Override
    public ColumnType int64(Int64Column c) {
      return ColumnType.INT64;
    }

    @Override
    public ColumnType int32(Int32Column c) {
      return ColumnType.INT32;
    }

    @Override
    public ColumnType uint32(UInt32Column c) {
      return ColumnType.UINT32;
    }

    @Override
    public ColumnType float64(Float64Column c) {
      return ColumnType.FLOAT64;
    }

    @Override
    public ColumnType float32(Float32Column c) {
      return ColumnType.FLOAT32;
    }

    @Override
    public ColumnType bool(BoolColumn c) {
      return ColumnType.BOOL;
    }

    @Override
    public ColumnType utf8(Utf8Column c) {
      return ColumnType.UTF8;
    }

    @Override
    public ColumnType optInt64(OptInt64Column c) {
      return ColumnType.OPT_INT64;
    }

    @Override
    public ColumnType optInt32(OptInt32Column c) {
      return ColumnType.OPT_INT32;
    }

    @Override
    public ColumnType optUInt32(OptUInt32Column c) {
      return ColumnType.OPT_UINT32;
    }

    @Override
    public ColumnType optFloat64(OptFloat64Column c) {
      return ColumnType.OPT_FLOAT64;
    }

    @Override
    public ColumnType optFloat32(OptFloat32Column c) {
      return ColumnType.OPT_FLOAT32;
    }

    @Override
    public ColumnType optBool(OptBoolColumn c) {
      return ColumnType.OPT_BOOL;
    }

    @Override
    public ColumnType optUtf8(OptUtf8Column c) {
      return ColumnType.OPT_UTF8;
    }

    @Override
    public ColumnType listFloat32(ListFloat32Column c) {
      return ColumnType.LIST_FLOAT32;
    }

    @Override
    public ColumnType listFloat64(ListFloat64Column c) {
      return ColumnType.LIST_FLOAT64;
    }

    @Override
    public ColumnType largeListFloat32(LargeListFloat32Column c) {
      return ColumnType.LARGE_LIST_FLOAT32;
    }
  };

  /** The column the method was called with. */
  private static final ColumnVisitor<Column> SELF = new ColumnVisitor<>() {
    @Override
    public Column int64(Int64Column c) {
      return c;
    }

    @Override
    public Column int32(Int32Column c) {
      return c;
    }

    @Override
    public Column uint32(UInt32Column c) {
      return c;
    }

    @Override
    public Column float64(Float64Column c) {
      return c;
    }

    @Override
    public Column float32(Float32Column c) {
      return c;
    }

    @Override
    public Column bool(BoolColumn c) {
      return c;
    }

    @Override
    public Column utf8(Utf8Column c) {
      return c;
    }

    @Override
    public Column optInt64(OptInt64Column c) {
      return c;
    }

    @Override
    public Column optInt32(OptInt32Column c) {
      return c;
    }

    @Override
    public Column optUInt32(OptUInt32Column c) {
      return c;
    }

    @Override
    public Column optFloat64(OptFloat64Column c) {
      return c;
    }

    @Override
    public Column optFloat32(OptFloat32Column c) {
      return c;
    }

    @Override
    public Column optBool(OptBoolColumn c) {
      return c;
    }

    @Override
    public Column optUtf8(OptUtf8Column c) {
      return c;
    }

    @Override
    public Column listFloat32(ListFloat32Column c) {
      return c;
    }

    @Override
    public Column listFloat64(ListFloat64Column c) {
      return c;
    }

    @Override
    public Column largeListFloat32(LargeListFloat32Column c) {
      return c;
    }
  };
}
