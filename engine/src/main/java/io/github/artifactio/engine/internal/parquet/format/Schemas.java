package io.github.artifactio.engine.internal.parquet.format;

import com.google.flatbuffers.FlatBufferBuilder;
import io.github.artifactio.engine.column.Column;
import io.github.artifactio.engine.column.ColumnType;
import io.github.artifactio.engine.column.ColumnType.Leaf;
import io.github.artifactio.engine.column.ColumnType.Shape;
import io.github.artifactio.engine.table.ColumnSpec;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.Channels;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import org.apache.arrow.flatbuf.Endianness;
import org.apache.arrow.flatbuf.KeyValue;
import org.apache.arrow.flatbuf.MessageHeader;
import org.apache.arrow.vector.ipc.ReadChannel;
import org.apache.arrow.vector.ipc.WriteChannel;
import org.apache.arrow.vector.ipc.message.FBSerializables;
import org.apache.arrow.vector.ipc.message.MessageMetadataResult;
import org.apache.arrow.vector.ipc.message.MessageSerializer;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.schema.ColumnOrder;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Type;
import org.apache.parquet.schema.Type.Repetition;
import org.apache.parquet.schema.Types;

/**
 * The column model mapped to Parquet and Arrow schemas, both ways, as arrow-rs maps them: the message is named
 * {@code arrow_schema}; a list is {@code <optional> group name (LIST) { repeated group list { optional <leaf> item; }
 * }}; UInt32 is INT32 annotated INTEGER(32, unsigned); Utf8 is BYTE_ARRAY annotated STRING. The footer entry
 * {@code ARROW:schema} carries what Parquet cannot say (UInt32 vs Int32 is in the annotation, LargeList vs List is
 * not).
 */
public final class Schemas {
  public static final String ARROW_SCHEMA_KEY = io.github.artifactio.engine.table.WriteOptions.ARROW_SCHEMA_KEY;
  static final String MESSAGE_NAME = "arrow_schema";

  private Schemas() {}

  static MessageType parquetSchema(List<Column> columns) {
    List<Type> fields = new ArrayList<>(columns.size());
    for (Column c : columns) {
      fields.add(parquetType(c.name(), c.type()));
    }
    return new MessageType(MESSAGE_NAME, fields);
  }

  static Type parquetType(String name, ColumnType t) {
    if (t.shape() == Shape.SCALAR) {
      return leafType(name, t.leaf(), t.nullable() ? Repetition.OPTIONAL : Repetition.REQUIRED);
    }
    return Types.optionalGroup()
        .as(LogicalTypeAnnotation.listType())
        .addField(Types.repeatedGroup().addField(leafType("item", t.leaf(), Repetition.OPTIONAL)).named("list"))
        .named(name);
  }

  /**
   * One leaf. Float and double leaves declare {@code TypeDefinedOrder}, as arrow-rs, DuckDB and Polars write:
   * parquet-java 1.18 defaults them to the newer {@code IEEE_754_TOTAL_ORDER}, a union variant that readers built
   * before it (Polars 0.25 among them) cannot parse, so they refused the whole file. NaN has no place in the
   * type-defined order, so min and max are those of the other values and {@code nan_count} says how many NaNs lie
   * outside them (as arrow-rs writes); a chunk of only NaN has no range; zero bounds are widened to -0.0 and +0.0
   * (ColumnOrderTest pins this).
   */
  private static Type leafType(String name, Leaf leaf, Repetition rep) {
    return switch (leaf) {
      case INT64 -> Types.primitive(PrimitiveTypeName.INT64, rep).named(name);
      case INT32 -> Types.primitive(PrimitiveTypeName.INT32, rep).named(name);
      case UINT32 -> Types.primitive(PrimitiveTypeName.INT32, rep)
          .as(LogicalTypeAnnotation.intType(32, false))
          .named(name);
      case FLOAT64 ->
          Types.primitive(PrimitiveTypeName.DOUBLE, rep).columnOrder(ColumnOrder.typeDefined()).named(name);
      case FLOAT32 ->
          Types.primitive(PrimitiveTypeName.FLOAT, rep).columnOrder(ColumnOrder.typeDefined()).named(name);
      case BOOL -> Types.primitive(PrimitiveTypeName.BOOLEAN, rep).named(name);
      case UTF8 ->
          Types.primitive(PrimitiveTypeName.BINARY, rep).as(LogicalTypeAnnotation.stringType()).named(name);
    };
  }

