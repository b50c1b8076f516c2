package io.github.artifactio.it.fuzz;

import io.github.artifactio.it.fuzz.Mutation.Allowance;
import io.github.artifactio.it.fuzz.Mutation.Kind;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.zip.CRC32;
import org.apache.parquet.format.ColumnChunk;
import org.apache.parquet.format.ColumnMetaData;
import org.apache.parquet.format.CompressionCodec;
import org.apache.parquet.format.Encoding;
import org.apache.parquet.format.FieldRepetitionType;
import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.format.KeyValue;
import org.apache.parquet.format.PageHeader;
import org.apache.parquet.format.PageType;
import org.apache.parquet.format.RowGroup;
import org.apache.parquet.format.SchemaElement;
import org.apache.parquet.format.Type;
import org.apache.parquet.format.Util;

/**
 * Makes mutants of a seed, each in one of the ways the campaign broke files: byte flips anywhere and in the
 * footer, flips inside page bodies under a recomputed CRC, one page-header field changed (the header keeping its
 * length, so nothing else moves), one footer field changed (the footer is the file's last structure, so it may change
 * length freely), and truncations. A mutation that does not apply to a seed (no pages found, a footer that does not
 * decode) falls back to a byte flip, so every draw gives a mutant.
 */
final class Mutator {
  /** The encodings a changed encoding field is drawn from (all that Parquet defines). */
  private static final Encoding[] ENCODINGS = Encoding.values();

  private Mutator() {}

  static Mutation mutate(Seed seed, SplittableRandom r) {
    Kind kind = Kind.values()[pick(r, 10, 6, 12, 24, 40, 8)];
    Mutation m = null;
    try {
      switch (kind) {
        case FLIP_ANYWHERE:
          m = flips(seed, r, false);
          break;
        case FLIP_FOOTER:
          m = flips(seed, r, true);
          break;
        case BODY_FLIP_CRC_FIXED:
          m = bodyFlip(seed, r);
          break;
        case PAGE_HEADER_FIELD:
          m = pageHeader(seed, r);
          break;
        case FOOTER_FIELD:
          m = footer(seed, r);
          break;
        default:
          m = truncate(seed, r);
      }
    } catch (IOException | RuntimeException e) {
      m = null; // the seed does not have what this mutation needs
    }
    return m != null ? m : flips(seed, r, false);
  }

  /** An index drawn with the given weights. */
  private static int pick(SplittableRandom r, int... weights) {
    int total = Arrays.stream(weights).sum();
    int x = r.nextInt(total);
    for (int i = 0; i < weights.length; i++) {
      x -= weights[i];
      if (x < 0) {
        return i;
      }
    }
    throw new AssertionError();
  }

  // ---- byte flips

  private static Mutation flips(Seed seed, SplittableRandom r, boolean footer) {
    byte[] b = seed.bytes.clone();
    int n = 1 + r.nextInt(4);
    int lo = footer && seed.footerAt > 0 ? seed.footerAt : 0;
    StringBuilder what = new StringBuilder(footer ? "footer flips at" : "flips at");
    boolean inUnprotectedBody = false;
    for (int k = 0; k < n; k++) {
      int at = lo + r.nextInt(b.length - lo);
      b[at] ^= (byte) (1 + r.nextInt(255));
      what.append(' ').append(at);
      Seed.Page p = seed.bodyAt(at);
      inUnprotectedBody |= p != null && !p.crc();
    }
    // a flip under a CRC is caught by the CRC; a flip in a page body without one cannot be told from data, and a read
    // that differs may differ by it whatever the other flips did
    Allowance allowance = inUnprotectedBody ? Allowance.VALUES : Allowance.NONE;
    return new Mutation(footer ? Kind.FLIP_FOOTER : Kind.FLIP_ANYWHERE, what.toString(), b, allowance);
  }

  // ---- page bodies

