package io.github.artifactio.engine.internal.parquet.format;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Thrift's failures in the engine's words: a footer or page header that does not decode is reported by what is wrong
 * with it, never with Thrift's or parquet-java's text ("Socket is closed by peer." for bytes that end too soon, "can
 * not read class org.apache.parquet.format.FileMetaData: Required field 'type' was not present!"), which stays in the
 * exception's cause.
 */
public final class ThriftErrors {
  private static final Pattern REQUIRED = Pattern.compile("Required field '([^']*)' was not present");

  private ThriftErrors() {}

  /** Why the bytes are not the structure, as the end of a sentence: "... does not decode: " + this. */
  public static String describe(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      String m = String.valueOf(t.getMessage());
      Matcher required = REQUIRED.matcher(m);
      if (required.find()) {
        return "its required field '" + required.group(1) + "' is missing";
      }
      if (t instanceof java.io.EOFException || m.contains("closed by peer") || m.contains("End of file")
          || m.contains("Cannot read") || t.getClass().getSimpleName().equals("TTransportException")) {
        return "its bytes end in the middle of a field (cut short, or a wrong length)";
      }
      if (m.contains("Negative length") || m.contains("Length exceeds") || m.contains("MaxMessageSize")
          || m.contains("size limit")) {
        return "a field declares a length that is negative or longer than the bytes";
      }
    }
    return "its bytes are not Thrift-encoded Parquet metadata";
  }
}
