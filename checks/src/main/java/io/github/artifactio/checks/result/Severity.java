package io.github.artifactio.checks.result;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * How much a rule's violation matters. {@link #OFF} switches the rule off; the others order from most to least
 * severe, and a finding fails the build when its severity is at or above the goal's {@code failOn}.
 */
public enum Severity {
  ERROR,
  WARN,
  INFO,
  OFF;

  /** Reads a severity case-insensitively; anything else is a configuration error naming the allowed values. */
  public static Severity parse(String text, String where) {
    try {
      return valueOf(text.trim().toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException | NullPointerException e) {
      throw new ConfigurationException(
          where + ": severity '" + text + "' is not one of " + Arrays.stream(values()).map(Enum::name)
              .collect(Collectors.joining(", ")));
    }
  }

  /** Whether a finding of this severity reaches the threshold {@code failOn} (null: nothing fails). */
  public boolean reaches(Severity failOn) {
    return failOn != null && this != OFF && ordinal() <= failOn.ordinal();
  }

  /**
   * Reads a {@code failOn} value: a severity, or {@code NONE} (returned as null) so that nothing fails the build.
   * {@code OFF} is refused because it reads as "off" yet would fail on everything.
   */
  public static Severity parseFailOn(String text) {
    return parseFailOn(text, "failOn");
  }

  /** As {@link #parseFailOn(String)}, naming the setting {@code name} in the message. */
  public static Severity parseFailOn(String text, String name) {
    if (text != null && text.trim().equalsIgnoreCase("NONE")) {
      return null;
    }
    if (text == null || text.trim().equalsIgnoreCase("OFF")) {
      throw new ConfigurationException(name + " '" + text + "' is not one of ERROR, WARN, INFO, NONE");
    }
    try {
      return valueOf(text.trim().toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new ConfigurationException(name + " '" + text + "' is not one of ERROR, WARN, INFO, NONE");
    }
  }
}
