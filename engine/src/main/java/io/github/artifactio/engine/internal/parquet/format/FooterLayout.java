package io.github.artifactio.engine.internal.parquet.format;

import io.github.artifactio.engine.FooterException.Problem;
import io.github.artifactio.engine.layout.ColumnChunkLayout;
import io.github.artifactio.engine.layout.FileLayout;
import io.github.artifactio.engine.layout.IndexLocation;
import io.github.artifactio.engine.layout.LeafLayout;
import io.github.artifactio.engine.layout.RowGroupLayout;
import io.github.artifactio.engine.layout.SortingColumn;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.apache.parquet.format.ColumnChunk;
import org.apache.parquet.format.ColumnMetaData;
import org.apache.parquet.format.Encoding;
import org.apache.parquet.format.FieldRepetitionType;
import org.apache.parquet.format.RowGroup;
import org.apache.parquet.format.SchemaElement;

/**
 * The public {@link FileLayout} of a decoded footer, straight from the Thrift structures (parquet-java's metadata
 * drops {@code sorting_columns}). Building it also checks that the footer describes a file the readers can address:
 * a schema whose element counts add up, and in every row group one column chunk with metadata per leaf, in leaf
 * order; anything else is a {@link io.github.artifactio.engine.FooterException} ({@link Problem#INCONSISTENT}), so a
 * hostile footer is refused before a reader indexes a chunk by its leaf.
 */
public final class FooterLayout {
  private FooterLayout() {}

  public static FileLayout of(Footer f) {
    List<LeafLayout> leaves = leaves(f);
    List<RowGroupLayout> groups = new ArrayList<>();
    List<RowGroup> rowGroups = f.metadata.getRow_groups() == null ? List.of() : f.metadata.getRow_groups();
    long first = 0;
    for (int g = 0; g < rowGroups.size(); g++) {
      RowGroup rg = rowGroups.get(g);
      List<ColumnChunk> columns = rg.getColumns() == null ? List.of() : rg.getColumns();
      if (columns.size() != leaves.size()) {
        throw inconsistent(f, "row group " + g + " has " + columns.size() + " column chunks but the schema has "
            + leaves.size() + " leaves");
      }
      List<ColumnChunkLayout> chunks = new ArrayList<>(columns.size());
      long compressed = 0;
      for (int i = 0; i < columns.size(); i++) {
        ColumnChunkLayout c = chunk(f, g, leaves.get(i), columns.get(i));
        compressed += c.compressedBytes();
        chunks.add(c);
      }
      List<SortingColumn> sorting = new ArrayList<>();
      if (rg.isSetSorting_columns()) {
        for (org.apache.parquet.format.SortingColumn s : rg.getSorting_columns()) {
          sorting.add(new SortingColumn(s.getColumn_idx(), s.isDescending(), s.isNulls_first()));
        }
      }
      groups.add(new RowGroupLayout(g, first, rg.getNum_rows(), rg.getTotal_byte_size(), compressed, sorting, chunks));
      first += rg.getNum_rows();
    }
    return new FileLayout(f.path, f.fileBytes, f.footerBytes, f.metadata.getNum_rows(),
        Optional.ofNullable(f.metadata.getCreated_by()), leaves, groups);
  }

