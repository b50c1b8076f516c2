package io.github.artifactio.engine.internal.parquet.splice;

import io.github.artifactio.engine.ArtifactException;
import io.github.artifactio.engine.internal.parquet.format.Schemas;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.format.ColumnOrder;
import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.format.KeyValue;
import org.apache.parquet.format.RowGroup;
import org.apache.parquet.format.SchemaElement;

/**
 * The columns of an input re-encoded by the engine's writer, declared as the input declares them wherever the two
 * declarations differ only in what the pages do not hold: an INTEGER annotation that restates the physical type
 * (DuckDB's INTEGER(32,true) and INTEGER(64,true)) and the name of a list's leaf (DuckDB's {@code element}, the
 * engine's {@code item}). The re-encoded chunks then keep their bytes and take the input's leaf paths, so the output
 * declares every such column as its input did. A list the input declares {@code required} is one the engine's model
 * holds as nullable: its re-encoded pages carry one more definition level, so the output declares it as the engine
 * wrote it and the report says so, and its Arrow field is the engine's too. Any other difference is refused.
 */
public final class Redeclaration {
  /** The leaf of a three-level list, whatever its name: the engine names it {@code item}. */
  private static final Pattern LIST_LEAF =
      Pattern.compile("(repeated group list \\{\\s*(?:optional|required) [a-z0-9_()]+ )\\S+( |;)");
  /** A list declared required: the engine's lists are nullable. */
  private static final Pattern REQUIRED_LIST = Pattern.compile("^required (group \\S+ \\(LIST\\))");

  private final SpliceInput source;
  private final List<String> notes;

  private Redeclaration(SpliceInput source, List<String> notes) {
    this.source = source;
    this.notes = List.copyOf(notes);
  }

  /** The source to join in the input's place: the re-encoded chunks under the declarations chosen column by column. */
  public SpliceInput source() {
    return source;
  }

  /** One line for each column the output declares as the engine wrote it, not as the input did, for the report. */
  public List<String> notes() {
    return notes;
  }

  /**
   * Declares {@code reencoded} (the engine's write of {@code input}'s columns) as {@code input} does, column by column
   * where only the annotation or the list leaf's name differ; refuses, naming the input's file and column, where
   * anything else does.
   */
  public static Redeclaration of(SpliceInput reencoded, SpliceInput input, String inputName, String destination) {
    if (reencoded.specs().size() != input.specs().size()) {
      throw refusal(input, inputName, destination, reencoded.differenceFrom(input, "the re-encoded columns",
          inputName));
    }
    List<List<SchemaElement>> mine = subtrees(reencoded.schemaElements());
    List<List<SchemaElement>> theirs = subtrees(input.schemaElements());
    List<SchemaElement> schema = new ArrayList<>();
    schema.add(new SchemaElement(reencoded.schemaElements().get(0)));
    List<Boolean> fromInput = new ArrayList<>();
    List<String> notes = new ArrayList<>();
    for (int i = 0; i < mine.size(); i++) {
      String name = input.specs().get(i).name();
      String written = reencoded.parquetType(i);
      String declared = input.parquetType(i);
      boolean sameName = reencoded.specs().get(i).name().equals(name);
      if (sameName && comparable(written).equals(comparable(declared))) {
        theirs.get(i).forEach(e -> schema.add(new SchemaElement(e)));
        fromInput.add(true);
      } else if (sameName && comparable(written).equals(comparable(optionalList(declared)))) {
        mine.get(i).forEach(e -> schema.add(new SchemaElement(e)));
        fromInput.add(false);
        notes.add("column '" + name + "' is [" + declared + "] in " + inputName + " and [" + written
            + "] as re-encoded: the same values; the engine's lists are nullable, so the output declares it as"
            + " re-encoded");
      } else {
        throw refusal(input, inputName, destination, "column '" + name + "' is " + describe(reencoded, i)
            + " in the re-encoded columns but " + describe(input, i) + " in " + inputName);
      }
    }
    return new Redeclaration(reencoded.withMeta(redeclared(reencoded, input, schema, fromInput)), notes);
  }

  private static String describe(SpliceInput in, int i) {
    return in.specs().get(i).describe() + " [" + in.parquetType(i) + "]";
  }

  private static ArtifactException refusal(SpliceInput input, String inputName, String destination, String diff) {
    return new ArtifactException(input.path(), "concat columns into " + destination + ": the columns of "
        + inputName + " cannot be re-encoded as they are: " + diff);
  }

