package io.github.artifactio.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One command's options and parameters, declared as data: parses an argument list into {@link Parsed} and prints the
 * usage. The command line's own parser, because picocli's annotation reading, reflective converters and proxies took
 * 0.15 s of a 0.6 s {@code validate} of two small files (class loading, measured with {@code -Xlog:class+load}); this
 * one loads a handful of classes. Its rules are picocli's (and most GNU tools'): {@code --name=value} or
 * {@code --name value}; a boolean option with an optional value ({@code --fail-if-no-files},
 * {@code --fail-if-no-files=false}); a list option split on commas and repeatable; single-letter flags cluster
 * ({@code -hV}); options and parameters in any order; {@code --} ends the options. Every command has {@code -h,
 * --help} and {@code -V, --version}.
 */
final class CommandDef {
  /** How an option takes its value. */
  enum Kind {
    /** No value: present or not. */
    FLAG,
    /** An optional {@code true}/{@code false}: alone it means true. */
    BOOLEAN,
    /** One value; given twice, the last wins. */
    VALUE,
    /** Values split on commas, the option repeatable. */
    LIST,
    /** One value each time, the option repeatable. */
    REPEATED,
    /** {@code KEY=VALUE}, repeatable. */
    MAP
  }

  /** One option: its names (short and long), the label of its value, its default (as text) and its help. */
  record Option(List<String> names, Kind kind, String label, String defaultValue, boolean required,
      String description) {
    /** The long name, by which {@link Parsed} answers. */
    String key() {
      return names.get(names.size() - 1);
    }

    /** As the synopsis and the messages show it: {@code --fail-on=LEVEL}, {@code -c}. */
    String shown() {
      return switch (kind) {
        case FLAG -> key();
        case BOOLEAN -> key() + "[=" + label + "]";
        case VALUE, LIST, REPEATED, MAP -> key() + "=" + label;
      };
    }
  }

  /** The positional parameters: at least {@code min}, at most {@code max} (-1: any number). */
  record Params(String label, int min, int max, String description) {}

  static final String HELP = "--help";
  static final String VERSION = "--version";

  private final String name;
  private final String description;
  private final List<Option> options = new ArrayList<>();
  private final Map<String, Option> byName = new LinkedHashMap<>();
  private Params params;

  private CommandDef(String name, String description) {
    this.name = name;
    this.description = description;
    add(new Option(List.of("-h", HELP), Kind.FLAG, null, null, false, "Show this help message and exit."));
    add(new Option(List.of("-V", VERSION), Kind.FLAG, null, null, false, "Print version information and exit."));
  }

  static CommandDef command(String name, String description) {
    return new CommandDef(name, description);
  }

  String name() {
    return name;
  }

  Params params() {
    return params;
  }

  String description() {
    return description;
  }

  /** A flag; {@code names} is comma-separated, the long name last ({@code "-c,--check"}). */
  CommandDef flag(String names, String description) {
    return add(new Option(List.of(names.split(",")), Kind.FLAG, null, null, false, description));
  }

  /** A boolean with an optional value and a default. */
  CommandDef bool(String name, String label, boolean defaultValue, String description) {
    return add(new Option(List.of(name), Kind.BOOLEAN, label, String.valueOf(defaultValue), false, description));
  }

  /** An option with one value; {@code defaultValue} may be null. */
  CommandDef value(String names, String label, String defaultValue, String description) {
    return add(new Option(List.of(names.split(",")), Kind.VALUE, label, defaultValue, false, description));
  }

  /** An option with one value that must be given. */
  CommandDef required(String names, String label, String description) {
    return add(new Option(List.of(names.split(",")), Kind.VALUE, label, null, true, description));
  }

  /** A repeatable option whose values are also split on commas. */
  CommandDef list(String name, String label, String description) {
    return add(new Option(List.of(name), Kind.LIST, label, null, false, description));
  }

  /** A repeatable option, one value each time. */
  CommandDef repeated(String name, String label, String description) {
    return add(new Option(List.of(name), Kind.REPEATED, label, null, false, description));
  }

  /** A repeatable {@code KEY=VALUE} option. */
  CommandDef map(String name, String label, String description) {
    return add(new Option(List.of(name), Kind.MAP, label, null, false, description));
  }

