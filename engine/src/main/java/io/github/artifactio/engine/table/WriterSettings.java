package io.github.artifactio.engine.table;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The settings a writer actually used, everything that changes the bytes of an artifact apart from its rows: recorded
 * in the footer under {@link WriteOptions#WRITER_SETTINGS_KEY} and put into the report, so that a changed content hash
 * can be explained (a new parquet-java, another cap, the plan turned off) and files from different settings are not
 * confused.
 *
 * @param layoutRevision the engine's own layout revision ({@link #LAYOUT_REVISION} when written by this engine): it
 *     changes whenever the engine writes other bytes for the same rows and settings, so a golden file or a recorded
 *     digest from an older engine is seen to come from another writer rather than to be wrong
 * @param rowGroupCap the cap of a capped writer, 0 for the uncapped layout
 * @param plainLeaves float leaves the plan wrote without a dictionary, plus every leaf of a plain column
 * @param dictionaryLimits float leaves whose dictionary page limit the plan lowered, with the limit in bytes
 * @param parquetJava the parquet-java release whose parquet-format Thrift classes wrote the page headers, page indexes
 *     and footer (the engine encodes the pages; their structures are still serialized by that library)
 */
public record WriterSettings(
    int layoutRevision,
    String codec,
    int rowGroupCap,
    int rowGroupRows,
    int pageRows,
    int pageBytes,
    int dictionaryPageBytes,
    boolean floatPlan,
    List<String> plainColumns,
    List<String> plainLeaves,
    Map<String, Integer> dictionaryLimits,
    String parquetJava) {
  /**
   * The revision this engine writes. 1: the first layout (no revision recorded). 2: float and double leaves declare
   * the type-defined column order instead of parquet-java 1.18's IEEE 754 total order, which older readers (Polars
   * 0.25) cannot parse. 3: the engine encodes its pages itself instead of through parquet-java's column writers, and
   * writes the footer itself: {@code created_by} is {@code artifact-io version 3}; every leaf's dictionary is decided
   * from each chunk's first 4,096 values (extrapolated to its page) rather than built for the first page and dropped;
   * levels are declared {@code RLE} in every page header (no {@code BIT_PACKED} for absent levels) and encoded with
   * RLE runs only where eight equal values start a group; page cuts count levels at their bit width; a float page
   * holding NaN keeps its column index (bounds of its other values, with {@code nan_counts}), which is left out only
   * when a page's values are all NaN; column chunks carry no size statistics. Values are unchanged.
   */
  public static final int LAYOUT_REVISION = 3;

  public WriterSettings {
    plainColumns = List.copyOf(plainColumns);
    plainLeaves = List.copyOf(plainLeaves);
    dictionaryLimits = java.util.Collections.unmodifiableMap(new TreeMap<>(dictionaryLimits));
  }

  /** The settings as a JSON tree, for a report ({@code report.withExtra(ArtifactReport.WRITER, ...)}). */
  public com.fasterxml.jackson.databind.JsonNode toJsonNode() {
    try {
      return new com.fasterxml.jackson.databind.ObjectMapper().readTree(toJson());
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalStateException("writer settings JSON did not parse: " + toJson(), e);
    }
  }

  /** Compact JSON with sorted keys: the footer value and the report's {@code writer} object. */
  public String toJson() {
    StringBuilder b = new StringBuilder("{");
    b.append("\"codec\":").append(q(codec));
    b.append(",\"dictionary_limits\":{");
    int i = 0;
    for (Map.Entry<String, Integer> e : dictionaryLimits.entrySet()) {
      b.append(i++ == 0 ? "" : ",").append(q(e.getKey())).append(':').append(e.getValue());
    }
    b.append('}');
    b.append(",\"dictionary_page_bytes\":").append(dictionaryPageBytes);
    b.append(",\"float_plan\":").append(floatPlan);
    b.append(",\"layout_revision\":").append(layoutRevision);
    b.append(",\"page_bytes\":").append(pageBytes);
    b.append(",\"page_rows\":").append(pageRows);
    b.append(",\"parquet_java\":").append(q(parquetJava));
    b.append(",\"plain_columns\":").append(list(plainColumns));
    b.append(",\"plain_leaves\":").append(list(plainLeaves));
    b.append(",\"row_group_cap\":").append(rowGroupCap);
    b.append(",\"row_group_rows\":").append(rowGroupRows);
    return b.append('}').toString();
  }

  private static String list(List<String> xs) {
    StringBuilder b = new StringBuilder("[");
    for (int i = 0; i < xs.size(); i++) {
      b.append(i == 0 ? "" : ",").append(q(xs.get(i)));
    }
    return b.append(']').toString();
  }

  private static String q(String s) {
    StringBuilder b = new StringBuilder("\"");
    for (char c : s.toCharArray()) {
      if (c == '"' || c == '\\') {
        b.append('\\').append(c);
      } else if (c < 0x20) {
        b.append(String.format("\\u%04x", (int) c));
      } else {
        b.append(c);
      }
    }
    return b.append('"').toString();
  }
}
