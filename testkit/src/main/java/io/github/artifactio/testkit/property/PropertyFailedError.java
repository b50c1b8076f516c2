package io.github.artifactio.testkit.property;

import org.opentest4j.AssertionFailedError;

/**
 * A property that did not hold: the message names the property, the shrunk counterexample, the original one, the seed
 * and how to replay it; the cause is the failure of the shrunk counterexample.
 */
public final class PropertyFailedError extends AssertionFailedError {
  private static final long serialVersionUID = 1L;

  private final transient Object counterexample;
  private final transient Object original;
  private final String property;
  private final long seed;
  private final int tryNumber;

  PropertyFailedError(
      String message, String property, Object counterexample, Object original, long seed, int tryNumber,
      Throwable cause) {
    super(message, cause);
    this.property = property;
    this.counterexample = counterexample;
    this.original = original;
    this.seed = seed;
    this.tryNumber = tryNumber;
  }

  /** The same failure with {@code line} added to its message (where a shrunk case was saved, say). */
  public PropertyFailedError withNote(String line) {
    PropertyFailedError e = new PropertyFailedError(
        getMessage() + "\n  " + line, property, counterexample, original, seed, tryNumber, getCause());
    e.setStackTrace(getStackTrace());
    return e;
  }

  /** The property's name. */
  public String property() {
    return property;
  }

  /** The shrunk counterexample. */
  public Object counterexample() {
    return counterexample;
  }

  /** The counterexample as first generated. */
  public Object original() {
    return original;
  }

  /** The seed that replays the run ({@code .seed(seed)} or {@code -Dartifact-io.seed=seed}). */
  public long seed() {
    return seed;
  }

  /** The 1-based try that failed. */
  public int tryNumber() {
    return tryNumber;
  }
}
