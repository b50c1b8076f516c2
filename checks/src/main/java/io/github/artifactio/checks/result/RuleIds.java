package io.github.artifactio.checks.result;

import java.util.List;

/** The rule ids of both goals, in the order the summary lists them. */
public final class RuleIds {
  public static final String STRUCTURE = "structure";
  public static final String CODEC = "codec";
  public static final String STRING_TYPE = "string-type";
  public static final String CONTRACT = "contract";
  public static final String CONTIGUOUS_IDS = "contiguous-ids";
  public static final String ASCENDING = "ascending";
  public static final String REFERENCES = "references";

  /** The rules of {@code validate}. */
  public static final List<String> VALIDATE =
      List.of(STRUCTURE, CODEC, STRING_TYPE, CONTRACT, CONTIGUOUS_IDS, ASCENDING, REFERENCES);

  public static final String MANIFEST_JSON = "manifest-json";
  public static final String MANIFEST_KEY = "manifest-key";
  public static final String MANIFEST_PATH = "manifest-path";
  public static final String MANIFEST_FORMAT = "manifest-format";
  public static final String MANIFEST_HASH = "manifest-hash";
  public static final String MANIFEST_ROWS = "manifest-rows";
  public static final String MANIFEST_SCHEMA = "manifest-schema";
  public static final String MANIFEST_REPORT = "manifest-report";
  public static final String MANIFEST_CONFIG_HASH = "manifest-config-hash";
  public static final String MANIFEST_FINGERPRINT = "manifest-fingerprint";

  /** The rules of {@code verify-manifest}. */
  public static final List<String> VERIFY_MANIFEST =
      List.of(
          MANIFEST_JSON, MANIFEST_KEY, MANIFEST_PATH, MANIFEST_FORMAT, MANIFEST_HASH, MANIFEST_ROWS, MANIFEST_SCHEMA,
          MANIFEST_REPORT, MANIFEST_CONFIG_HASH, MANIFEST_FINGERPRINT);

  public static int order(String id) {
    int i = VALIDATE.indexOf(id);
    return i >= 0 ? i : VALIDATE.size() + VERIFY_MANIFEST.indexOf(id);
  }

  private RuleIds() {}
}