  /** The Arrow fields of columns {@code names} of {@code types}, in order, as the writer declares them. */
  public static List<Field> arrowFields(List<String> names, List<ColumnType> types) {
    List<Field> fields = new ArrayList<>(names.size());
    for (int i = 0; i < names.size(); i++) {
      fields.add(arrowField(names.get(i), types.get(i)));
    }
    return fields;
  }

  public static Field arrowField(String name, ColumnType t) {
    if (t.shape() == Shape.SCALAR) {
      return new Field(name, new FieldType(t.nullable(), arrowLeaf(t.leaf()), null), null);
    }
    Field item = new Field("item", FieldType.nullable(arrowLeaf(t.leaf())), null);
    ArrowType list = t.shape() == Shape.LIST ? ArrowType.List.INSTANCE : ArrowType.LargeList.INSTANCE;
    return new Field(name, FieldType.nullable(list), List.of(item));
  }

  private static ArrowType arrowLeaf(Leaf leaf) {
    return switch (leaf) {
      case INT64 -> new ArrowType.Int(64, true);
      case INT32 -> new ArrowType.Int(32, true);
      case UINT32 -> new ArrowType.Int(32, false);
      case FLOAT64 -> new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE);
      case FLOAT32 -> new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE);
      case BOOL -> ArrowType.Bool.INSTANCE;
      case UTF8 -> ArrowType.Utf8.INSTANCE;
    };
  }

  /**
   * The {@code ARROW:schema} value of a schema of {@code fields} without metadata: the IPC-encapsulated schema message
   * (continuation marker, length, flatbuffer, zeros to a multiple of 8 bytes), base64 with padding, as arrow-rs
   * writes it.
   *
   * <p>The bytes are those of Arrow Java's {@code new Schema(fields).serializeAsMessage()} on a little-endian machine
   * (a test holds them equal), made by the flatbuffer calls that method makes, but without Arrow's {@code Schema}
   * class: its initialiser builds a Jackson {@code ObjectMapper} for the class's JSON form, some 550 classes and 0.3 s
   * of a process's start on a 2-core machine, which every short run that writes or splices a file paid (a {@code
   * concat} of 151 MB took 1.3 s). The endianness written is little whatever the machine, so that a file's bytes do
   * not depend on the machine that wrote it; Arrow Java writes the machine's own.
   */
  public static String encodeArrowFields(List<Field> fields) {
    FlatBufferBuilder builder = new FlatBufferBuilder();
    int[] offsets = new int[fields.size()];
    for (int i = 0; i < offsets.length; i++) {
      offsets[i] = fields.get(i).getField(builder);
    }
    int fieldsVector = org.apache.arrow.flatbuf.Schema.createFieldsVector(builder, offsets);
    int metadata = FBSerializables.writeKeyValues(builder, Map.of());
    org.apache.arrow.flatbuf.Schema.startSchema(builder);
    org.apache.arrow.flatbuf.Schema.addEndianness(builder, Endianness.Little);
    org.apache.arrow.flatbuf.Schema.addFields(builder, fieldsVector);
    org.apache.arrow.flatbuf.Schema.addCustomMetadata(builder, metadata);
    int schema = org.apache.arrow.flatbuf.Schema.endSchema(builder);
    ByteBuffer message = MessageSerializer.serializeMessage(builder, MessageHeader.Schema, schema, 0);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (WriteChannel channel = new WriteChannel(Channels.newChannel(out))) {
      MessageSerializer.writeMessageBuffer(channel, message.remaining(), message);
    } catch (IOException e) {
      throw new UncheckedIOException(e); // a byte array does not fail
    }
    return Base64.getEncoder().encodeToString(out.toByteArray());
  }

  /**
   * The top-level fields of an {@code ARROW:schema} value (with or without the continuation marker: older writers
   * omit it), decoded as Arrow Java's {@code Schema.deserializeMessage} decodes them but without Arrow's {@code
   * Schema} class (see {@link #encodeArrowFields}): it took half of a 10,000-row file's {@code validate} (about 0.5 s
   * of 1.0 s of CPU, on a 2-core machine) where the fields are all that opening a file needs.
   */
  public static List<Field> decodeArrowFields(String base64) {
    org.apache.arrow.flatbuf.Schema schema = decodeFlatSchema(base64);
    List<Field> fields = new ArrayList<>(schema.fieldsLength());
    for (int i = 0; i < schema.fieldsLength(); i++) {
      fields.add(Field.convertField(schema.fields(i)));
    }
    return List.copyOf(fields);
  }

  /** The schema-level metadata of an {@code ARROW:schema} value (not its fields'), sorted by key. */
  public static SortedMap<String, String> decodeArrowMetadata(String base64) {
    org.apache.arrow.flatbuf.Schema schema = decodeFlatSchema(base64);
    SortedMap<String, String> metadata = new TreeMap<>();
    for (int i = 0; i < schema.customMetadataLength(); i++) {
      KeyValue kv = schema.customMetadata(i);
      metadata.put(kv.key(), kv.value());
    }
    return Collections.unmodifiableSortedMap(metadata);
  }

  private static org.apache.arrow.flatbuf.Schema decodeFlatSchema(String base64) {
    ByteBuffer message = schemaMessage(base64);
    try (ReadChannel in = new ReadChannel(Channels.newChannel(
        new ByteArrayInputStream(message.array(), message.position(), message.remaining())))) {
      MessageMetadataResult result = MessageSerializer.readMessage(in);
      if (result == null) {
        throw new IOException("Unexpected end of input. Missing schema.");
      }
      if (result.getMessage().headerType() != MessageHeader.Schema) {
        throw new IOException("Expected schema but header was " + result.getMessage().headerType());
      }
      return (org.apache.arrow.flatbuf.Schema) result.getMessage().header(new org.apache.arrow.flatbuf.Schema());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The schema message of an {@code ARROW:schema} value, framed with the continuation marker, length checked. */
  private static ByteBuffer schemaMessage(String base64) {
    byte[] bytes;
    try {
      bytes = Base64.getDecoder().decode(base64);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("it is not base64", e);
    }
    ByteBuffer bb = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
    if (bytes.length >= 4 && bb.getInt(0) != -1) {
      // legacy framing: a bare length prefix; re-frame with the marker that deserializeMessage expects
      ByteBuffer framed = ByteBuffer.allocate(bytes.length + 4).order(ByteOrder.LITTLE_ENDIAN);
      framed.putInt(-1).put(bytes).flip();
      bb = framed;
    }
    // Arrow allocates the message's declared length before reading it: hold it to the bytes there are
    int declared = bb.remaining() >= 8 ? bb.getInt(bb.position() + 4) : -1;
    if (declared < 0 || declared > bb.remaining() - 8) {
      throw new IllegalArgumentException("its schema message declares " + declared + " bytes, but "
          + Math.max(0, bb.remaining() - 8) + " follow");
    }
    return bb;
  }

  /** Describes a top-level field, from its Arrow field where the footer has one. */
  static ColumnSpec spec(Type parquet, Field arrow) {
    String parquetType = parquet.toString().trim();
    ColumnType decoded = decodedKind(parquet, arrow);
    String arrowName = arrow != null ? arrowName(arrow) : arrowNameFromParquet(parquet);
    boolean nullable = arrow != null ? arrow.isNullable() : parquet.getRepetition() != Repetition.REQUIRED;
    return new ColumnSpec(parquet.getName(), arrowName, nullable, parquetType, decoded);
  }

  /** The model kind a field decodes into, or null. The Arrow type decides where it says more than Parquet does. */
  static ColumnType decodedKind(Type parquet, Field arrow) {
    if (parquet.isPrimitive()) {
      if (parquet.getRepetition() == Repetition.REPEATED) {
        return null;
      }
      Leaf leaf = leafOf(parquet.asPrimitiveType());
      if (leaf == null) {
        return null;
      }
      if (arrow != null && !arrowAgrees(arrow.getType(), leaf)) {
        return null;
      }
      return ColumnType.scalar(leaf, parquet.getRepetition() == Repetition.OPTIONAL);
    }
    PrimitiveType item = listItem(parquet.asGroupType());
    Leaf leaf = item == null ? null : leafOf(item);
    if (leaf == null) {
      return null;
    }
    boolean large = arrow != null && arrow.getType() instanceof ArrowType.LargeList;
    if (arrow != null && !(arrow.getType() instanceof ArrowType.List || large)) {
      return null;
    }
    // the model's list kind for this item type (every list kind is nullable); a LargeList of an item that has no
    // LargeList kind reads as its List kind (a Java array holds fewer than 2^31 items either way)
    Optional<ColumnType> list = ColumnType.of(leaf, Shape.LIST, true);
    return large ? ColumnType.of(leaf, Shape.LARGE_LIST, true).or(() -> list).orElse(null) : list.orElse(null);
  }

  private static boolean arrowAgrees(ArrowType t, Leaf leaf) {
    return switch (leaf) {
      case INT64 -> t instanceof ArrowType.Int i && i.getBitWidth() == 64 && i.getIsSigned();
      case INT32 -> t instanceof ArrowType.Int i && i.getBitWidth() == 32 && i.getIsSigned();
      case UINT32 -> t instanceof ArrowType.Int i && i.getBitWidth() == 32 && !i.getIsSigned();
      case FLOAT64 -> t instanceof ArrowType.FloatingPoint f && f.getPrecision() == FloatingPointPrecision.DOUBLE;
      case FLOAT32 -> t instanceof ArrowType.FloatingPoint f && f.getPrecision() == FloatingPointPrecision.SINGLE;
      case BOOL -> t instanceof ArrowType.Bool;
      // the three Arrow string layouts store the same Parquet BYTE_ARRAY (STRING): Polars writes Utf8View
      case UTF8 -> t instanceof ArrowType.Utf8 || t instanceof ArrowType.LargeUtf8 || t instanceof ArrowType.Utf8View;
    };
  }

  /** The leaf of a one-level list (3-level LIST, 2-level legacy list, or a bare repeated group), or null. */
  static PrimitiveType listItem(GroupType g) {
    if (g.getFieldCount() != 1 || g.getRepetition() == Repetition.REPEATED) {
      return null;
    }
    Type child = g.getType(0);
    if (child.getRepetition() != Repetition.REPEATED) {
      return null;
    }
    if (child.isPrimitive()) {
      return child.asPrimitiveType();
    }
    GroupType list = child.asGroupType();
    if (list.getFieldCount() != 1 || !list.getType(0).isPrimitive()) {
      return null;
    }
    Type item = list.getType(0);
    return item.getRepetition() == Repetition.REPEATED ? null : item.asPrimitiveType();
  }

  static Leaf leafOf(PrimitiveType p) {
    LogicalTypeAnnotation a = p.getLogicalTypeAnnotation();
    switch (p.getPrimitiveTypeName()) {
      case INT64:
        if (a == null) {
          return Leaf.INT64;
        }
        if (a instanceof LogicalTypeAnnotation.IntLogicalTypeAnnotation) {
          LogicalTypeAnnotation.IntLogicalTypeAnnotation i = (LogicalTypeAnnotation.IntLogicalTypeAnnotation) a;
          return i.getBitWidth() == 64 && i.isSigned() ? Leaf.INT64 : null;
        }
        return null;
      case INT32:
        if (a == null) {
          return Leaf.INT32;
        }
        if (a instanceof LogicalTypeAnnotation.IntLogicalTypeAnnotation) {
          LogicalTypeAnnotation.IntLogicalTypeAnnotation i = (LogicalTypeAnnotation.IntLogicalTypeAnnotation) a;
          if (i.getBitWidth() != 32) {
            return null;
          }
          return i.isSigned() ? Leaf.INT32 : Leaf.UINT32;
        }
        return null;
      case DOUBLE:
        return a == null ? Leaf.FLOAT64 : null;
      case FLOAT:
        return a == null ? Leaf.FLOAT32 : null;
      case BOOLEAN:
        return Leaf.BOOL;
      case BINARY:
        return a instanceof LogicalTypeAnnotation.StringLogicalTypeAnnotation ? Leaf.UTF8 : null;
      default:
        return null;
    }
  }

  /** Arrow type names in the Rust engine's spelling for the model's types, Arrow Java's otherwise. */
  static String arrowName(Field f) {
    ArrowType t = f.getType();
    if (f.getDictionary() != null) {
      // a dictionary-encoded field (Polars' categoricals): the wrapper is part of what an Arrow reader makes of it
      ArrowType.Int index = f.getDictionary().getIndexType();
      String indexName = (index.getIsSigned() ? "Int" : "UInt") + index.getBitWidth();
      Field value = new Field(f.getName(), new FieldType(f.isNullable(), t, null), f.getChildren());
      return "Dictionary(" + indexName + ", " + arrowName(value) + ")";
    }
    if (t instanceof ArrowType.List || t instanceof ArrowType.LargeList) {
      String outer = t instanceof ArrowType.List ? "List" : "LargeList";
      String inner = f.getChildren().isEmpty() ? "?" : arrowName(f.getChildren().get(0));
      return outer + "(" + inner + ")";
    }
    if (t instanceof ArrowType.Int) {
      ArrowType.Int i = (ArrowType.Int) t;
      return (i.getIsSigned() ? "Int" : "UInt") + i.getBitWidth();
    }
    if (t instanceof ArrowType.FloatingPoint) {
      switch (((ArrowType.FloatingPoint) t).getPrecision()) {
        case HALF:
          return "Float16";
        case SINGLE:
          return "Float32";
        default:
          return "Float64";
      }
    }
    if (t instanceof ArrowType.Bool) {
      return "Boolean";
    }
    if (t instanceof ArrowType.Utf8) {
      return "Utf8";
    }
    if (t instanceof ArrowType.LargeUtf8) {
      return "LargeUtf8";
    }
    if (t instanceof ArrowType.Utf8View) {
      return "Utf8View";
    }
    return t.toString();
  }

  /** How an Arrow reader types a Parquet field when the file has no {@code ARROW:schema}. */
  static String arrowNameFromParquet(Type parquet) {
    if (parquet.isPrimitive()) {
      PrimitiveType p = parquet.asPrimitiveType();
      Leaf leaf = leafOf(p);
      if (parquet.getRepetition() == Repetition.REPEATED) {
        return "List(" + (leaf == null ? p.getPrimitiveTypeName().name() : leafArrowName(leaf)) + ")";
      }
      if (leaf != null) {
        return leafArrowName(leaf);
      }
      return unmodelledArrowName(p);
    }
    PrimitiveType item = listItem(parquet.asGroupType());
    if (item != null) {
      Leaf leaf = leafOf(item);
      return "List(" + (leaf == null ? unmodelledArrowName(item) : leafArrowName(leaf)) + ")";
    }
    LogicalTypeAnnotation a = parquet.getLogicalTypeAnnotation();
    return "Struct/group" + (a == null ? "" : " (" + a + ")");
  }

  /**
   * The Arrow type of a primitive the engine's model has no kind for, as Arrow's readers (arrow-rs, pyarrow) type it
   * without an {@code ARROW:schema}: an INTEGER annotation gives the integer of its width and sign ({@code
   * INTEGER(8,false)}, DuckDB's UTINYINT, is the {@code UInt8} arrow-rs declares for it), so a file with that schema
   * and a file without it name the column alike. Other annotations keep the Parquet text, which says what the column
   * is without claiming an Arrow type.
   */
  private static String unmodelledArrowName(PrimitiveType p) {
    LogicalTypeAnnotation a = p.getLogicalTypeAnnotation();
    if (a instanceof LogicalTypeAnnotation.IntLogicalTypeAnnotation i) {
      return (i.isSigned() ? "Int" : "UInt") + i.getBitWidth();
    }
    return p.getPrimitiveTypeName().name() + (a == null ? "" : " (" + a + ")");
  }

  private static String leafArrowName(Leaf leaf) {
    return switch (leaf) {
      case INT64 -> "Int64";
      case INT32 -> "Int32";
      case UINT32 -> "UInt32";
      case FLOAT64 -> "Float64";
      case FLOAT32 -> "Float32";
      case BOOL -> "Boolean";
      case UTF8 -> "Utf8";
    };
  }

  /** The field specs of a file, in file order; {@code arrow} is its Arrow fields, null where it has none. */
  public static List<ColumnSpec> specs(MessageType schema, List<Field> arrow) {
    List<ColumnSpec> out = new ArrayList<>(schema.getFieldCount());
    for (Type t : schema.getFields()) {
      Field f = null;
      if (arrow != null) {
        for (Field af : arrow) {
          if (t.getName().equals(af.getName())) { // an Arrow field may have no name
            f = af;
            break;
          }
        }
      }
      out.add(spec(t, f));
    }
    return out;
  }

  /** Unused-import guard for static analysis: Map is part of the documented footer contract. */
  static boolean hasArrowSchema(Map<String, String> kv) {
    return kv.containsKey(ARROW_SCHEMA_KEY);
  }

  /** The definition level at which the leaf's repeated ancestor is present (an item exists). */
  public static int repeatedDefinitionLevel(MessageType schema, ColumnDescriptor leaf) {
    String[] path = leaf.getPath();
    Type t = schema;
    for (int i = 0; i < path.length; i++) {
      t = t.asGroupType().getType(path[i]);
      if (t.getRepetition() == Type.Repetition.REPEATED) {
        return schema.getMaxDefinitionLevel(Arrays.copyOf(path, i + 1));
      }
    }
    throw new IllegalStateException("leaf " + String.join(".", path) + " has no repeated ancestor");
  }
}