  private static Mutation bodyFlip(Seed seed, SplittableRandom r) throws IOException {
    List<Seed.Page> bodies = seed.pages.stream().filter(p -> p.bodyBytes() > 0).toList();
    if (bodies.isEmpty()) {
      return null;
    }
    for (int attempt = 0; attempt < 20; attempt++) {
      Seed.Page p = bodies.get(r.nextInt(bodies.size()));
      byte[] b = seed.bytes.clone();
      int at = (int) p.bodyAt() + r.nextInt(p.bodyBytes());
      b[at] ^= (byte) (1 + r.nextInt(255));
      String what = "page body flip at " + at + " (page header at " + p.headerAt() + ")";
      if (!p.crc()) {
        return new Mutation(Kind.BODY_FLIP_CRC_FIXED, what + ", no CRC", b, Allowance.VALUES);
      }
      CRC32 crc = new CRC32();
      crc.update(b, (int) p.bodyAt(), p.bodyBytes());
      int value = (int) crc.getValue();
      if (rewriteHeader(b, p, h -> h.setCrc(value))) {
        return new Mutation(Kind.BODY_FLIP_CRC_FIXED, what + ", CRC fixed", b, Allowance.VALUES);
      }
    }
    return null;
  }

  // ---- page headers

  private interface HeaderEdit {
    void apply(PageHeader h);
  }

  /** Rewrites the header of page {@code p} in {@code b}; false when the edited header does not keep its length. */
  private static boolean rewriteHeader(byte[] b, Seed.Page p, HeaderEdit edit) throws IOException {
    int headerLength = (int) (p.bodyAt() - p.headerAt());
    PageHeader h = Util.readPageHeader(new ByteArrayInputStream(b, (int) p.headerAt(), headerLength));
    edit.apply(h);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    Util.writePageHeader(h, out);
    if (out.size() != headerLength) {
      return false;
    }
    System.arraycopy(out.toByteArray(), 0, b, (int) p.headerAt(), headerLength);
    return true;
  }

  private static Mutation pageHeader(Seed seed, SplittableRandom r) throws IOException {
    if (seed.pages.isEmpty()) {
      return null;
    }
    for (int attempt = 0; attempt < 20; attempt++) {
      Seed.Page p = seed.pages.get(r.nextInt(seed.pages.size()));
      byte[] b = seed.bytes.clone();
      String[] what = new String[1];
      int delta = r.nextBoolean() ? 1 : -1;
      int choice = r.nextInt(9);
      HeaderEdit edit = h -> {
        switch (choice) {
          case 0: // the value count, the "400 -> 401"
            if (h.data_page_header != null) {
              h.data_page_header.num_values += delta;
            } else if (h.data_page_header_v2 != null) {
              h.data_page_header_v2.num_values += delta;
            } else if (h.dictionary_page_header != null) {
              h.dictionary_page_header.num_values += delta;
            }
            what[0] = "num_values " + (delta > 0 ? "+1" : "-1");
            break;
          case 1: {
            Encoding e = ENCODINGS[r.nextInt(ENCODINGS.length)];
            if (h.data_page_header != null) {
              h.data_page_header.encoding = e;
            } else if (h.data_page_header_v2 != null) {
              h.data_page_header_v2.encoding = e;
            } else if (h.dictionary_page_header != null) {
              h.dictionary_page_header.encoding = e;
            }
            what[0] = "encoding " + e;
            break;
          }
          case 2: {
            Encoding e = ENCODINGS[r.nextInt(ENCODINGS.length)];
            if (h.data_page_header != null) {
              if (r.nextBoolean()) {
                h.data_page_header.definition_level_encoding = e;
              } else {
                h.data_page_header.repetition_level_encoding = e;
              }
            }
            what[0] = "level encoding " + e;
            break;
          }
          case 3: // as large as the field's bytes allow, or one more or less
            h.uncompressed_page_size = r.nextBoolean() ? h.uncompressed_page_size + delta
                : maxOfWidth(h.uncompressed_page_size);
            what[0] = "uncompressed_page_size " + h.uncompressed_page_size;
            break;
          case 4:
            h.compressed_page_size += delta;
            what[0] = "compressed_page_size " + (delta > 0 ? "+1" : "-1");
            break;
          case 5: {
            PageType t = PageType.values()[r.nextInt(PageType.values().length)];
            h.type = t;
            what[0] = "type " + t;
            break;
          }
          case 6:
            if (h.data_page_header_v2 != null) {
              h.data_page_header_v2.num_rows += delta;
              what[0] = "v2 num_rows " + (delta > 0 ? "+1" : "-1");
            } else {
              h.uncompressed_page_size = Integer.MAX_VALUE >> (7 * (4 - varintBytes(h.uncompressed_page_size)));
              what[0] = "uncompressed_page_size " + h.uncompressed_page_size;
            }
            break;
          case 7:
            if (h.data_page_header_v2 != null) {
              if (r.nextBoolean()) {
                h.data_page_header_v2.definition_levels_byte_length += delta;
              } else {
                h.data_page_header_v2.repetition_levels_byte_length += delta;
              }
              what[0] = "v2 level length " + (delta > 0 ? "+1" : "-1");
            } else {
              h.compressed_page_size = maxOfWidth(h.compressed_page_size);
              what[0] = "compressed_page_size " + h.compressed_page_size;
            }
            break;
          default:
            if (h.data_page_header_v2 != null) {
              h.data_page_header_v2.num_nulls += delta;
              what[0] = "v2 num_nulls " + (delta > 0 ? "+1" : "-1");
            } else if (h.data_page_header != null) {
              h.data_page_header.num_values = maxOfWidth(h.data_page_header.num_values);
              what[0] = "num_values " + h.data_page_header.num_values;
            } else if (h.dictionary_page_header != null) {
              h.dictionary_page_header.num_values = maxOfWidth(h.dictionary_page_header.num_values);
              what[0] = "dictionary num_values " + h.dictionary_page_header.num_values;
            }
        }
      };
      if (rewriteHeader(b, p, edit) && what[0] != null && !Arrays.equals(b, seed.bytes)) {
        return new Mutation(Kind.PAGE_HEADER_FIELD, "page header at " + p.headerAt() + ": " + what[0], b,
            Allowance.NONE);
      }
    }
    return null;
  }

