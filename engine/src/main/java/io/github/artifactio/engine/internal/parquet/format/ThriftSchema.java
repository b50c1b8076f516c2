package io.github.artifactio.engine.internal.parquet.format;

import io.github.artifactio.engine.column.ColumnType;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.format.ColumnOrder;
import org.apache.parquet.format.ConvertedType;
import org.apache.parquet.format.FieldRepetitionType;
import org.apache.parquet.format.IntType;
import org.apache.parquet.format.ListType;
import org.apache.parquet.format.LogicalType;
import org.apache.parquet.format.SchemaElement;
import org.apache.parquet.format.StringType;
import org.apache.parquet.format.Type;
import org.apache.parquet.format.TypeDefinedOrder;

/**
 * The footer's schema for the writer, as parquet-format's Thrift elements: the same layout {@link Schemas} gives
 * parquet-java's schema (arrow-rs's), written by the engine itself. A scalar column is one leaf, required or optional;
 * a list column is {@code optional group (LIST) / repeated group list / optional item}. Strings are {@code BYTE_ARRAY}
 * with the {@code STRING} logical type (and the {@code UTF8} converted type), UInt32 is {@code INT32} with an unsigned
 * 32-bit integer type (and {@code UINT_32}). Every leaf declares {@code TypeDefinedOrder}.
 */
public final class ThriftSchema {
  private ThriftSchema() {}

  public static Type physicalType(ColumnType.Leaf leaf) {
    return switch (leaf) {
      case INT64 -> Type.INT64;
      case INT32, UINT32 -> Type.INT32;
      case FLOAT64 -> Type.DOUBLE;
      case FLOAT32 -> Type.FLOAT;
      case BOOL -> Type.BOOLEAN;
      case UTF8 -> Type.BYTE_ARRAY;
    };
  }

  /** The path of the one leaf of a column named {@code name}. */
  public static List<String> leafPath(String name, ColumnType t) {
    return t.isList() ? List.of(name, "list", "item") : List.of(name);
  }

  /** The schema elements, depth first, under the message {@link Schemas#MESSAGE_NAME}. */
  public static List<SchemaElement> elements(List<String> names, List<ColumnType> types) {
    List<SchemaElement> out = new ArrayList<>();
    SchemaElement root = new SchemaElement(Schemas.MESSAGE_NAME);
    root.setNum_children(names.size());
    out.add(root);
    for (int i = 0; i < names.size(); i++) {
      ColumnType t = types.get(i);
      if (t.isList()) {
        SchemaElement list = new SchemaElement(names.get(i));
        list.setRepetition_type(FieldRepetitionType.OPTIONAL);
        list.setNum_children(1);
        list.setConverted_type(ConvertedType.LIST);
        list.setLogicalType(LogicalType.LIST(new ListType()));
        out.add(list);
        SchemaElement repeated = new SchemaElement("list");
        repeated.setRepetition_type(FieldRepetitionType.REPEATED);
        repeated.setNum_children(1);
        out.add(repeated);
        out.add(leaf("item", t.leaf(), FieldRepetitionType.OPTIONAL));
      } else {
        out.add(leaf(names.get(i), t.leaf(),
            t.nullable() ? FieldRepetitionType.OPTIONAL : FieldRepetitionType.REQUIRED));
      }
    }
    return out;
  }

  private static SchemaElement leaf(String name, ColumnType.Leaf leaf, FieldRepetitionType repetition) {
    SchemaElement e = new SchemaElement(name);
    e.setType(physicalType(leaf));
    e.setRepetition_type(repetition);
    if (leaf == ColumnType.Leaf.UTF8) {
      e.setConverted_type(ConvertedType.UTF8);
      e.setLogicalType(LogicalType.STRING(new StringType()));
    } else if (leaf == ColumnType.Leaf.UINT32) {
      e.setConverted_type(ConvertedType.UINT_32);
      e.setLogicalType(LogicalType.INTEGER(new IntType((byte) 32, false)));
    }
    return e;
  }

  /** {@code TypeDefinedOrder} for each of {@code leaves} leaves. */
  public static List<ColumnOrder> columnOrders(int leaves) {
    List<ColumnOrder> out = new ArrayList<>(leaves);
    for (int i = 0; i < leaves; i++) {
      out.add(ColumnOrder.TYPE_ORDER(new TypeDefinedOrder()));
    }
    return out;
  }
}