  /** A declaration's text with what the re-encoding may change and the pages do not hold taken out. */
  static String comparable(String declaration) {
    return LIST_LEAF.matcher(SpliceInput.withoutRestatedIntegers(declaration)).replaceAll("$1item$2");
  }

  private static String optionalList(String declaration) {
    return REQUIRED_LIST.matcher(declaration).replaceFirst("optional $1");
  }

  /**
   * Sets {@code m}'s {@code ARROW:schema} (which the join's own is made of) to the input's fields, but the engine's for
   * the columns declared as the engine wrote them; takes it out where the input has none, so the join types the
   * columns from their Parquet declarations, as it does the input's.
   */
  private static void arrowFields(FileMetaData m, SpliceInput reencoded, SpliceInput input,
      Map<String, Boolean> useInput) {
    List<KeyValue> kv = new ArrayList<>();
    if (m.isSetKey_value_metadata()) {
      m.getKey_value_metadata().stream().filter(e -> !Schemas.ARROW_SCHEMA_KEY.equals(e.getKey())).forEach(kv::add);
    }
    List<Field> declared = input.arrowFields();
    List<Field> written = reencoded.arrowFields();
    if (declared != null) {
      List<Field> fields = new ArrayList<>();
      for (Field f : declared) {
        boolean engines = written != null && Boolean.FALSE.equals(useInput.get(f.getName()));
        fields.add(engines ? named(written, f.getName()) : f);
      }
      kv.add(new KeyValue(Schemas.ARROW_SCHEMA_KEY).setValue(Schemas.encodeArrowFields(fields)));
    }
    m.setKey_value_metadata(kv);
  }

  /** The field of {@code fields} named {@code name}, or null (as Arrow's {@code Schema.findField} answers). */
  private static Field named(List<Field> fields, String name) {
    for (Field f : fields) {
      if (f.getName().equals(name)) {
        return f;
      }
    }
    return null;
  }

  /** The root's children, each with its descendants, in schema order. */
  private static List<List<SchemaElement>> subtrees(List<SchemaElement> schema) {
    List<List<SchemaElement>> out = new ArrayList<>();
    int at = 1;
    while (at < schema.size()) {
      int end = skip(schema, at);
      out.add(schema.subList(at, end));
      at = end;
    }
    return out;
  }

  /** The index just past element {@code at} and its descendants. */
  private static int skip(List<SchemaElement> schema, int at) {
    SchemaElement e = schema.get(at);
    int next = at + 1;
    int children = e.isSetNum_children() ? e.getNum_children() : 0;
    for (int c = 0; c < children; c++) {
      next = skip(schema, next);
    }
    return next;
  }

  /**
   * {@code reencoded}'s footer with {@code schema}, each chunk's path that of its leaf there, and column orders kept
   * where the file declaring each leaf declares them. Declarations that agree up to the annotation, the leaf's name
   * or the list's repetition have the same leaves in the same order, so leaf {@code j} of one is leaf {@code j} of the
   * other.
   */
  private static FileMetaData redeclared(SpliceInput reencoded, SpliceInput input, List<SchemaElement> schema,
      List<Boolean> fromInput) {
    FileMetaData m = new FileMetaData(reencoded.meta());
    m.setSchema(schema);
    Map<String, Boolean> useInput = new HashMap<>();
    for (int i = 0; i < fromInput.size(); i++) {
      useInput.put(input.specs().get(i).name(), fromInput.get(i));
    }
    List<ColumnDescriptor> written = reencoded.messageType().getColumns();
    List<ColumnDescriptor> declared = input.messageType().getColumns();
    List<List<String>> paths = new ArrayList<>();
    List<ColumnOrder> orders = new ArrayList<>();
    boolean ordered = true;
    for (int leaf = 0; leaf < written.size(); leaf++) {
      SpliceInput owner = useInput.get(written.get(leaf).getPath()[0]) ? input : reencoded;
      paths.add(List.of((owner == input ? declared : written).get(leaf).getPath()));
      ordered &= owner.meta().isSetColumn_orders();
      if (owner.meta().isSetColumn_orders()) {
        orders.add(owner.meta().getColumn_orders().get(leaf));
      }
    }
    if (ordered) {
      m.setColumn_orders(orders);
    } else {
      m.unsetColumn_orders();
    }
    arrowFields(m, reencoded, input, useInput);
    for (RowGroup rg : m.getRow_groups()) {
      for (int leaf = 0; leaf < rg.getColumns().size(); leaf++) {
        rg.getColumns().get(leaf).getMeta_data().setPath_in_schema(new ArrayList<>(paths.get(leaf)));
      }
    }
    return m;
  }
}
