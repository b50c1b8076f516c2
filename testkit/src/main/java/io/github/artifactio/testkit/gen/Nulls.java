package io.github.artifactio.testkit.gen;

/** How many of a nullable column's rows are null. */
public enum Nulls {
  /** No row is null (a nullable column that happens to be full). */
  NEVER,
  /** Some rows are null, each with a probability drawn per column. */
  SOMETIMES,
  /** Every row is null. */
  ALWAYS
}