  /** Bytes of a Thrift compact i32 (zigzag varint). */
  private static int varintBytes(int v) {
    long z = Integer.toUnsignedLong((v << 1) ^ (v >> 31));
    int n = 1;
    while (z >= 0x80) {
      z >>>= 7;
      n++;
    }
    return n;
  }

  /** The largest positive i32 that takes as many bytes as {@code v}. */
  private static int maxOfWidth(int v) {
    int bytes = varintBytes(v);
    return bytes >= 5 ? Integer.MAX_VALUE : (int) ((1L << (7 * bytes - 1)) - 1);
  }

  // ---- footer

  private static Mutation footer(Seed seed, SplittableRandom r) throws IOException {
    if (seed.footerAt <= 0) {
      return null;
    }
    int footerLength = seed.bytes.length - 8 - seed.footerAt;
    FileMetaData md = Util.readFileMetaData(new ByteArrayInputStream(seed.bytes, seed.footerAt, footerLength));
    List<SchemaElement> leaves = new ArrayList<>();
    for (SchemaElement e : md.getSchema()) {
      if (e.num_children == 0 && e.isSetType()) {
        leaves.add(e);
      }
    }
    List<RowGroup> groups = md.getRow_groups();
    if (groups.isEmpty() || leaves.isEmpty()) {
      return null;
    }
    RowGroup g = groups.get(r.nextInt(groups.size()));
    if (g.getColumns().isEmpty()) {
      return null;
    }
    int leafIndex = r.nextInt(g.getColumns().size());
    ColumnChunk chunk = g.getColumns().get(leafIndex);
    ColumnMetaData cm = chunk.getMeta_data();
    SchemaElement leaf = leaves.get(r.nextInt(leaves.size()));
    long delta = r.nextBoolean() ? 1 : -1;
    Allowance allowance = Allowance.NONE;
    String what;
    switch (r.nextInt(20)) {
      case 0:
      case 1: // the "row count 200 -> 199"
        g.setNum_rows(g.getNum_rows() + delta);
        what = "a row group's num_rows " + (delta > 0 ? "+1" : "-1");
        break;
      case 2:
        md.setNum_rows(md.getNum_rows() + delta);
        what = "the file's num_rows " + (delta > 0 ? "+1" : "-1");
        break;
      case 3:
        cm.setNum_values(cm.getNum_values() + delta);
        what = "a chunk's num_values " + (delta > 0 ? "+1" : "-1");
        break;
      case 4: {
        List<Encoding> e = new ArrayList<>();
        for (int k = 1 + r.nextInt(3); k > 0; k--) {
          e.add(ENCODINGS[r.nextInt(ENCODINGS.length)]);
        }
        cm.setEncodings(e);
        what = "a chunk's encodings " + e;
        break;
      }
      case 5: {
        FieldRepetitionType was = leaf.getRepetition_type();
        FieldRepetitionType now = was == FieldRepetitionType.REQUIRED ? FieldRepetitionType.OPTIONAL
            : was == FieldRepetitionType.OPTIONAL ? FieldRepetitionType.REQUIRED : FieldRepetitionType.OPTIONAL;
        leaf.setRepetition_type(now);
        what = "column '" + leaf.getName() + "' " + was + " -> " + now;
        break;
      }
      case 6: {
        Type now = Type.values()[r.nextInt(Type.values().length)];
        Type was = leaf.getType();
        leaf.setType(now);
        if (r.nextBoolean() && cm != null) {
          cm.setType(now); // the chunk's copy too, so only a cross-check against ARROW:schema or the pages can tell
        }
        if (now == Type.FIXED_LEN_BYTE_ARRAY && !leaf.isSetType_length()) {
          leaf.setType_length(1 + r.nextInt(16));
        }
        what = "column '" + leaf.getName() + "' physical type " + was + " -> " + now;
        // INT32 and FLOAT, INT64 and DOUBLE store values of one width: without ARROW:schema to say which is meant,
        // nothing in the file tells them apart (docs/reliability.md, "What only the content hash can tell")
        if (width(was) > 0 && width(was) == width(now) && !hasArrowSchema(md)) {
          allowance = Allowance.VALUES;
        }
        break;
      }
      case 7:
        cm.setTotal_compressed_size(cm.getTotal_compressed_size() + delta * (1 + r.nextInt(64)));
        what = "a chunk's total_compressed_size changed";
        break;
      case 8:
        if (cm.isSetDictionary_page_offset() && r.nextBoolean()) {
          cm.setDictionary_page_offset(cm.getDictionary_page_offset() + delta * (1 + r.nextInt(8)));
          what = "a chunk's dictionary_page_offset moved";
        } else {
          cm.setData_page_offset(cm.getData_page_offset() + delta * (1 + r.nextInt(8)));
          what = "a chunk's data_page_offset moved";
        }
        break;
      case 9: {
        CompressionCodec c = CompressionCodec.values()[r.nextInt(CompressionCodec.values().length)];
        cm.setCodec(c);
        what = "a chunk's codec " + c;
        break;
      }
      case 10:
        leaf.setName(leaf.getName() + "_renamed");
        allowance = Allowance.METADATA; // a renamed column: only the content hash tells
        what = "column '" + leaf.getName() + "' renamed";
        break;
      case 11:
        leaf.setName("");
        what = "a column's name made empty";
        break;
      case 12: {
        List<KeyValue> kv = md.getKey_value_metadata();
        if (kv == null || kv.isEmpty()) {
          return null;
        }
        KeyValue e = kv.get(r.nextInt(kv.size()));
        if (r.nextBoolean() || e.getValue() == null || e.getValue().isEmpty()) {
          kv.remove(e);
          what = "key-value entry '" + e.getKey() + "' removed";
        } else {
          char[] v = e.getValue().toCharArray();
          int at = r.nextInt(v.length);
          v[at] = (char) ('A' + r.nextInt(26));
          e.setValue(new String(v));
          what = "key-value entry '" + e.getKey() + "' changed at " + at;
        }
        allowance = Allowance.METADATA; // the declared Arrow type: a relabel of the same bits at most
        break;
      }
      case 13:
        chunk.setOffset_index_offset(chunk.isSetOffset_index_offset() ? chunk.getOffset_index_offset() : 4);
        chunk.setOffset_index_length(Integer.MAX_VALUE);
        what = "an offset index of declared length 2^31-1";
        break;
      case 14:
        if (chunk.isSetOffset_index_offset()) {
          chunk.setOffset_index_offset(chunk.getOffset_index_offset() + delta * (1 + r.nextInt(16)));
          what = "an offset index moved";
        } else {
          chunk.setColumn_index_offset(4);
          chunk.setColumn_index_length(Integer.MAX_VALUE);
          what = "a column index of declared length 2^31-1";
        }
        break;
      case 15:
        md.setSchema(deepSchema(leaves.get(0), 10_000));
        cm.setPath_in_schema(deepPath(10_000));
        what = "the schema nested 10,000 deep";
        break;
      case 16: {
        long[] big = {Integer.MAX_VALUE, 1L << 31, 1L << 40, Long.MAX_VALUE, -1, Integer.MIN_VALUE};
        long v = big[r.nextInt(big.length)];
        if (r.nextBoolean()) {
          g.setNum_rows(v);
          what = "a row group's num_rows " + v;
        } else {
          cm.setNum_values(v);
          what = "a chunk's num_values " + v;
        }
        break;
      }
      case 17: {
        SchemaElement root = md.getSchema().get(0);
        root.setNum_children(root.getNum_children() + (int) delta);
        what = "the root's num_children " + (delta > 0 ? "+1" : "-1");
        break;
      }
      case 18: {
        List<String> path = new ArrayList<>(cm.getPath_in_schema());
        path.set(path.size() - 1, path.get(path.size() - 1) + "x");
        cm.setPath_in_schema(path);
        what = "a chunk's path_in_schema changed";
        break;
      }
      default:
        cm.setTotal_uncompressed_size(cm.getTotal_uncompressed_size() * (r.nextBoolean() ? 1000 : -1));
        what = "a chunk's total_uncompressed_size changed";
    }
    ByteArrayOutputStream footer = new ByteArrayOutputStream();
    Util.writeFileMetaData(md, footer);
    ByteArrayOutputStream out = new ByteArrayOutputStream(seed.footerAt + footer.size() + 8);
    out.write(seed.bytes, 0, seed.footerAt);
    footer.writeTo(out);
    out.write(ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(footer.size()).array());
    out.write(new byte[] {'P', 'A', 'R', '1'});
    return new Mutation(Kind.FOOTER_FIELD, what, out.toByteArray(), allowance);
  }

