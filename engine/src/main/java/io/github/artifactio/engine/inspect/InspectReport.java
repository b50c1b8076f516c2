package io.github.artifactio.engine.inspect;

import io.github.artifactio.engine.table.ColumnSpec;
import io.github.artifactio.engine.table.RowGroupInfo;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;

/**
 * What {@code inspect} shows about an artifact, as data: tools render it ({@link #render()}) or check it.
 *
 * @param metadata the footer's key-value metadata; {@code ARROW:schema} is decoded into {@link #arrowSchema} and
 *     left out here
 * @param arrowSchema the decoded {@code ARROW:schema}, one line per field, empty when the file has none
 * @param head the first rows (at most {@link Inspector#HEAD_ROWS}), each a list of cells in {@link #headColumns}
 *     order
 * @param notRead the columns whose head cells are missing, in schema order, each with why (a type the engine has
 *     no kind for, a codec it does not decode); the footer facts above are shown for them all the same
 */
public record InspectReport(
    Path path,
    long rows,
    String createdBy,
    List<ColumnSpec> schema,
    List<RowGroupInfo> rowGroups,
    SortedMap<String, String> metadata,
    List<String> arrowSchema,
    List<String> headColumns,
    List<List<String>> head,
    Map<String, String> notRead) {

  public InspectReport {
    notRead = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(notRead));
  }

  /** The text {@code inspect} prints. */
  public String render() {
    return TextRenderer.render(this);
  }
}
