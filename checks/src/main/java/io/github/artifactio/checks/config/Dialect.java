package io.github.artifactio.checks.config;

/**
 * How a front end names its goals and settings in messages. The checks, their findings and the reports are the same
 * for both; only the words a user typed differ: {@code artifact-io:validate} and {@code artifact-io.failOn} in Maven,
 * {@code artifact-io validate} and {@code --fail-on} on the command line.
 */
public enum Dialect {
  /** The Maven plugin: goals {@code artifact-io:<goal>}, settings by user property. */
  MAVEN,
  /** The command line: {@code artifact-io <command>}, settings by option. */
  COMMAND_LINE;

  /** The goal as the user runs it: {@code artifact-io:validate} or {@code artifact-io validate}. */
  public String goal(String goal) {
    return this == MAVEN ? "artifact-io:" + goal : "artifact-io " + goal;
  }

  /** The setting's name as the user writes it. */
  public String name(Setting s) {
    return this == MAVEN ? s.property() : s.option();
  }

  /**
   * How to give a setting a value: {@code set artifact-io.failIfNoFiles to false}, {@code pass
   * --fail-if-no-files=false}.
   */
  public String assign(Setting s, String value) {
    return this == MAVEN ? "set " + s.property() + " to " + value : "pass " + s.option() + "=" + value;
  }

  /** What a path the user named is: Maven's {@code directory} is a folder, the command line takes files or folders. */
  public String pathNoun() {
    return this == MAVEN ? "the folder " : "the path ";
  }

  /** How to skip a goal instead of running an empty rule set, or an empty text where there is no such switch. */
  public String skipHint() {
    return this == MAVEN ? " (use artifact-io.skip to skip the goal)" : "";
  }
}