  private static ColumnChunkLayout chunk(Footer f, int g, LeafLayout leaf, ColumnChunk c) {
    ColumnMetaData m = c.getMeta_data();
    if (m == null) {
      throw inconsistent(f, "row group " + g + ", column chunk " + leaf.index() + " ('" + leaf.path()
          + "') has no metadata (a column encrypted with its own key, which this engine does not read)");
    }
    String path = m.getPath_in_schema() == null ? "" : String.join(".", m.getPath_in_schema());
    if (!path.equals(leaf.path())) {
      throw inconsistent(f, "row group " + g + ", column chunk " + leaf.index() + " is '" + path + "', but leaf "
          + leaf.index() + " of the schema is '" + leaf.path() + "'");
    }
    List<String> encodings = new ArrayList<>();
    if (m.getEncodings() != null) {
      for (Encoding e : m.getEncodings()) {
        encodings.add(e == null ? "UNKNOWN" : e.name());
      }
    }
    return new ColumnChunkLayout(
        g,
        leaf.index(),
        path,
        m.getType().name(),
        m.getCodec().name(),
        encodings,
        m.isSetDictionary_page_offset() ? OptionalLong.of(m.getDictionary_page_offset()) : OptionalLong.empty(),
        m.getData_page_offset(),
        m.getTotal_compressed_size(),
        m.getTotal_uncompressed_size(),
        m.getNum_values(),
        m.isSetStatistics(),
        c.isSetColumn_index_offset()
            ? Optional.of(new IndexLocation(c.getColumn_index_offset(), c.getColumn_index_length()))
            : Optional.empty(),
        c.isSetOffset_index_offset()
            ? Optional.of(new IndexLocation(c.getOffset_index_offset(), c.getOffset_index_length()))
            : Optional.empty());
  }

  /** One frame of the depth-first walk over the flat schema: a group, how many children it has left, its levels. */
  private record Group(String path, int childrenLeft, int def, int rep) {}

  /**
   * The leaves of the flat, depth-first schema list: each group element says how many children follow it. Walked
   * with an explicit stack, so a hostile schema nested a million deep costs a list, not the thread's stack.
   */
  private static List<LeafLayout> leaves(Footer f) {
    List<SchemaElement> schema = f.metadata.getSchema();
    if (schema == null || schema.isEmpty()) {
      throw inconsistent(f, "the schema has no root element");
    }
    SchemaElement root = schema.get(0);
    if (root.getNum_children() < 0) {
      throw inconsistent(f, "the schema's root has " + root.getNum_children() + " children");
    }
    List<LeafLayout> out = new ArrayList<>();
    Deque<Group> open = new ArrayDeque<>();
    open.push(new Group("", root.getNum_children(), 0, 0));
    int i = 1;
    while (!open.isEmpty()) {
      Group parent = open.pop();
      if (parent.childrenLeft() == 0) {
        continue;
      }
      open.push(new Group(parent.path(), parent.childrenLeft() - 1, parent.def(), parent.rep()));
      if (i >= schema.size()) {
        throw inconsistent(f, "the schema declares more children than its " + schema.size() + " elements hold");
      }
      SchemaElement e = schema.get(i++);
      if (e.getName() == null || e.getName().isEmpty()) {
        throw inconsistent(f, "schema element " + (i - 1) + (parent.path().isEmpty() ? "" : " (in '"
            + parent.path() + "')") + " has an empty name");
      }
      String path = parent.path().isEmpty() ? e.getName() : parent.path() + "." + e.getName();
      FieldRepetitionType r = e.getRepetition_type();
      int def = parent.def() + (r == FieldRepetitionType.OPTIONAL || r == FieldRepetitionType.REPEATED ? 1 : 0);
      int rep = parent.rep() + (r == FieldRepetitionType.REPEATED ? 1 : 0);
      if (e.isSetNum_children()) {
        if (e.getNum_children() < 0) {
          throw inconsistent(f, "schema element '" + path + "' has " + e.getNum_children() + " children");
        }
        open.push(new Group(path, e.getNum_children(), def, rep));
      } else if (e.getType() == null) {
        throw inconsistent(f, "schema element '" + path + "' is neither a group nor a primitive");
      } else {
        out.add(new LeafLayout(out.size(), path, e.getType().name(), def, rep));
      }
    }
    if (i != schema.size()) {
      throw inconsistent(f, "the schema has " + schema.size() + " elements, but its groups account for " + i);
    }
    return out;
  }

  private static io.github.artifactio.engine.FooterException inconsistent(Footer f, String detail) {
    return Footer.problem(f.path, Problem.INCONSISTENT, "the footer does not describe the file: " + detail, null);
  }
}
