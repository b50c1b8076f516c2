package io.github.artifactio.checks.report;

import io.github.artifactio.checks.result.Finding;
import io.github.artifactio.checks.result.RuleResult;
import io.github.artifactio.checks.result.Severity;
import io.github.artifactio.checks.result.Status;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.Closeable;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Results kept on disk in a compact binary form, written once and read back as often as asked, by several readers at
 * once: what lets a merge parse its partial reports' JSON once and write its three reports from the results on two
 * threads. The results of 100,000 files took twice as long to parse from JSON as to write; read back from here they
 * cost a tenth of that.
 *
 * <p>Each result is its fields in order; a string repeated from the last result's file, or one of the first
 * {@value #TABLE} distinct strings of the rule, observed, column and reason fields (rule names, codecs, "1 row groups,
 * 10000 rows"), is written as a number, so the file is about a third of the JSON and what is held is bounded. Never
 * read by another program or version: the file is made, read and deleted by one merge.
 */
public final class ResultSpool implements Closeable {
  /** Strings remembered for back references, by the writer and by each reader: the memory a spool holds. */
  static final int TABLE = 4096;

  private static final int LITERAL = -1;
  private static final int NULL = -2;
  private static final int LAST_FILE = -3;

  private static final int BUFFER = 1 << 16;

  private final Path file;
  private boolean written;

  private ResultSpool(Path file) {
    this.file = file;
  }

  /** A spool in a new file of the system's temporary folder ({@code java.io.tmpdir}), deleted by {@link #close}. */
  public static ResultSpool create() {
    return create(Path.of(System.getProperty("java.io.tmpdir")));
  }

  /**
   * A spool in a new file of {@code dir}, deleted by {@link #close}.
   *
   * @throws UncheckedIOException naming the folder, and the option that moves it, when no file can be made there
   */
  public static ResultSpool create(Path dir) {
    try {
      return new ResultSpool(Files.createTempFile(dir, "artifact-io-results", ".spool"));
    } catch (IOException e) {
      throw new UncheckedIOException("the merge's results cannot be spooled in " + dir + " (" + e
          + "); give the JVM a writable temporary folder with -Djava.io.tmpdir=DIR", e);
    }
  }

  /** An error of reading or writing the spool, naming it. */
  private UncheckedIOException failed(String doing, IOException e) {
    return new UncheckedIOException(doing + " the merge's results spool " + file + ": " + e, e);
  }

  /** Whether a writer was closed: the results are all in and may be read. */
  public boolean written() {
    return written;
  }

  /** Writes the results, in order; closing it makes them readable. */
  public Writer writer() {
    if (written) {
      throw new IllegalStateException("a spool is written once");
    }
    try {
      return new Writer(new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(file), BUFFER)));
    } catch (IOException e) {
      throw failed("writing", e);
    }
  }

  /** Hands every result written to {@code each}, in order; several threads may each read at once. */
  public void read(ResultSink each) throws IOException {
    if (!written) {
      throw new IllegalStateException("a spool is read once written");
    }
    try (DataInputStream in = new DataInputStream(new BufferedInputStream(Files.newInputStream(file), BUFFER))) {
      Reader r = new Reader(in);
      while (true) {
        RuleResult next;
        try {
          if (!r.more()) {
            break;
          }
          next = r.result();
        } catch (IOException e) {
          throw failed("reading", e);
        }
        each.accept(next);
      }
    } catch (java.nio.file.NoSuchFileException e) {
      throw failed("reading", e);
    }
  }

  /** Takes the results a spool reads back. */
  @FunctionalInterface
  public interface ResultSink {
    void accept(RuleResult r) throws IOException;
  }

  @Override
  public void close() throws IOException {
    Files.deleteIfExists(file);
  }

  /** The writing end: one result at a time, in order. */
  public final class Writer implements Closeable {
    private final DataOutputStream out;
    private final Map<String, Integer> table = new HashMap<>();
    private String lastFile;

    private Writer(DataOutputStream out) {
      this.out = out;
    }

    public void write(RuleResult r) {
      try {
        put(r);
      } catch (IOException e) {
        throw failed("writing", e);
      }
    }

    private void put(RuleResult r) throws IOException {
      out.writeBoolean(true);
      file(r.file());
      string(r.rule());
      out.writeByte(r.severity().ordinal());
      out.writeByte(r.status().ordinal());
      string(r.observed());
      out.writeDouble(r.seconds());
      out.writeInt(r.findings().size());
      for (Finding f : r.findings()) {
        finding(f);
      }
      out.writeInt(r.suppressed().size());
      for (RuleResult.Suppressed s : r.suppressed()) {
        finding(s.finding());
        string(s.reason());
      }
    }

    private void finding(Finding f) throws IOException {
      string(f.rule());
      out.writeByte(f.severity().ordinal());
      file(f.file());
      string(f.column());
      out.writeBoolean(f.rowGroup() != null);
      if (f.rowGroup() != null) {
        out.writeInt(f.rowGroup());
      }
      out.writeBoolean(f.row() != null);
      if (f.row() != null) {
        out.writeLong(f.row());
      }
      out.writeLong(f.count());
      literal(f.detail());
    }

    private void file(String s) throws IOException {
      if (s.equals(lastFile)) {
        out.writeInt(LAST_FILE);
      } else {
        literal(s);
        lastFile = s;
      }
    }

    private void string(String s) throws IOException {
      if (s == null) {
        out.writeInt(NULL);
        return;
      }
      Integer i = table.get(s);
      if (i != null) {
        out.writeInt(i);
        return;
      }
      literal(s);
      if (table.size() < TABLE) {
        table.put(s, table.size());
      }
    }

    private void literal(String s) throws IOException {
      byte[] b = s.getBytes(StandardCharsets.UTF_8);
      out.writeInt(LITERAL);
      out.writeInt(b.length);
      out.write(b);
    }

    /** Ends the results: from now on the spool may be read. */
    @Override
    public void close() {
      try {
        out.writeBoolean(false);
        out.close();
      } catch (IOException e) {
        throw failed("writing", e);
      }
      written = true;
    }
  }

  /** The reading end, mirroring the writer's back references. */
  private static final class Reader {
    private static final Severity[] SEVERITIES = Severity.values();
    private static final Status[] STATUSES = Status.values();

    private final DataInputStream in;
    private final List<String> table = new ArrayList<>();
    private String lastFile;

    Reader(DataInputStream in) {
      this.in = in;
    }

    boolean more() throws IOException {
      return in.readBoolean();
    }

    RuleResult result() throws IOException {
      String file = file();
      String rule = string();
      Severity severity = SEVERITIES[in.readByte()];
      Status status = STATUSES[in.readByte()];
      String observed = string();
      double seconds = in.readDouble();
      int n = in.readInt();
      List<Finding> findings = new ArrayList<>(n);
      for (int i = 0; i < n; i++) {
        findings.add(finding());
      }
      int m = in.readInt();
      List<RuleResult.Suppressed> suppressed = new ArrayList<>(m);
      for (int i = 0; i < m; i++) {
        Finding f = finding();
        suppressed.add(new RuleResult.Suppressed(f, string()));
      }
      return new RuleResult(file, rule, severity, status, observed, findings, suppressed, seconds);
    }

    private Finding finding() throws IOException {
      String rule = string();
      Severity severity = SEVERITIES[in.readByte()];
      String file = file();
      String column = string();
      Integer rowGroup = in.readBoolean() ? in.readInt() : null;
      Long row = in.readBoolean() ? in.readLong() : null;
      long count = in.readLong();
      String detail = literal(in.readInt());
      return new Finding(rule, severity, file, column, rowGroup, row, count, detail);
    }

    private String file() throws IOException {
      int tag = in.readInt();
      if (tag == LAST_FILE) {
        return lastFile;
      }
      lastFile = literal(tag);
      return lastFile;
    }

    private String string() throws IOException {
      int tag = in.readInt();
      if (tag == NULL) {
        return null;
      }
      if (tag >= 0) {
        return table.get(tag);
      }
      String s = literal(tag);
      if (table.size() < TABLE) {
        table.add(s);
      }
      return s;
    }

    private String literal(int tag) throws IOException {
      if (tag != LITERAL) {
        throw new IOException("the result spool is corrupt: tag " + tag + " where a string belongs");
      }
      int length = in.readInt();
      if (length < 0) {
        throw new EOFException("the result spool is corrupt: a string of " + length + " bytes");
      }
      byte[] b = in.readNBytes(length);
      if (b.length != length) {
        throw new EOFException("the result spool is corrupt: a string of " + length + " bytes ends after " + b.length);
      }
      return new String(b, StandardCharsets.UTF_8);
    }
  }
}
