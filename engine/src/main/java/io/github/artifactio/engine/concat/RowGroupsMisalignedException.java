package io.github.artifactio.engine.concat;

import io.github.artifactio.engine.ArtifactException;
import java.nio.file.Path;

/**
 * A columns-axis concatenation refused because an input's row groups do not line up with input 0's and re-encoding
 * was not allowed. Its message names the option that allows it in the caller's own spelling: the API's
 * ({@code ConcatOptions.reencode(true)}) by default, a front end's ({@code --reencode} on the command line) through
 * {@link #spelling}, so that a user is never told of an option their tool does not have.
 */
public final class RowGroupsMisalignedException extends ArtifactException {
  private static final long serialVersionUID = 1L;

  /** How the Java API spells the option that re-encodes. */
  public static final String API_SPELLING = "ConcatOptions.reencode(true)";

  private final transient Path destination;
  private final transient Path reference;
  private final int input;
  private final String boundary;

  RowGroupsMisalignedException(Path file, Path destination, int input, Path reference, String boundary) {
    this(file, destination, input, reference, boundary, API_SPELLING);
  }

  private RowGroupsMisalignedException(
      Path file, Path destination, int input, Path reference, String boundary, String option) {
    super(file, "concat columns into " + destination + ": the row groups of input " + input
        + " do not line up with input 0's (" + reference + "): " + boundary + "; " + option
        + " re-encodes its columns to input 0's row groups");
    this.destination = destination;
    this.reference = reference;
    this.input = input;
    this.boundary = boundary;
  }

  /** The same refusal naming the option as {@code option} (for example {@code "--reencode"}). */
  public RowGroupsMisalignedException spelling(String option) {
    RowGroupsMisalignedException e =
        new RowGroupsMisalignedException(file().orElseThrow(), destination, input, reference, boundary, option);
    e.setStackTrace(getStackTrace());
    return e;
  }

  /** The index of the input whose row groups differ from input 0's. */
  public int input() {
    return input;
  }

  /** The first row-group boundary where they differ, in words. */
  public String boundary() {
    return boundary;
  }
}
