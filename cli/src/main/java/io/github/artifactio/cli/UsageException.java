package io.github.artifactio.cli;

/** A command line that does not parse: its message (picocli's wording), then the command's usage, exit 2. */
final class UsageException extends Exception {
  private static final long serialVersionUID = 1L;

  /** The command whose usage follows the message; null for the tool's own. */
  private final transient CommandDef command;

  UsageException(String message, CommandDef command) {
    super(message);
    this.command = command;
  }

  CommandDef command() {
    return command;
  }
}
