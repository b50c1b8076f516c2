package io.github.artifactio.checks;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.artifactio.checks.result.RuleResult;
import java.util.Objects;

/**
 * One rule's share of one range of a file's row groups: the state of a range rule (as JSON, the form a shard's
 * partial report holds it in, so that one machine's merge and a merge of shards read the same thing), or a whole
 * result (a rule said once per file, run by the file's first range; or a range rule that failed on this range), or
 * nothing (a rule said once per file, in a range that does not own the file).
 *
 * @param rule the rule's id, to name a part that does not belong where it is read
 * @param result the whole result, or null
 * @param state the range rule's state, or null
 * @param seconds what checking took, added into the file's result
 */
public record RulePart(String rule, RuleResult result, JsonNode state, double seconds) {
  public RulePart {
    Objects.requireNonNull(rule, "rule");
    if (result != null && state != null) {
      throw new IllegalArgumentException("a rule part is a result or a state, not both");
    }
  }
}
