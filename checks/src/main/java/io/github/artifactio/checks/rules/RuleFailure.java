package io.github.artifactio.checks.rules;

import io.github.artifactio.checks.result.Finding;
import io.github.artifactio.checks.result.RuleResult;
import io.github.artifactio.checks.result.Severity;
import java.util.List;

/**
 * A rule that failed inside on one file, whatever it threw (a {@code RuntimeException}, a {@code StackOverflowError},
 * an {@code OutOfMemoryError} from a size the file declares): a finding on that file, always an ERROR, so that the
 * other files are still checked and the reports are still written, and the build fails on the file rather than on an
 * internal error with nothing reported.
 */
public final class RuleFailure {
  private RuleFailure() {}

  public static RuleResult result(String file, Rule rule, Throwable t) {
    Finding f = new Finding(rule.id(), Severity.ERROR, file, null, null, null, 1, "could not be checked: " + why(t));
    return RuleResult.of(file, rule.id(), rule.severity(), "could not be checked", List.of(f));
  }

  /** What went wrong, in a sentence: the throwable's own text says little without its type. */
  public static String why(Throwable t) {
    if (t instanceof StackOverflowError) {
      return "checking it overflowed the stack (a structure nested too deep)";
    }
    if (t instanceof OutOfMemoryError) {
      return "checking it ran out of memory (" + t.getMessage() + ")";
    }
    String message = t.getMessage();
    return "the check failed with " + t.getClass().getSimpleName() + (message == null ? "" : ": " + message);
  }
}
