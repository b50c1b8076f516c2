package io.github.artifactio.engine.inspect;

import io.github.artifactio.engine.table.ColumnChunkInfo;
import io.github.artifactio.engine.table.ColumnSpec;
import io.github.artifactio.engine.table.RowGroupInfo;
import java.util.List;
import java.util.Map;

/** The text layout of an {@link InspectReport}. */
final class TextRenderer {
  private TextRenderer() {}

  static String render(InspectReport r) {
    StringBuilder b = new StringBuilder();
    b.append("artifact: ").append(r.path()).append('\n');
    b.append("rows: ").append(r.rows()).append('\n');
    b.append("created_by: ").append(r.createdBy()).append('\n');
    b.append("schema:\n");
    for (ColumnSpec s : r.schema()) {
      b.append("  ").append(s.name()).append(": ").append(s.describe());
      if (s.decodedAs() == null) {
        b.append("  [not readable by the engine: ").append(s.parquetType()).append(']');
      }
      b.append('\n');
    }
    b.append("row groups: ").append(r.rowGroups().size()).append('\n');
    for (RowGroupInfo g : r.rowGroups()) {
      b.append("  #").append(g.index()).append(": ").append(g.rows()).append(" rows from row ").append(g.firstRow())
          .append(", ").append(g.compressedByteSize()).append(" bytes (").append(g.totalByteSize())
          .append(" uncompressed)\n");
      for (ColumnChunkInfo c : g.chunks()) {
        b.append("    ").append(c.path()).append(": ").append(c.codec()).append(' ').append(c.encodings())
            .append(", ").append(c.compressedBytes()).append(" bytes")
            .append(c.hasColumnIndex() ? ", column index" : ", no column index")
            .append(c.hasOffsetIndex() ? ", offset index" : ", no offset index");
        c.statistics().ifPresent(s -> b.append("; ").append(s));
        b.append('\n');
      }
    }
    b.append("key-value metadata:\n");
    if (!r.arrowSchema().isEmpty()) {
      b.append("  ARROW:schema (decoded):\n");
      for (String line : r.arrowSchema()) {
        b.append("    ").append(line).append('\n');
      }
    }
    for (Map.Entry<String, String> e : r.metadata().entrySet()) {
      b.append("  ").append(e.getKey()).append(" = ").append(e.getValue()).append('\n');
    }
    b.append("head (first ").append(r.head().size()).append(" rows):\n");
    table(b, r.headColumns(), r.head());
    if (!r.notRead().isEmpty()) {
      b.append("not read:\n");
      r.notRead().forEach((column, why) -> b.append("  ").append(column).append(": ").append(why).append('\n'));
    }
    return b.toString();
  }

  private static void table(StringBuilder b, List<String> columns, List<List<String>> rows) {
    int[] width = new int[columns.size()];
    for (int c = 0; c < columns.size(); c++) {
      width[c] = columns.get(c).codePointCount(0, columns.get(c).length());
      for (List<String> row : rows) {
        width[c] = Math.max(width[c], row.get(c).codePointCount(0, row.get(c).length()));
      }
    }
    line(b, width);
    row(b, columns, width);
    line(b, width);
    for (List<String> row : rows) {
      row(b, row, width);
    }
    line(b, width);
  }

  private static void line(StringBuilder b, int[] width) {
    b.append("  +");
    for (int w : width) {
      b.append("-".repeat(w + 2)).append('+');
    }
    b.append('\n');
  }

  private static void row(StringBuilder b, List<String> cells, int[] width) {
    b.append("  |");
    for (int c = 0; c < cells.size(); c++) {
      String s = cells.get(c);
      b.append(' ').append(s).append(" ".repeat(width[c] - s.codePointCount(0, s.length()))).append(" |");
    }
    b.append('\n');
  }
}
