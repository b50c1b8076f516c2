/**
 * What a check finds, the vocabulary the rules, the reports and the gate share: a {@code Finding} (file, rule,
 * severity, message), a rule's {@code RuleResult} and {@code Status}, a goal's {@code Outcome}, the rule ids, and the
 * {@code ConfigurationException} a misconfiguration is refused with. Uses no other package of the checks.
 */
package io.github.artifactio.checks.result;
