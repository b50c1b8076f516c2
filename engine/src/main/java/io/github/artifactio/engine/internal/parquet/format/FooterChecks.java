package io.github.artifactio.engine.internal.parquet.format;

import io.github.artifactio.engine.ArtifactException;
import io.github.artifactio.engine.layout.ColumnChunkLayout;
import io.github.artifactio.engine.layout.FileLayout;
import io.github.artifactio.engine.layout.LeafLayout;
import io.github.artifactio.engine.layout.RowGroupLayout;
import java.nio.file.Path;
import java.util.List;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Type;

/**
 * What the footer says twice, checked to agree before the table readers trust it, since a footer field changed by one
 * (a row group's rows 200 -> 199, a column made OPTIONAL) otherwise reads as other values with no error: page CRCs
 * cover page bodies only. The row groups' rows add up to the file's; a column chunk has its leaf's physical type (and
 * statistics of its width) and lies in the data region; a column chunk of a leaf that is not repeated
 * holds one value (or null) per row, and one of a repeated leaf at least one per row; where the footer has an
 * {@code ARROW:schema}, each field's nullability is its Parquet repetition and its physical type the one its Arrow type
 * is stored as. The layout itself stays as the footer says (the {@code structure} rule reports these as findings).
 */
public final class FooterChecks {
  private FooterChecks() {}

  public static void check(Path path, FileLayout layout, MessageType schema, List<Field> arrow) {
    long sum = 0;
    for (RowGroupLayout g : layout.rowGroups()) {
      if (g.rows() < 0) {
        throw contradiction(path, null, g.index(), "the footer declares " + g.rows() + " rows for the row group");
      }
      sum += g.rows();
      for (ColumnChunkLayout c : g.chunks()) {
        LeafLayout leaf = layout.leaves().get(c.leaf());
        if (!c.physicalType().equals(leaf.physicalType())) {
          throw contradiction(path, c.path(), g.index(), "the footer's column chunk is " + c.physicalType()
              + " but the schema's leaf is " + leaf.physicalType());
        }
        long start = c.startOffset();
        long end = start + c.compressedBytes();
        // read with one allocation of its declared size: it must lie in the data region, which the file holds
        if (start < 4 || c.compressedBytes() < 0 || end > layout.footerStart()) {
          throw contradiction(path, c.path(), g.index(), "the footer's column chunk spans bytes " + start + ".." + end
              + ", outside the data region 4.." + layout.footerStart());
        }
        boolean repeated = leaf.maxRepetitionLevel() > 0;
        if (repeated ? c.valueCount() < g.rows() : c.valueCount() != g.rows()) {
          throw contradiction(path, c.path(), g.index(), "the footer declares " + g.rows()
              + " rows for the row group but " + c.valueCount() + " values for its column chunk"
              + (repeated ? ", fewer than one per row" : ", not one per row"));
        }
      }
    }
    if (sum != layout.rows()) {
      throw contradiction(path, null, null, "the row groups hold " + sum + " rows but the footer declares "
          + layout.rows());
    }
    if (arrow == null) {
      return;
    }
    for (Type t : schema.getFields()) {
      if (t.getRepetition() == Type.Repetition.REPEATED) {
        continue;
      }
      for (Field f : arrow) {
        if (!t.getName().equals(f.getName())) {
          continue;
        }
        boolean optional = t.getRepetition() == Type.Repetition.OPTIONAL;
        if (f.isNullable() != optional) {
          throw contradiction(path, t.getName(), null, "it is " + t.getRepetition()
              + " in the footer's Parquet schema but " + (f.isNullable() ? "nullable" : "not nullable")
              + " in ARROW:schema");
        }
        PrimitiveType leaf = leaf(t);
        PrimitiveTypeName expected = physical(f);
        if (leaf != null && expected != null && leaf.getPrimitiveTypeName() != expected) {
          throw contradiction(path, t.getName(), null, "it is "
              + leaf.getPrimitiveTypeName() + " in the footer's Parquet schema but " + Schemas.arrowName(f)
              + " in ARROW:schema, which is stored as " + expected);
        }
      }
    }
  }