  /** The positional parameters. */
  CommandDef params(String label, int min, int max, String description) {
    this.params = new Params(label, min, max, description);
    return this;
  }

  private CommandDef add(Option o) {
    options.add(o);
    for (String n : o.names()) {
      if (byName.put(n, o) != null) {
        throw new IllegalStateException("option " + n + " declared twice in " + name);
      }
    }
    return this;
  }

  /**
   * Parses {@code args}. With {@code --help} or {@code --version} anywhere, nothing else is checked (so that
   * {@code validate --help} works without a path).
   */
  Parsed parse(List<String> args) throws UsageException {
    Map<String, List<String>> values = new LinkedHashMap<>();
    List<String> positional = new ArrayList<>();
    List<Integer> positionalAt = new ArrayList<>();
    boolean optionsEnded = false;
    for (int i = 0; i < args.size(); i++) {
      String arg = args.get(i);
      if (optionsEnded || !arg.startsWith("-") || arg.equals("-")) {
        positional.add(arg);
        positionalAt.add(i);
        continue;
      }
      if (arg.equals("--")) {
        optionsEnded = true;
        continue;
      }
      int eq = arg.indexOf('=');
      String optName = arg.startsWith("--") && eq > 0 ? arg.substring(0, eq) : arg;
      String attached = arg.startsWith("--") && eq > 0 ? arg.substring(eq + 1) : null;
      Option o = byName.get(optName);
      if (o == null && !arg.startsWith("--") && arg.length() > 2) {
        // clustered single-letter flags: -hV
        List<Option> cluster = new ArrayList<>();
        for (char c : arg.substring(1).toCharArray()) {
          Option f = byName.get("-" + c);
          if (f == null || f.kind() != Kind.FLAG) {
            cluster = null;
            break;
          }
          cluster.add(f);
        }
        if (cluster != null) {
          cluster.forEach(f -> values.computeIfAbsent(f.key(), k -> new ArrayList<>()).add("true"));
          continue;
        }
      }
      if (o == null) {
        throw new UsageException("Unknown option: '" + optName + "'" + suggestion(optName), this);
      }
      List<String> into = values.computeIfAbsent(o.key(), k -> new ArrayList<>());
      switch (o.kind()) {
        case FLAG -> {
          if (attached != null) {
            throw new UsageException("option '" + o.key() + "' takes no value, but was given '" + attached + "'", this);
          }
          into.add("true");
        }
        case BOOLEAN -> {
          String v = attached;
          if (v == null && i + 1 < args.size() && isBoolean(args.get(i + 1))) {
            v = args.get(++i);
          }
          if (v != null && !isBoolean(v)) {
            throw new UsageException("Invalid value for option '" + o.key() + "': '" + v + "' is not a boolean", this);
          }
          into.add(v == null ? "true" : v.toLowerCase(Locale.ROOT));
        }
        case VALUE, LIST, REPEATED, MAP -> {
          String v = attached;
          if (v == null) {
            if (i + 1 >= args.size()) {
              throw new UsageException(
                  "Missing required parameter for option '" + o.key() + "' (" + o.label() + ")", this);
            }
            v = args.get(++i);
          }
          if (o.kind() == Kind.LIST) {
            into.addAll(List.of(v.split(",")));
          } else {
            if (o.kind() == Kind.MAP && v.indexOf('=') <= 0) {
              throw new UsageException(
                  "Value for option '" + o.key() + "' should be in KEY=VALUE format but was " + v, this);
            }
            into.add(v);
          }
        }
        default -> throw new IllegalStateException(o.kind().toString());
      }
    }
    Parsed parsed = new Parsed(this, values, positional);
    if (parsed.flag(HELP) || parsed.flag(VERSION)) {
      return parsed;
    }
    for (Option o : options) {
      if (o.required() && !values.containsKey(o.key())) {
        throw new UsageException("Missing required option: '" + o.shown() + "'", this);
      }
    }
    int max = params == null ? 0 : params.max();
    if (max >= 0 && positional.size() > max) {
      throw new UsageException(
          "Unmatched argument at index " + positionalAt.get(max) + ": '" + positional.get(max) + "'", this);
    }
    if (params != null && positional.size() < params.min()) {
      throw new UsageException("Missing required parameter: '" + params.label() + "'", this);
    }
    return parsed;
  }