  private static int width(Type t) {
    switch (t) {
      case INT32:
      case FLOAT:
        return 4;
      case INT64:
      case DOUBLE:
        return 8;
      default:
        return -1;
    }
  }

  private static boolean hasArrowSchema(FileMetaData md) {
    return md.getKey_value_metadata() != null
        && md.getKey_value_metadata().stream().anyMatch(kv -> "ARROW:schema".equals(kv.getKey()));
  }

  /** A schema of {@code depth} nested optional groups around {@code leaf}. */
  static List<SchemaElement> deepSchema(SchemaElement leaf, int depth) {
    List<SchemaElement> s = new ArrayList<>();
    SchemaElement root = new SchemaElement("schema");
    root.setNum_children(1);
    s.add(root);
    for (int i = 1; i < depth; i++) {
      SchemaElement g = new SchemaElement("g" + i);
      g.setRepetition_type(FieldRepetitionType.OPTIONAL);
      g.setNum_children(1);
      s.add(g);
    }
    SchemaElement l = leaf.deepCopy();
    l.setName("x");
    s.add(l);
    return s;
  }

  static List<String> deepPath(int depth) {
    List<String> p = new ArrayList<>();
    for (int i = 1; i < depth; i++) {
      p.add("g" + i);
    }
    p.add("x");
    return p;
  }

  // ---- truncation

  private static Mutation truncate(Seed seed, SplittableRandom r) {
    byte[] b = seed.bytes;
    if (r.nextBoolean() || seed.footerAt <= 4) {
      int cut = r.nextInt(b.length);
      return new Mutation(Kind.TRUNCATE, "cut to " + cut + " bytes", Arrays.copyOf(b, cut), Allowance.NONE);
    }
    // the data cut short under an intact footer: chunks then point past the data
    int cut = 4 + r.nextInt(seed.footerAt - 4);
    byte[] out = new byte[cut + b.length - seed.footerAt];
    System.arraycopy(b, 0, out, 0, cut);
    System.arraycopy(b, seed.footerAt, out, cut, b.length - seed.footerAt);
    return new Mutation(Kind.TRUNCATE, "data cut at " + cut + " under the footer", out, Allowance.NONE);
  }
}
