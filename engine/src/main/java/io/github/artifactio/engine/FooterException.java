package io.github.artifactio.engine;

import java.nio.file.Path;
import java.util.Objects;

/**
 * A file whose Parquet framing or footer is broken, found before any page is read: too small to be Parquet, a wrong
 * leading or trailing magic, an encrypted footer, a footer length the file cannot hold, a footer that does not decode
 * or that does not describe a file. {@link #problem()} says which; {@link #detail()} says it in words that name the
 * magic, the footer or its schema (there is no footer prefix in the message), without the file: what a validator
 * prints next to the file name it already shows.
 */
public final class FooterException extends ArtifactException {
  private static final long serialVersionUID = 1L;

  /** What is wrong with the framing or the footer. */
  public enum Problem {
    /** Fewer than the 12 bytes of the two magics and the footer length. */
    TOO_SMALL,
    /** The file does not end with {@code PAR1}. */
    NO_TRAILING_MAGIC,
    /** The file ends with {@code PARE}: its footer is encrypted, which the engine does not read. */
    ENCRYPTED_FOOTER,
    /** The file does not start with {@code PAR1}. */
    NO_LEADING_MAGIC,
    /** The footer length is zero, negative or longer than the file between the magics. */
    FOOTER_LENGTH,
    /** The footer's bytes are not Thrift's {@code FileMetaData}. */
    UNDECODABLE,
    /** The footer decodes but does not describe a file: a chunk without metadata, chunks that are not the leaves. */
    INCONSISTENT,
    /** The schema nests groups deeper than the engine reads ({@code Footer}'s bound), which no real writer does. */
    SCHEMA_TOO_DEEP
  }

  private final Problem problem;

  public FooterException(Path file, Problem problem, String detail, Throwable cause) {
    super(file, detail, cause);
    this.problem = Objects.requireNonNull(problem, "problem");
  }

  public Problem problem() {
    return problem;
  }
}
