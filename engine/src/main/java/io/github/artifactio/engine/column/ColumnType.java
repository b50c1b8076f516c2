package io.github.artifactio.engine.column;

import java.util.Optional;

/**
 * The column kinds of the model: what a stage can write, and what a reader decodes into. Each maps to one Arrow type,
 * named here as the Rust engine names it ({@code Int64}, {@code List(Float32)}, ...), and to one Parquet layout.
 */
public enum ColumnType {
  INT64("Int64", Leaf.INT64, Shape.SCALAR, false),
  INT32("Int32", Leaf.INT32, Shape.SCALAR, false),
  UINT32("UInt32", Leaf.UINT32, Shape.SCALAR, false),
  FLOAT64("Float64", Leaf.FLOAT64, Shape.SCALAR, false),
  FLOAT32("Float32", Leaf.FLOAT32, Shape.SCALAR, false),
  BOOL("Boolean", Leaf.BOOL, Shape.SCALAR, false),
  UTF8("Utf8", Leaf.UTF8, Shape.SCALAR, false),
  OPT_INT64("Int64", Leaf.INT64, Shape.SCALAR, true),
  OPT_INT32("Int32", Leaf.INT32, Shape.SCALAR, true),
  OPT_UINT32("UInt32", Leaf.UINT32, Shape.SCALAR, true),
  OPT_FLOAT64("Float64", Leaf.FLOAT64, Shape.SCALAR, true),
  OPT_FLOAT32("Float32", Leaf.FLOAT32, Shape.SCALAR, true),
  OPT_BOOL("Boolean", Leaf.BOOL, Shape.SCALAR, true),
  OPT_UTF8("Utf8", Leaf.UTF8, Shape.SCALAR, true),
  /** {@code List(Field("item", Float32, nullable))}, 32-bit offsets; the list itself is nullable. */
  LIST_FLOAT32("List(Float32)", Leaf.FLOAT32, Shape.LIST, true),
  LIST_FLOAT64("List(Float64)", Leaf.FLOAT64, Shape.LIST, true),
  /** {@code LargeList(Field("item", Float32, nullable))}: 64-bit offsets, for more than 2^31 values in a column. */
  LARGE_LIST_FLOAT32("LargeList(Float32)", Leaf.FLOAT32, Shape.LARGE_LIST, true);

  /** The value type of the column's single Parquet leaf. */
  public enum Leaf {
    INT64,
    INT32,
    UINT32,
    FLOAT64,
    FLOAT32,
    BOOL,
    UTF8;

    /** The short name the accessors' messages use (the Rust engine's: {@code f64}, {@code utf8}, ...). */
    public String shortName() {
      return switch (this) {
        case INT64 -> "i64";
        case INT32 -> "i32";
        case UINT32 -> "u32";
        case FLOAT64 -> "f64";
        case FLOAT32 -> "f32";
        case BOOL -> "bool";
        case UTF8 -> "utf8";
      };
    }
  }

  /** Whether a row holds one value or a list of values, and the width of the list offsets. */
  public enum Shape {
    SCALAR,
    LIST,
    LARGE_LIST
  }

  private final String arrowName;
  private final Leaf leaf;
  private final Shape shape;
  private final boolean nullable;

  ColumnType(String arrowName, Leaf leaf, Shape shape, boolean nullable) {
    this.arrowName = arrowName;
    this.leaf = leaf;
    this.shape = shape;
    this.nullable = nullable;
  }

  /** The Arrow type, as the Rust engine prints it. */
  public String arrowName() {
    return arrowName;
  }

  public Leaf leaf() {
    return leaf;
  }

  public Shape shape() {
    return shape;
  }

  /** Whether the Arrow field is nullable (the Opt* kinds and every list kind). */
  public boolean nullable() {
    return nullable;
  }

  public boolean isList() {
    return shape != Shape.SCALAR;
  }

  /** The scalar kind with this leaf and nullability (every leaf has both). */
  public static ColumnType scalar(Leaf leaf, boolean nullable) {
    return of(leaf, Shape.SCALAR, nullable)
        .orElseThrow(() -> new IllegalArgumentException("no scalar kind for " + leaf));
  }

  /**
   * The kind with this leaf, shape and nullability, where the model has one: readers map a file's field to a kind
   * this way, so a new kind is read as soon as it is declared here.
   */
  public static Optional<ColumnType> of(Leaf leaf, Shape shape, boolean nullable) {
    for (ColumnType t : values()) {
      if (t.shape == shape && t.leaf == leaf && t.nullable == nullable) {
        return Optional.of(t);
      }
    }
    return Optional.empty();
  }
}
