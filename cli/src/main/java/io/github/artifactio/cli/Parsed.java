package io.github.artifactio.cli;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A parsed command line: the values of its options by long name (typed here, with picocli's messages for values that
 * do not convert) and its positional parameters.
 */
final class Parsed {
  private final CommandDef command;
  private final Map<String, List<String>> values;
  private final List<String> params;

  Parsed(CommandDef command, Map<String, List<String>> values, List<String> params) {
    this.command = command;
    this.values = values;
    this.params = List.copyOf(params);
  }

  CommandDef command() {
    return command;
  }

  /** Every option given with its values, as given (what a shard records to be run again the same way). */
  Map<String, List<String>> values() {
    return values;
  }

  /** The positional parameters, in order. */
  List<String> params() {
    return params;
  }

  /** The positional parameters as paths. */
  List<Path> paths() throws UsageException {
    List<Path> out = new ArrayList<>();
    for (String p : params) {
      out.add(toPath("parameter", p));
    }
    return out;
  }

  boolean flag(String option) {
    command.option(option);
    return values.containsKey(option);
  }

  /** The last value given, else the default (null when there is none). */
  String string(String option) {
    CommandDef.Option o = command.option(option);
    List<String> v = values.get(option);
    return v == null || v.isEmpty() ? o.defaultValue() : v.get(v.size() - 1);
  }

  boolean bool(String option) {
    return Boolean.parseBoolean(string(option));
  }

  int integer(String option) throws UsageException {
    String v = string(option);
    try {
      return Integer.parseInt(v);
    } catch (NumberFormatException e) {
      throw new UsageException("Invalid value for option '" + option + "': '" + v + "' is not an int", command);
    }
  }

  /** The value as a path, or null. */
  Path path(String option) throws UsageException {
    String v = string(option);
    return v == null ? null : toPath("option '" + option + "'", v);
  }

  /** One of {@code type}'s constants, named in any case. */
  <E extends Enum<E>> E choice(String option, Class<E> type) throws UsageException {
    String v = string(option);
    for (E e : type.getEnumConstants()) {
      if (e.name().equalsIgnoreCase(v)) {
        return e;
      }
    }
    throw new UsageException("Invalid value for option '" + option + "': expected one of "
        + Arrays.toString(type.getEnumConstants()) + " (case-insensitive) but was '" + v + "'", command);
  }

  /** Every value given, in order; null when the option was not given. */
  List<String> list(String option) {
    command.option(option);
    List<String> v = values.get(option);
    return v == null ? null : List.copyOf(v);
  }

  /**
   * The arguments that parse back to these values, without the options {@code without}: how a shard records the
   * command a merge rebuilds.
   */
  List<String> invocation(java.util.Set<String> without) {
    List<String> out = new ArrayList<>();
    for (Map.Entry<String, List<String>> e : values.entrySet()) {
      if (without.contains(e.getKey())) {
        continue;
      }
      boolean flag = command.option(e.getKey()).kind() == CommandDef.Kind.FLAG;
      for (String v : e.getValue()) {
        out.add(flag ? e.getKey() : e.getKey() + "=" + v);
      }
    }
    out.add("--");
    out.addAll(params);
    return out;
  }

  /** The {@code KEY=VALUE} pairs given, in order; null when the option was not given. */
  Map<String, String> map(String option) {
    List<String> v = list(option);
    if (v == null) {
      return null;
    }
    Map<String, String> out = new LinkedHashMap<>();
    for (String kv : v) {
      int eq = kv.indexOf('=');
      out.put(kv.substring(0, eq), kv.substring(eq + 1));
    }
    return out;
  }

  /** {@code v} as a path; {@code what} names where it was given, for the message. */
  private Path toPath(String what, String v) throws UsageException {
    try {
      return Path.of(v);
    } catch (InvalidPathException e) {
      throw new UsageException("Invalid value for " + what + ": '" + v + "' is not a path ("
          + e.getReason().toLowerCase(Locale.ROOT) + ")", command);
    }
  }
}
