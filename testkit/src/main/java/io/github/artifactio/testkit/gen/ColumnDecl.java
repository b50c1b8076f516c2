package io.github.artifactio.testkit.gen;

import io.github.artifactio.engine.column.ColumnType;
import java.util.Objects;

/**
 * A column to generate: its name, its kind, and for a nullable kind how many of its rows are null ({@link Nulls#NEVER}
 * for the required kinds).
 */
public record ColumnDecl(String name, ColumnType kind, Nulls nulls) {
  public ColumnDecl {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(nulls, "nulls");
    if (!kind.nullable() && nulls != Nulls.NEVER) {
      throw new IllegalArgumentException("column '" + name + "' of required kind " + kind + " cannot hold nulls");
    }
  }

  @Override
  public String toString() {
    return name + ":" + kind + (kind.nullable() ? "/" + nulls : "");
  }
}