  Option option(String key) {
    Option o = byName.get(key);
    if (o == null) {
      throw new IllegalArgumentException("no option " + key + " in " + name);
    }
    return o;
  }

  /** {@code "; did you mean '--x'?"} naming the closest option when a typo explains the name, else empty. */
  private String suggestion(String typed) {
    String best = null;
    int bestDistance = Integer.MAX_VALUE;
    for (String known : byName.keySet()) {
      int d = distance(typed, known);
      if (d < bestDistance) {
        best = known;
        bestDistance = d;
      }
    }
    // a typo: a letter or two off, and less than a third of the name
    return best != null && bestDistance <= 2 && bestDistance * 3 < best.length() ? "; did you mean '" + best + "'?"
        : "";
  }

  /** Edit distance (insertions, deletions, substitutions, adjacent transpositions). */
  static int distance(String a, String b) {
    int[][] d = new int[a.length() + 1][b.length() + 1];
    for (int i = 0; i <= a.length(); i++) {
      d[i][0] = i;
    }
    for (int j = 0; j <= b.length(); j++) {
      d[0][j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      for (int j = 1; j <= b.length(); j++) {
        int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
        d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
        if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
          d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
        }
      }
    }
    return d[a.length()][b.length()];
  }

  private static boolean isBoolean(String s) {
    return s.equalsIgnoreCase("true") || s.equalsIgnoreCase("false");
  }

  /** The help: synopsis, description, then every parameter and option with its description. */
  String usage(String tool) {
    StringBuilder synopsis = new StringBuilder("Usage: " + tool + " " + name + " [-hV]");
    for (Option o : options) {
      if (o.names().get(0).equals("-h") || o.names().get(0).equals("-V")) {
        continue;
      }
      String shown = o.names().size() > 1 ? String.join(", ", o.names().subList(0, o.names().size() - 1)) + ", "
          + o.shown() : o.shown();
      synopsis.append(' ').append(o.required() ? shown : "[" + shown + "]");
      if (o.kind() == Kind.LIST || o.kind() == Kind.REPEATED || o.kind() == Kind.MAP) {
        synopsis.append("...");
      }
    }
    if (params != null) {
      String p = params.label() + (params.max() == 1 ? "" : "...");
      synopsis.append(' ').append(params.min() == 0 ? "[" + p + "]" : p);
    }
    StringBuilder out = new StringBuilder(wrap(synopsis.toString(), " ".repeat(9 + tool.length() + name.length()), 0))
        .append('\n');
    out.append(wrap(description, "", 0)).append('\n');
    List<String[]> rows = new ArrayList<>();
    if (params != null) {
      rows.add(new String[] {"      " + params.label() + (params.max() == 1 ? "" : "..."), params.description()});
    }
    for (Option o : options) {
      String names = o.names().size() > 1
          ? "  " + o.names().get(0) + ", " + o.shown()
          : "      " + o.shown();
      String desc = o.description() + (o.kind() == Kind.LIST ? " (comma-separated, repeatable)"
          : o.kind() == Kind.MAP || o.kind() == Kind.REPEATED ? " (repeatable)" : "");
      rows.add(new String[] {names, desc});
    }
    for (String[] row : rows) {
      out.append(row[0]);
      int pad = DESCRIPTION_COLUMN - row[0].length();
      if (pad < 2) {
        out.append('\n');
        pad = DESCRIPTION_COLUMN;
      }
      out.append(" ".repeat(pad)).append(wrap(row[1], " ".repeat(DESCRIPTION_COLUMN), DESCRIPTION_COLUMN))
          .append('\n');
    }
    return out.toString();
  }

  private static final int DESCRIPTION_COLUMN = 26;

  /** Wraps at 80 columns text that starts at column {@code start}, continuation lines indented by {@code indent}. */
  static String wrap(String text, String indent, int start) {
    StringBuilder out = new StringBuilder();
    int col = start;
    for (String word : text.split(" ")) {
      if (col > start && col + 1 + word.length() > 80) {
        out.append('\n').append(indent);
        col = indent.length();
      } else if (col > start) {
        out.append(' ');
        col++;
      }
      out.append(word);
      col += word.length();
    }
    return out.toString();
  }
}
