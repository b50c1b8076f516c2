package io.github.artifactio.checks.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.artifactio.checks.result.Finding;
import io.github.artifactio.checks.result.RuleResult;
import io.github.artifactio.checks.result.Severity;
import io.github.artifactio.checks.result.Status;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The reports' text made by hand for speed (a merge writes 400,000 results) is the text of the general path: a
 * result's JSON is what Jackson's pretty printer writes of its tree, and a passing test case is what the general test
 * case writes. Random results over an alphabet of plain letters and of what must be escaped (quotes, backslashes,
 * control characters, markup, non-ASCII).
 */
class ReportTextTest {
  private static final ObjectMapper PRETTY = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
  private static final String[] PIECES = {"a", "b", "run0001/x.parquet", " ", "[", "]", "0", "9", "-", "'",
    "\"", "\\", "\n", "\t", "\u0001", "\u007f", "<", ">", "&", "é", "\u2028", "\uD83D\uDE00", "/"};
  private static final int SEEDS = 2000;

  @Test
  void a_results_json_made_by_hand_is_what_jackson_writes_of_its_tree_and_is_made_whenever_no_string_needs_escapes() {
    int byHand = 0;
    for (int seed = 0; seed < SEEDS; seed++) {
      Random r = new Random(seed);
      RuleResult x = result(r);
      String goal = r.nextInt(8) == 0 ? text(r) : "validate";
      StringBuilder b = new StringBuilder();
      boolean made = Reports.JsonReport.render(b, goal, "cli", x);
      assertEquals(plain(goal, x), made, "seed " + seed + ": " + x);
      if (made) {
        byHand++;
        assertEquals(jackson(goal, "cli", x), b.toString(), "seed " + seed + ": " + x);
      }
    }
    assertTrue(byHand > SEEDS / 4 && byHand < SEEDS, "both paths taken: " + byHand + " of " + SEEDS + " by hand");
  }

  @Test
  void a_passing_test_case_made_by_hand_is_the_general_test_case_and_nothing_else_is_made_by_hand() {
    int passing = 0;
    for (int seed = 0; seed < SEEDS; seed++) {
      Random r = new Random(seed);
      RuleResult x = result(r);
      StringBuilder b = new StringBuilder("left over");
      boolean made = Reports.JunitReport.passing(b, "artifact-io.validate", x);
      boolean expected = x.findings().isEmpty() && x.suppressed().isEmpty()
          && (x.status() == Status.PASS || x.status() == Status.WARN);
      assertEquals(expected, made, "seed " + seed);
      if (made) {
        passing++;
        assertEquals(Reports.JunitReport.testcase("artifact-io.validate", r.nextBoolean(), x), b.toString(),
            "seed " + seed + ": " + x);
      } else {
        assertEquals("", b.toString(), "nothing written for seed " + seed);
      }
    }
    assertTrue(passing > SEEDS / 10, "passing results drawn: " + passing);
  }

  @Test
  void a_string_with_a_quote_is_left_to_jackson() {
    RuleResult x = new RuleResult("a.parquet", "codec", Severity.ERROR, Status.PASS, "say \"SNAPPY\"", List.of());
    assertFalse(Reports.JsonReport.render(new StringBuilder(), "validate", "cli", x));
  }

  /** What the general path writes: the result's tree at the depth of {@code validation.json}'s results. */
  private static String jackson(String goal, String execution, RuleResult x) {
    ObjectNode n = PRETTY.createObjectNode();
    n.put("goal", goal);
    n.put("execution", execution);
    n.setAll(Reports.json(x));
    ObjectNode root = PRETTY.createObjectNode();
    root.putArray("results").add(n);
    try {
      String doc = PRETTY.writeValueAsString(root);
      int from = doc.indexOf("[ ") + 2;
      int to = doc.lastIndexOf(" ]");
      return doc.substring(from, to);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new AssertionError(e);
    }
  }

  private static boolean plain(String goal, RuleResult x) {
    List<String> all = new ArrayList<>(List.of(goal, x.file(), x.rule(), x.observed()));
    for (Finding f : x.findings()) {
      all.addAll(strings(f));
    }
    for (RuleResult.Suppressed s : x.suppressed()) {
      all.addAll(strings(s.finding()));
      all.add(s.reason());
    }
    return all.stream().allMatch(s -> s.chars().allMatch(c -> c >= 0x20 && c <= 0x7e && c != '"' && c != '\\'));
  }

  private static List<String> strings(Finding f) {
    List<String> out = new ArrayList<>(List.of(f.rule(), f.file(), f.detail(), f.message()));
    if (f.column() != null) {
      out.add(f.column());
    }
    return out;
  }

  private static RuleResult result(Random r) {
    String file = r.nextInt(3) == 0 ? text(r) : "run" + r.nextInt(1000) + "/lib.parquet";
    Status status = Status.values()[r.nextInt(Status.values().length)];
    List<Finding> findings = new ArrayList<>();
    int n = r.nextInt(4) == 0 ? 1 + r.nextInt(3) : 0;
    for (int i = 0; i < n; i++) {
      findings.add(finding(r, file));
    }
    List<RuleResult.Suppressed> suppressed = new ArrayList<>();
    if (r.nextInt(6) == 0) {
      suppressed.add(new RuleResult.Suppressed(finding(r, file), r.nextBoolean() ? "known, ticket 12" : text(r)));
    }
    return new RuleResult(file, r.nextBoolean() ? "codec" : text(r), Severity.values()[r.nextInt(3)], status,
        r.nextInt(3) == 0 ? text(r) : "1 row groups, " + r.nextInt(100000) + " rows", findings, suppressed,
        r.nextInt(1000) * 1e-4);
  }

  private static Finding finding(Random r, String file) {
    return new Finding(r.nextBoolean() ? "codec" : text(r), Severity.values()[r.nextInt(3)], file,
        r.nextBoolean() ? null : r.nextBoolean() ? "mz" : text(r), r.nextBoolean() ? null : r.nextInt(50),
        r.nextBoolean() ? null : (long) r.nextInt(1 << 30) * 7, 1 + r.nextInt(9),
        r.nextInt(3) == 0 ? text(r) : "compressed with LZ4, not one of the allowed codecs [SNAPPY]");
  }

  /** A string that needs an escape about half the time. */
  private static String text(Random r) {
    StringBuilder b = new StringBuilder();
    boolean escapes = r.nextBoolean();
    int n = 1 + r.nextInt(6);
    for (int i = 0; i < n; i++) {
      b.append(PIECES[r.nextInt(escapes ? PIECES.length : 9)]);
    }
    return b.toString();
  }
}
