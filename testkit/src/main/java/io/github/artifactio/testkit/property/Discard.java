package io.github.artifactio.testkit.property;

/**
 * Thrown to reject a generated value: by {@link Gen#filter} when no value passed, or by a check through
 * {@link Property#assume}. A try that throws it does not count; too many of them fail the property.
 */
public final class Discard extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public Discard(String reason) {
    super(reason, null, false, false);
  }
}