  /**
   * Each chunk's statistics against its physical type: a fixed-width type's min and max take its width, so a physical
   * type changed to one of another width (a DOUBLE column declared INT32) shows before a page is read, whatever the
   * encoding (DELTA_BINARY_PACKED reads INT64 data as INT32 without a complaint). A change between types of the same
   * width (INT32 and FLOAT) leaves nothing to compare: only the content hash tells.
   */
  public static void statistics(Path path, org.apache.parquet.format.FileMetaData md) {
    List<org.apache.parquet.format.RowGroup> groups = md.getRow_groups() == null ? List.of() : md.getRow_groups();
    for (int g = 0; g < groups.size(); g++) {
      for (org.apache.parquet.format.ColumnChunk c : groups.get(g).getColumns()) {
        org.apache.parquet.format.ColumnMetaData m = c.getMeta_data();
        if (m == null || !m.isSetStatistics() || m.getType() == null) {
          continue;
        }
        int width = width(m.getType());
        org.apache.parquet.format.Statistics s = m.getStatistics();
        for (byte[] v : new byte[][] {s.getMin_value(), s.getMax_value(), s.getMin(), s.getMax()}) {
          if (width > 0 && v != null && v.length != width) {
            String column = String.join(".", m.getPath_in_schema());
            throw contradiction(path, column, g, "the footer's statistics of the column chunk have " + v.length
                + " bytes a value, but its physical type " + m.getType() + " takes " + width);
          }
        }
      }
    }
  }

  private static int width(org.apache.parquet.format.Type type) {
    switch (type) {
      case BOOLEAN:
        return 1;
      case INT32:
      case FLOAT:
        return 4;
      case INT64:
      case DOUBLE:
        return 8;
      case INT96:
        return 12;
      default:
        return -1; // byte arrays, whose statistics may be truncated
    }
  }

  /** A primitive field, or the leaf of a one-level list; null for other groups. */
  private static PrimitiveType leaf(Type t) {
    return t.isPrimitive() ? t.asPrimitiveType() : Schemas.listItem(t.asGroupType());
  }

  /**
   * The Parquet physical type an Arrow writer stores a field of this Arrow type as (a list's: its item's), for the
   * types whose storage is fixed; null where several are possible (timestamps, decimals) or the type is another.
   */
  private static PrimitiveTypeName physical(Field f) {
    ArrowType t = f.getType();
    if ((t instanceof ArrowType.List || t instanceof ArrowType.LargeList) && f.getChildren().size() == 1) {
      Field item = f.getChildren().get(0);
      return item.getType() instanceof ArrowType.List || item.getType() instanceof ArrowType.LargeList
          ? null : physical(item);
    }
    if (f.getDictionary() != null) {
      return null; // a dictionary's index type is not its values' storage
    }
    if (t instanceof ArrowType.Int) {
      return ((ArrowType.Int) t).getBitWidth() == 64 ? PrimitiveTypeName.INT64 : PrimitiveTypeName.INT32;
    }
    if (t instanceof ArrowType.FloatingPoint) {
      switch (((ArrowType.FloatingPoint) t).getPrecision()) {
        case DOUBLE:
          return PrimitiveTypeName.DOUBLE;
        case SINGLE:
          return PrimitiveTypeName.FLOAT;
        default:
          return PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY;
      }
    }
    if (t instanceof ArrowType.Bool) {
      return PrimitiveTypeName.BOOLEAN;
    }
    if (t instanceof ArrowType.Utf8 || t instanceof ArrowType.LargeUtf8 || t instanceof ArrowType.Utf8View) {
      return PrimitiveTypeName.BINARY;
    }
    return null;
  }

  private static ArtifactException contradiction(Path path, String column, Integer rowGroup, String detail) {
    return new ArtifactException(path, column, rowGroup, null, detail + "; the file is corrupt");
  }
}
