package io.github.artifactio.engine.layout;

import java.util.Objects;
import java.util.Optional;

/**
 * What decoding the values of one column chunk with the engine's reader gave (from
 * {@code TableFile.walkPagesAndValues}, on the chunk of each top-level column's leaf).
 *
 * @param column the top-level column
 * @param page for {@link Status#FAILED} and {@link Status#NULL_LIST_ITEMS}, the page being decoded when the value
 *     failed (a data page, or the dictionary); empty where the chunk ended before the rows its row group declares
 * @param row for {@link Status#FAILED} and {@link Status#NULL_LIST_ITEMS}, the first file row that does not decode
 *     (0-based, whole-file), else -1
 * @param detail empty for {@link Status#DECODED}; else why ({@code type Decimal128(10, 2)}, {@code codec LZ4},
 *     {@code the page at byte 4 did not pass the page walk}, or the decoder's own words)
 */
public record ValueDecoding(String column, Status status, Optional<PageLayout> page, long row, String detail) {
  public enum Status {
    /** Every value of the chunk decoded. */
    DECODED,
    /** Not decoded: a type outside the model, a codec the engine does not read, or a page the walk refused. */
    NOT_DECODED,
    /** A value does not decode: {@code page} and {@code row} say where. */
    FAILED,
    /**
     * Valid Parquet the model cannot hold: a list column with a null item (every other reader reads it; the engine's
     * list columns have no null items). {@code page} and {@code row} say where the first one is.
     */
    NULL_LIST_ITEMS
  }

  public ValueDecoding {
    Objects.requireNonNull(column, "column");
    Objects.requireNonNull(status, "status");
    Objects.requireNonNull(page, "page");
    Objects.requireNonNull(detail, "detail");
  }
}
